import { absoluteUrl, canonicalUrl, formatPageTitle, serializeJsonLd } from "../seo"

describe("formatPageTitle", () => {
  it("adds the brand after a page title", () => {
    expect(formatPageTitle("About", "Block 94")).toBe("About | Block 94")
  })

  it("does not repeat the brand when the title already names it", () => {
    expect(formatPageTitle("Block 94 | Your Block. Your Drip.", "Block 94")).toBe("Block 94 | Your Block. Your Drip.")
    expect(formatPageTitle("Contact Block 94", "Block 94")).toBe("Contact Block 94")
  })
})

describe("absoluteUrl", () => {
  it.each([
    ["https://block94.example", "/about/", "https://block94.example/about/"],
    ["https://block94.example/", "/about/", "https://block94.example/about/"],
    ["https://block94.example//", "//about/", "https://block94.example/about/"],
    ["https://block94.example", "about/", "https://block94.example/about/"],
    ["https://block94.example", "/", "https://block94.example/"],
    ["https://block94.example", "", "https://block94.example/"],
    ["https://block94.example", "/icons/icon-512x512.png", "https://block94.example/icons/icon-512x512.png"],
  ])("joins %j and %j with exactly one slash", (siteUrl, path, expected) => {
    expect(absoluteUrl(siteUrl, path)).toBe(expected)
  })
})

describe("canonicalUrl", () => {
  const site = "https://block94.example"

  it.each([
    ["/about/", "https://block94.example/about/"],
    ["/about", "https://block94.example/about/"],
    ["/", "https://block94.example/"],
    ["", "https://block94.example/"],
    ["/about?utm_source=instagram", "https://block94.example/about/"],
    ["/about/?ref=tiktok&x=1", "https://block94.example/about/"],
    ["/contact#form", "https://block94.example/contact/"],
    ["/contact/?a=1#form", "https://block94.example/contact/"],
    ["?utm_source=x", "https://block94.example/"],
    ["#top", "https://block94.example/"],
  ])("gives one address for %j", (path, expected) => {
    expect(canonicalUrl(site, path)).toBe(expected)
  })

  it("is the same with and without a trailing slash on the site address", () => {
    expect(canonicalUrl(`${site}/`, "/privacy")).toBe(canonicalUrl(site, "/privacy/"))
  })
})

describe("serializeJsonLd", () => {
  const hostile = {
    "@context": "https://schema.org",
    name: "</script><script>alert(1)</script>",
    description: "Quotes \" and ' and \\ backslash, <!-- comment --> and ]]> & &amp;",
    separators: "line\u2028separator and paragraph\u2029separator",
    emoji: "🔥 Drop 94 👟",
    nested: [{ text: "<b>bold</b>" }, null, 94, true],
  }

  it("never writes <, > or &, so content cannot close the <script> element", () => {
    const out = serializeJsonLd(hostile)
    expect(out).not.toMatch(/[<>&]/)
    expect(out.toLowerCase()).not.toContain("</script")
  })

  it("writes no raw line or paragraph separators", () => {
    expect(serializeJsonLd(hostile)).not.toMatch(/[\u2028\u2029]/)
  })

  it("reads back as the very same object", () => {
    expect(JSON.parse(serializeJsonLd(hostile))).toEqual(hostile)
  })

  it.each(["</script><script>alert(1)</script>", '"', "'", "\u2028", "\u2029", "😀", "a & b", "<", ">"])("round-trips the string %j", (text) => {
    expect(JSON.parse(serializeJsonLd({ text }))).toEqual({ text })
  })

  it("survives being placed in a real <script> element", () => {
    document.body.innerHTML = `<script type="application/ld+json">${serializeJsonLd(hostile)}</script><p id="after">after</p>`
    const scripts = document.querySelectorAll("script")
    expect(scripts).toHaveLength(1)
    expect(JSON.parse(scripts[0].textContent ?? "")).toEqual(hostile)
    expect(document.getElementById("after")).not.toBeNull()
  })
})

import { graph, organization, webPage, website, type OrganizationFacts } from "../structured-data"
import { serializeJsonLd } from "../seo"

const facts: OrganizationFacts = {
  brand: "Block 94",
  description: "A lifestyle shop for young shoppers.",
  siteUrl: "https://block94.example/",
  email: "hello@block94.example",
  sameAs: ["https://www.instagram.com/block94", "https://twitter.com/block94"],
}

describe("organization", () => {
  it("describes the shop with absolute URLs and its social profiles", () => {
    expect(organization(facts)).toEqual({
      "@type": "Organization",
      "@id": "https://block94.example/#organization",
      name: facts.brand,
      url: facts.siteUrl,
      logo: "https://block94.example/icons/icon-512x512.png",
      description: facts.description,
      email: facts.email,
      sameAs: facts.sameAs,
    })
  })

  it("gives the same ids whether or not the site address ends with a slash", () => {
    expect(organization({ ...facts, siteUrl: "https://block94.example" })).toEqual(organization(facts))
  })
})

describe("website", () => {
  it("names the organization as publisher by its id", () => {
    const site = website(facts)
    expect(site).toEqual({
      "@type": "WebSite",
      "@id": "https://block94.example/#website",
      name: "Block 94",
      url: "https://block94.example/",
      description: "A lifestyle shop for young shoppers.",
      publisher: { "@id": "https://block94.example/#organization" },
    })
    expect(site.publisher["@id"]).toBe(organization(facts)["@id"])
  })
})

describe("webPage", () => {
  const about = { title: "About | Block 94", description: "Why 94.", url: "https://block94.example/about/" }

  it.each(["WebPage", "AboutPage", "ContactPage"] as const)("builds a %s that belongs to the website", (type) => {
    const page = webPage(type, { ...about, siteUrl: facts.siteUrl })
    expect(page).toEqual({
      "@type": type,
      name: about.title,
      description: about.description,
      url: about.url,
      isPartOf: { "@id": "https://block94.example/#website" },
    })
    expect(page.isPartOf["@id"]).toBe(website(facts)["@id"])
  })
})

describe("graph", () => {
  it("wraps the nodes in one schema.org document, in order", () => {
    const doc = graph(organization(facts), website(facts))
    expect(doc["@context"]).toBe("https://schema.org")
    expect(doc["@graph"].map((node) => (node as { "@type": string })["@type"])).toEqual(["Organization", "WebSite"])
  })

  it("survives serialisation for a <script> element with hostile content", () => {
    const doc = graph(organization({ ...facts, brand: "</script><script>alert(1)</script>" }))
    const out = serializeJsonLd(doc)
    expect(out).not.toMatch(/[<>&]/)
    expect(JSON.parse(out)).toEqual(doc)
  })
})

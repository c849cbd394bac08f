/** Metadata as search engines and link previews see it: the raw server HTML, before any JavaScript. */
import site from "../content/site.json"
import { servedSite } from "./support/state"

const { baseUrl } = servedSite()
const SITE = (process.env.SITE_URL || site.siteUrl).replace(/\/+$/, "")

const fetchHtml = async (path: string) => {
  const response = await fetch(baseUrl + path)
  return { status: response.status, html: await response.text() }
}

const meta = (html: string, attribute: "name" | "property", key: string): string | undefined =>
  new RegExp(`<meta[^>]*${attribute}="${key}"[^>]*content="([^"]*)"`).exec(html)?.[1]

const pageTitle = (html: string): string | undefined => /<title[^>]*>(.*?)<\/title>/.exec(html)?.[1]

const jsonLd = (html: string): unknown => {
  const match = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)
  return match ? JSON.parse(match[1]) : undefined
}

const PAGES = [
  { path: "/", title: "Block 94 | Your Block. Your Drip.", type: ["Organization", "WebSite"] },
  { path: "/about/", title: "About | Block 94", type: ["AboutPage"] },
  { path: "/contact/", title: "Contact | Block 94", type: ["ContactPage"] },
  { path: "/privacy/", title: "Privacy Policy | Block 94", type: ["WebPage"] },
]

describe("page metadata in the server HTML", () => {
  it.each(PAGES)("$path has its title, canonical, social tags and JSON-LD", async ({ path, title, type }) => {
    const { status, html } = await fetchHtml(path)
    expect(status).toBe(200)
    expect(html).toMatch(/<html[^>]*lang="en"/)
    expect(pageTitle(html)).toBe(title)
    expect(meta(html, "name", "description")?.length).toBeGreaterThan(50)
    expect(html).toContain(`<link rel="canonical" href="${SITE}${path}"`)
    expect(meta(html, "property", "og:title")).toBe(title)
    expect(meta(html, "property", "og:url")).toBe(`${SITE}${path}`)
    expect(meta(html, "property", "og:type")).toBe("website")
    expect(meta(html, "property", "og:site_name")).toBe("Block 94")
    expect(meta(html, "property", "og:image")).toBe(`${SITE}/social-preview.png`)
    expect(meta(html, "name", "twitter:card")).toBe("summary_large_image")
    const data = jsonLd(html) as { "@graph": Array<{ "@type": string }> }
    expect(data["@graph"].map((node) => node["@type"])).toEqual(type)
  })

  it("gives every page its own title and description", async () => {
    const pages = await Promise.all(PAGES.map(({ path }) => fetchHtml(path)))
    const titles = new Set(pages.map(({ html }) => pageTitle(html)))
    const descriptions = new Set(pages.map(({ html }) => meta(html, "name", "description")))
    expect(titles.size).toBe(PAGES.length)
    expect(descriptions.size).toBe(PAGES.length)
  })
})

describe("unknown paths", () => {
  it("answer 404 with the 404 page, marked noindex", async () => {
    const { status, html } = await fetchHtml("/no-such-page/")
    expect(status).toBe(404)
    expect(html).toContain("404 Page Not Found")
    expect(meta(html, "name", "robots")).toBe("noindex, follow")
    expect(html).not.toContain('rel="canonical"')
  })
})

describe("crawler files", () => {
  it("robots.txt points to the sitemap", async () => {
    const { status, html } = await fetchHtml("/robots.txt")
    expect(status).toBe(200)
    expect(html).toContain(`Sitemap: ${SITE}/sitemap-index.xml`)
  })

  it("the sitemap lists every real page and not the 404 page", async () => {
    const index = await fetchHtml("/sitemap-index.xml")
    expect(index.html).toContain(`${SITE}/sitemap-0.xml`)
    const { html } = await fetchHtml("/sitemap-0.xml")
    const urls = [...html.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]).sort()
    expect(urls).toEqual([`${SITE}/`, `${SITE}/about/`, `${SITE}/contact/`, `${SITE}/privacy/`])
  })

  it("serves the social preview image, icons and web manifest", async () => {
    const image = await fetch(`${baseUrl}/social-preview.png`)
    expect(image.status).toBe(200)
    const manifest = (await (await fetch(`${baseUrl}/manifest.webmanifest`)).json()) as { name: string; icons: unknown[] }
    expect(manifest.name).toBe("Block 94")
    expect(manifest.icons.length).toBeGreaterThan(0)
    const { html } = await fetchHtml("/")
    expect(html).toMatch(/<link rel="icon"/)
  })
})

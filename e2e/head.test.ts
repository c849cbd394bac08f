/** Metadata as search engines and link previews see it: the raw server HTML, before any JavaScript. */
import type { APIRequestContext } from "@playwright/test"
import site from "../content/site.json"
import { withoutTrailingSlash } from "../src/signup/site-url"
import { expect, test } from "./fixtures"
import { NO_BROWSER } from "./site"

const SITE = withoutTrailingSlash(process.env.SITE_URL || site.siteUrl)

const fetchHtml = async (request: APIRequestContext, path: string) => {
  const response = await request.get(path)
  return { status: response.status(), html: await response.text() }
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
  { path: "/drop/", title: "The Drop | Block 94", type: ["WebPage"] },
]

test.describe("page metadata in the server HTML", NO_BROWSER, () => {
  for (const { path, title, type } of PAGES) {
    test(`${path} has its title, canonical, social tags and JSON-LD`, async ({ request }) => {
      const { status, html } = await fetchHtml(request, path)
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
  }

  test("gives every page its own title and description", async ({ request }) => {
    const pages = await Promise.all(PAGES.map(({ path }) => fetchHtml(request, path)))
    const titles = new Set(pages.map(({ html }) => pageTitle(html)))
    const descriptions = new Set(pages.map(({ html }) => meta(html, "name", "description")))
    expect(titles.size).toBe(PAGES.length)
    expect(descriptions.size).toBe(PAGES.length)
  })
})

test.describe("unknown paths", NO_BROWSER, () => {
  test("answer 404 with the 404 page, marked noindex", async ({ request }) => {
    const { status, html } = await fetchHtml(request, "/no-such-page/")
    expect(status).toBe(404)
    expect(html).toContain("404 Page Not Found")
    expect(meta(html, "name", "robots")).toBe("noindex, follow")
    expect(html).not.toContain('rel="canonical"')
  })
})

test.describe("the page a referral link lands on", NO_BROWSER, () => {
  test("previews with a card of its own, a friend put you on, and stays out of search results", async ({ request }) => {
    const { status, html } = await fetchHtml(request, "/friend/?ref=ABCD1234EF")
    expect(status).toBe(200)
    expect(meta(html, "property", "og:title")).toBe("A friend put you on | Block 94")
    expect(meta(html, "name", "twitter:title")).toBe("A friend put you on | Block 94")
    expect(meta(html, "property", "og:description")).toMatch(/^A friend saved you a spot/)
    expect(meta(html, "property", "og:image")).toBe(`${SITE}/social-preview-friend.png`)
    expect(meta(html, "name", "robots")).toBe("noindex, follow")
    const image = await request.get("/social-preview-friend.png")
    expect(image.status()).toBe(200)
    expect(image.headers()["content-type"]).toBe("image/png")
    // Home keeps the site's own card.
    expect(meta((await fetchHtml(request, "/")).html, "property", "og:image")).toBe(`${SITE}/social-preview.png`)
  })
})

test.describe("crawler files", NO_BROWSER, () => {
  test("robots.txt points to the sitemap", async ({ request }) => {
    const { status, html } = await fetchHtml(request, "/robots.txt")
    expect(status).toBe(200)
    expect(html).toContain(`Sitemap: ${SITE}/sitemap-index.xml`)
  })

  test("the sitemap lists every real page and not the 404 page", async ({ request }) => {
    const index = await fetchHtml(request, "/sitemap-index.xml")
    expect(index.html).toContain(`${SITE}/sitemap-0.xml`)
    const { html } = await fetchHtml(request, "/sitemap-0.xml")
    const urls = [...html.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]).sort()
    expect(urls).toEqual([`${SITE}/`, `${SITE}/about/`, `${SITE}/contact/`, `${SITE}/drop/`, `${SITE}/privacy/`])
  })

  test("serves the social preview image, icons and web manifest", async ({ request }) => {
    const image = await request.get("/social-preview.png")
    expect(image.status()).toBe(200)
    const manifest = (await (await request.get("/manifest.webmanifest")).json()) as { name: string; icons: unknown[] }
    expect(manifest.name).toBe("Block 94")
    expect(manifest.icons.length).toBeGreaterThan(0)
    const { html } = await fetchHtml(request, "/")
    expect(html).toMatch(/<link rel="icon"/)
  })
})

import { render } from "@testing-library/react"
import { Seo } from "../Seo"

const EVIL_NAME = "x</script><script>alert(1)</script>"

const renderSeo = (noindex = false) =>
  render(<Seo title="About" description="d" pathname="/about/" noindex={noindex} structuredData={{ "@type": "WebPage", name: EVIL_NAME }} />).container

const meta = (container: HTMLElement, attribute: "name" | "property", key: string) =>
  container.querySelector(`meta[${attribute}="${key}"]`)?.getAttribute("content")

describe("Seo", () => {
  it("sets the title, description and canonical link", () => {
    const container = renderSeo()
    expect(container.querySelector("title")).toHaveTextContent("About | Block 94")
    expect(meta(container, "name", "description")).toBe("d")
    const canonical = container.querySelectorAll('link[rel="canonical"]')
    expect(canonical).toHaveLength(1)
    expect(canonical[0]).toHaveAttribute("href", "https://block94.example/about/")
    expect(container.querySelector('meta[name="robots"]')).toBeNull()
  })

  it("sets the social-preview tags", () => {
    const container = renderSeo()
    expect(meta(container, "property", "og:title")).toBe("About | Block 94")
    expect(meta(container, "property", "og:description")).toBe("d")
    expect(meta(container, "property", "og:url")).toBe("https://block94.example/about/")
    expect(meta(container, "property", "og:image")).toBe("https://block94.example/social-preview.png")
    expect(meta(container, "property", "og:type")).toBe("website")
    expect(meta(container, "property", "og:site_name")).toBe("Block 94")
    expect(meta(container, "name", "twitter:card")).toBe("summary_large_image")
  })

  it("writes structured data that cannot close its script element and reads back unchanged", () => {
    const container = renderSeo()
    const scripts = container.querySelectorAll('script[type="application/ld+json"]')
    expect(scripts).toHaveLength(1)
    const text = scripts[0].textContent ?? ""
    expect(text.toLowerCase()).not.toContain("</script")
    expect(text).not.toContain("<")
    const data = JSON.parse(text) as { "@type": string; name: string }
    expect(data).toEqual({ "@type": "WebPage", name: EVIL_NAME })
    // The hostile text stayed text: no extra script element was created.
    expect(container.querySelectorAll("script")).toHaveLength(1)
  })

  it("with noindex, keeps the page out of search results and sets no canonical link", () => {
    const container = renderSeo(true)
    const robots = meta(container, "name", "robots")
    expect(robots).toMatch(/\bnoindex\b/)
    expect(container.querySelector('link[rel="canonical"]')).toBeNull()
  })
})

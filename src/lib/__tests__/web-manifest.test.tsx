import { isWebManifestLink, linkWebManifest, WEB_MANIFEST_PATH } from "../web-manifest"

describe("the web manifest's link", () => {
  it("is told apart from the other head components, so the server HTML leaves it out", () => {
    expect(isWebManifestLink(<link rel="manifest" href={WEB_MANIFEST_PATH} crossOrigin="anonymous" />)).toBe(true)
    expect(isWebManifestLink(<link rel="icon" href="/favicon-32x32.png" />)).toBe(false)
    expect(isWebManifestLink(<meta name="theme-color" content="#0d0d0d" />)).toBe(false)
    expect(isWebManifestLink("text")).toBe(false)
  })

  it("is added to the page's head once, however often the page asks", () => {
    linkWebManifest()
    linkWebManifest()
    const links = document.head.querySelectorAll('link[rel="manifest"]')
    expect(links).toHaveLength(1)
    expect(links[0].getAttribute("href")).toBe(WEB_MANIFEST_PATH)
    expect(links[0].getAttribute("crossorigin")).toBe("anonymous")
  })
})

import { readFileSync } from "node:fs"
import { join } from "node:path"
import theme from "../../../src/theme"
import { ADMIN_LOGO_URL, adminPage } from "../admin"
import { adminLogoSvg, adminStylesheet, type BrandColors } from "../admin-brand"
import { cmsConfig } from "../cms-config"

const FONT = readFileSync(join(__dirname, "../../../static/fonts/archivo-black-caps.woff2"))
const colors: BrandColors = {
  background: String(theme.colors?.background),
  text: String(theme.colors?.text),
  primary: String(theme.colors?.primary),
  onPrimary: String(theme.colors?.onPrimary),
  subtle: String(theme.colors?.subtle),
  focus: String(theme.colors?.focus),
}

/** WCAG contrast ratio of two #rrggbb colours. */
const contrast = (one: string, two: string) => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [light, dark] = [luminance(one), luminance(two)].sort((a, b) => b - a)
  return (light + 0.05) / (dark + 0.05)
}

describe("the editors' sign-in page in the brand's look", () => {
  it("names the brand's wordmark as Decap's logo and links the page's stylesheet", () => {
    const config = cmsConfig([], { repo: "block94/site", branch: "main" }, "https://block94.example", ADMIN_LOGO_URL)
    expect(config.logo_url).toBe("/admin/logo.svg")
    expect(cmsConfig([], { repo: "block94/site", branch: "main" }, "https://block94.example")).not.toHaveProperty("logo_url")
    expect(adminPage("Block 94: edit the site")).toContain('<link rel="stylesheet" href="admin.css">')
  })

  it("sets the wordmark as the site's header does: the first word, then the rest boxed in the primary colour", () => {
    const svg = adminLogoSvg("Block 94", FONT, colors)
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(svg).toContain("<span>Block</span>")
    expect(svg).toContain(`background:${colors.primary};color:${colors.onPrimary}`)
    expect(svg).toContain(">94</span>")
    // The heading face travels inside the picture: an image loads nothing else.
    expect(svg).toContain(`data:font/woff2;base64,${FONT.toString("base64")}`)
    expect(adminLogoSvg("Kiosk", FONT, colors)).not.toContain("background:")
  })

  it("escapes the brand name", () => {
    const svg = adminLogoSvg('Fish & <Chips> "94"', FONT, colors)
    expect(svg).toContain("<span>Fish</span>")
    expect(svg).toContain("&amp; &lt;Chips&gt; &quot;94&quot;")
    expect(svg).not.toContain("<Chips>")
  })

  it("gives the sign-in page the theme's colours, its texts readable (WCAG AA)", () => {
    const css = adminStylesheet(colors)
    expect(css).toContain(`[class*="-StyledAuthenticationPage"] { background: ${colors.background}; color: ${colors.text}; }`)
    expect(css).toContain(`background: ${colors.primary}; color: ${colors.onPrimary};`)
    expect(css).toContain(`a[class*="-GoBackButtonStyle"] p { color: ${colors.subtle}; }`)
    expect(contrast(colors.text, colors.background)).toBeGreaterThanOrEqual(4.5)
    expect(contrast(colors.subtle, colors.background)).toBeGreaterThanOrEqual(4.5)
    expect(contrast(colors.onPrimary, colors.primary)).toBeGreaterThanOrEqual(4.5)
  })
})

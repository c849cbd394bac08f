/**
 * The editors' sign-in page in the brand's look: the wordmark as Decap's logo (`logo_url`) and
 * the theme's colours on the page around it. Both are written at build time from the brand name
 * in content/site.json, the theme (src/theme.ts) and the heading face, like the site's header.
 */

/** The theme colours the sign-in page uses. */
export interface BrandColors {
  background: string
  text: string
  primary: string
  onPrimary: string
  subtle: string
  focus: string
}

const escapeXml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[char] ?? char)

/**
 * The wordmark as an SVG picture: the brand's first word, then the rest boxed in the primary
 * colour and tilted, in the heading face (embedded, as a picture may load nothing else), set
 * out by HTML in the SVG so names of any length centre as they do in the site's header.
 */
export const adminLogoSvg = (brand: string, headingFont: Buffer, colors: BrandColors): string => {
  const [word, ...rest] = brand.split(" ")
  const font = `data:font/woff2;base64,${headingFont.toString("base64")}`
  const boxed =
    rest.length > 0
      ? `<span style="background:${colors.primary};color:${colors.onPrimary};padding:8px 16px;border-radius:10px;transform:rotate(-4deg)">${escapeXml(rest.join(" "))}</span>`
      : ""
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="160" viewBox="0 0 600 160" role="img" aria-label="${escapeXml(brand)}">
<title>${escapeXml(brand)}</title>
<style>@font-face{font-family:"Brand Heading";src:url(${font}) format("woff2")}</style>
<foreignObject width="600" height="160">
<div xmlns="http://www.w3.org/1999/xhtml" style="display:flex;align-items:center;justify-content:center;gap:16px;height:160px;font-family:'Brand Heading','Arial Black',Impact,sans-serif;font-size:64px;line-height:1;letter-spacing:-0.02em;text-transform:uppercase;color:${colors.text}"><span>${escapeXml(word)}</span>${boxed}</div>
</foreignObject>
</svg>
`
}

/**
 * The sign-in page's look, over Decap's own styles. Decap's styled components carry their names
 * in their class names ("css-1x2y3z-LoginButton"), which stay from release to release where the
 * generated part does not. The editor behind the sign-in keeps Decap's look.
 */
export const adminStylesheet = (colors: BrandColors): string => `/* The sign-in page in the site's colours (written at build time from src/theme.ts). */
body:has([class*="-StyledAuthenticationPage"]) { background: ${colors.background}; }
[class*="-StyledAuthenticationPage"] { background: ${colors.background}; color: ${colors.text}; }
[class*="-StyledAuthenticationPage"] [class*="-CustomIconWrapper"] img { display: block; width: 100%; height: auto; }
[class*="-StyledAuthenticationPage"] button[class*="-LoginButton"] {
  background: ${colors.primary}; color: ${colors.onPrimary}; border-radius: 999px; font-weight: 700;
  letter-spacing: 0.04em; text-transform: uppercase; box-shadow: none;
}
[class*="-StyledAuthenticationPage"] button[class*="-LoginButton"]:hover { background: ${colors.text}; color: ${colors.background}; }
[class*="-StyledAuthenticationPage"] button[class*="-LoginButton"] svg,
[class*="-StyledAuthenticationPage"] button[class*="-LoginButton"] svg path { fill: currentColor; }
[class*="-StyledAuthenticationPage"] a[class*="-GoBackButtonStyle"],
[class*="-StyledAuthenticationPage"] a[class*="-GoBackButtonStyle"] p { color: ${colors.subtle}; }
[class*="-StyledAuthenticationPage"] a[class*="-GoBackButtonStyle"] svg path { fill: ${colors.subtle}; }
[class*="-StyledAuthenticationPage"] a[class*="-GoBackButtonStyle"]:hover p { color: ${colors.text}; }
[class*="-StyledAuthenticationPage"] [class*="-NetlifyCreditIcon"] path[fill="#000"] { fill: ${colors.subtle}; }
[class*="-StyledAuthenticationPage"] :focus-visible { outline: 3px solid ${colors.focus}; outline-offset: 3px; }
`

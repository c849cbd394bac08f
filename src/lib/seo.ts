/** Pure helpers for page metadata. */
import { withoutTrailingSlash } from "../signup/site-url"

/** "About" -> "About | Block 94"; a title that already names the brand stays as it is. */
export const formatPageTitle = (title: string, brand: string): string => (title.includes(brand) ? title : `${title} | ${brand}`)

/** Absolute URL of a path on the site, with exactly one slash between the parts. */
export const absoluteUrl = (siteUrl: string, pathname: string): string => `${withoutTrailingSlash(siteUrl)}/${pathname.replace(/^\/+/, "")}`

/**
 * The canonical URL: one form for every page, with a trailing slash (the site's setting),
 * without query or hash.
 */
export const canonicalUrl = (siteUrl: string, pathname: string): string => {
  const path = pathname.split(/[?#]/)[0] || "/"
  return absoluteUrl(siteUrl, path.endsWith("/") ? path : `${path}/`)
}

/**
 * JSON-LD for a <script> element. `<`, `>` and `&` are escaped as \u sequences, which JSON
 * parsers read back as the same characters, so no content can close the script element.
 */
export const serializeJsonLd = (data: unknown): string =>
  JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")

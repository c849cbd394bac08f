/**
 * The favicon written into each page as a data URI. Browsers fetch a page's favicon while it
 * loads; on a phone that request shares the connection with the first screen's picture and
 * font, and a page with four requests in flight gets its largest picture a round trip later
 * than one with two. Inlined, the 32 px icon (about 1.3 KB) costs each page about as much and
 * needs no request. gatsby-plugin-manifest still writes the file, for anything asking for it.
 */

/** The favicon link gatsby-plugin-manifest puts in every page's head. */
export const FAVICON_LINK = '<link rel="icon" href="/favicon-32x32.png" type="image/png"/>'

/** The file that link names, in public/. */
export const FAVICON_FILE = "favicon-32x32.png"

export const faviconDataUri = (png: Buffer): string => `data:image/png;base64,${png.toString("base64")}`

/** Whether the page's favicon is already written into it. */
export const hasInlineFavicon = (html: string): boolean => html.includes('<link rel="icon" href="data:image/png;base64,')

/**
 * The page with its favicon link pointing at the icon itself. Throws when the page has no such
 * link: the manifest plugin's markup changed, and pages would fetch the icon again unnoticed.
 */
export const inlineFavicon = (html: string, png: Buffer): string => {
  if (!html.includes(FAVICON_LINK)) throw new Error(`no favicon link found to inline (${FAVICON_LINK}): did gatsby-plugin-manifest's markup change?`)
  return html.replace(FAVICON_LINK, FAVICON_LINK.replace(`/${FAVICON_FILE}`, faviconDataUri(png)))
}

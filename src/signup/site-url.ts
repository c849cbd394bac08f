/**
 * An address with no trailing slash, so paths can be appended to it: the site's (SITE_URL, or
 * site.json's `siteUrl`) for links in pages, mail and the editors' UI, and a provider's origin.
 * One rule for the browser, the build and the server.
 */
export const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, "")

/**
 * Security and caching headers for static hosts (Netlify, Cloudflare Pages and others read
 * `_headers`). Gatsby pages carry a few inline scripts, so the Content-Security-Policy allows
 * exactly those by their SHA-256 hashes instead of allowing inline scripts in general.
 */
import { createHash } from "node:crypto"

/** The text of every inline <script> that the browser executes (not JSON-LD data blocks). */
export const inlineScripts = (html: string): string[] =>
  [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = ""]) => !/\ssrc=/.test(attributes) && !/type="application\/(ld\+)?json"/.test(attributes))
    .map(([, , body]) => body)
    .filter((body) => body.trim() !== "")

export const scriptHash = (body: string): string => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`

/** Origin of an absolute URL, or null for a same-origin path like /api/signup. */
export const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

export const contentSecurityPolicy = (scriptHashes: string[], connectOrigins: string[] = []): string =>
  [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(scriptHashes)].sort().join(" ")}`.trim(),
    // emotion (theme-ui) writes <style> elements; react-toastify sets style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...connectOrigins].join(" ")}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ")

/**
 * The editors' web UI (/admin/) has a policy of its own, for its pages only: Decap CMS compiles
 * its form rules at run time (its schema validator, ajv, builds functions: 'unsafe-eval', which
 * no other page gets) and runs WebAssembly, talks to GitHub's API, shows GitHub avatars and
 * picture previews. Editing on this computer (`npm run cms`) runs under `gatsby develop`, which
 * serves no `_headers`: the built policy names no local address.
 */
export const adminContentSecurityPolicy = (connectOrigins: string[] = []): string =>
  [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://avatars.githubusercontent.com https://raw.githubusercontent.com",
    "font-src 'self' data:",
    `connect-src ${["'self'", "blob:", "https://api.github.com", ...connectOrigins].join(" ")}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ")

/**
 * The owner's page (/owner/) has a stricter policy than the site's: it talks to its own server
 * only (not to a signup provider's origin), and no form of it is ever submitted by the browser
 * (a secret typed before the page's script runs must not end up in a URL or a request body).
 */
export const ownerContentSecurityPolicy = (scriptHashes: string[]): string =>
  contentSecurityPolicy(scriptHashes)
    .split("; ")
    .map((directive) => (directive.startsWith("form-action ") ? "form-action 'none'" : directive))
    .join("; ")

export const SECURITY_HEADERS: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "Cross-Origin-Opener-Policy": "same-origin",
}

const NEVER_CACHE = "public, max-age=0, must-revalidate"
const CACHE_FOREVER = "public, max-age=31536000, immutable"

/** The headers the editors' web UI gets in place of the site's. */
const adminHeaders = (adminCsp: string): Record<string, string> => ({
  "Content-Security-Policy": adminCsp,
  // Signing in to GitHub happens in a popup that must be able to answer the page.
  "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
  "X-Robots-Tag": "noindex, nofollow",
  // Decap's files keep their names from release to release: always revalidated.
  "Cache-Control": NEVER_CACHE,
})

/** The headers the owner's page gets in place of the site's: never indexed, never cached, no referrer. */
const ownerHeaders = (ownerCsp: string): Record<string, string> => ({
  "Content-Security-Policy": ownerCsp,
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
})

/**
 * Pages that read a secret from their link (`?token=`, `?code=`): their own requests and links
 * must not carry the link to anyone as a Referer, whatever a browser's default is.
 */
export const TOKEN_PAGES = ["/waitlist/", "/confirm/", "/unsubscribe/", "/invite/"] as const

/**
 * The `_headers` file: security headers everywhere, long cache for hashed assets, none for HTML
 * and data. The /admin/ and /owner/ blocks come last and replaces the site's policy, opener policy and
 * caching there: the production server (and Netlify) let a later block win; Cloudflare Pages
 * would join both values with a comma (two policies, both enforced), so each replaced header is
 * first detached with "! Name", which removes what earlier blocks set (Netlify skips the line).
 */
export const headersFile = (csp: string, adminCsp: string = adminContentSecurityPolicy(), ownerCsp?: string): string => {
  const blocks: Array<{ path: string; headers: Record<string, string>; replaces?: boolean }> = [
    { path: "/*", headers: { "Content-Security-Policy": csp, ...SECURITY_HEADERS, "Cache-Control": NEVER_CACHE } },
    { path: "/*.js", headers: { "Cache-Control": CACHE_FOREVER } },
    { path: "/*.css", headers: { "Cache-Control": CACHE_FOREVER } },
    { path: "/static/*", headers: { "Cache-Control": CACHE_FOREVER } },
    { path: "/page-data/*", headers: { "Cache-Control": NEVER_CACHE } },
    { path: "/sw.js", headers: { "Cache-Control": NEVER_CACHE } },
    ...TOKEN_PAGES.map((page) => ({ path: `${page}*`, headers: { "Referrer-Policy": "no-referrer" }, replaces: true })),
    ...(ownerCsp ? [{ path: "/owner/*", headers: ownerHeaders(ownerCsp), replaces: true }] : []),
    { path: "/admin/*", headers: adminHeaders(adminCsp), replaces: true },
  ]
  const text = blocks.map(({ path, headers, replaces }, index) => {
    const setBefore = new Set(blocks.slice(0, index).flatMap((earlier) => Object.keys(earlier.headers)))
    const lines = Object.entries(headers).flatMap(([name, value]) => [...(replaces && setBefore.has(name) ? [`  ! ${name}`] : []), `  ${name}: ${value}`])
    return [path, ...lines].join("\n")
  })
  return `${text.join("\n\n")}\n`
}

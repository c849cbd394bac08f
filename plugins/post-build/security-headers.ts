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
 * its form rules at run time ('unsafe-eval') and runs WebAssembly, talks to GitHub's API (and to
 * decap-server on this computer when editing locally), shows GitHub avatars and picture previews.
 */
export const adminContentSecurityPolicy = (connectOrigins: string[] = []): string =>
  [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://avatars.githubusercontent.com https://raw.githubusercontent.com",
    "font-src 'self' data:",
    `connect-src ${["'self'", "blob:", "https://api.github.com", "http://localhost:*", "http://127.0.0.1:*", ...connectOrigins].join(" ")}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ")

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

/**
 * The `_headers` file: security headers everywhere, long cache for hashed assets, none for HTML
 * and data. The /admin/ block comes last, so its policy and caching replace the site's there
 * (hosts and the production server apply matching blocks in order, later ones winning).
 */
export const headersFile = (csp: string, adminCsp: string = adminContentSecurityPolicy()): string => {
  const block = (path: string, headers: Record<string, string>) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n")
  return (
    [
      block("/*", { "Content-Security-Policy": csp, ...SECURITY_HEADERS, "Cache-Control": NEVER_CACHE }),
      block("/*.js", { "Cache-Control": CACHE_FOREVER }),
      block("/*.css", { "Cache-Control": CACHE_FOREVER }),
      block("/static/*", { "Cache-Control": CACHE_FOREVER }),
      block("/page-data/*", { "Cache-Control": NEVER_CACHE }),
      block("/sw.js", { "Cache-Control": NEVER_CACHE }),
      block("/admin/*", {
        "Content-Security-Policy": adminCsp,
        // Signing in to GitHub happens in a popup that must be able to answer the page.
        "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
        "X-Robots-Tag": "noindex, nofollow",
        "Cache-Control": NEVER_CACHE,
      }),
    ].join("\n\n") + "\n"
  )
}

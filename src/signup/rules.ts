/**
 * The signup's plain rules, shared by the browser and the server. Free of zod, so the forms can
 * use them without shipping a schema library to every visitor.
 */

/** The fixed `source` of every signup from this site. */
export const SIGNUP_SOURCE = "website_signup"

/** Hidden form field that people leave empty and form-filling bots do not. */
export { HONEYPOT_FIELD } from "./honeypot"

/** The longest `consent` a request may carry: which wording of the consent box the visitor saw. */
export const MAX_CONSENT_LENGTH = 64

/**
 * Which wording of the consent box a visitor agreed to: "ui-" and a short hash (FNV-1a, 32 bits)
 * of the label as content/ui.json has it. Stored with the signup, so the owner can show what
 * each person agreed to; the wording itself lives in the history of content/ui.json.
 */
export const consentVersion = (wording: string): string => {
  let hash = 0x811c9dc5
  for (const char of wording) {
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return `ui-${hash.toString(16).padStart(8, "0")}`
}

/** RFC 5321 limit on a whole address. */
export const MAX_EMAIL_LENGTH = 254

// A local part without spaces or specials (letters of any script allowed), one @, and a domain
// of dot-separated ASCII labels ending in a top-level domain of 2+ letters or punycode.
const LOCAL_PART = /^[^\s@<>()[\]\\,;:"]+$/
const ASCII_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/
// The same names in any case: plain ASCII, which the URL parser would only lower-case.
const PLAIN_DOMAIN = new RegExp(ASCII_DOMAIN.source, "i")
// Characters a URL parser would treat as syntax or decode, never part of a domain name.
const NOT_IN_DOMAIN = /[\s%/?#:@[\]\\]/

/**
 * The domain in its ASCII form ("exämple.com" -> "xn--exmple-cua.com"), lower-cased, or null
 * when it is no domain name. Internationalised domains are converted by the URL parser, which
 * browsers and Node share.
 */
export const asciiDomain = (domain: string): string | null => {
  if (domain === "" || NOT_IN_DOMAIN.test(domain)) return null
  // Most addresses: no need for the URL parser (punycode labels still go through it, to be checked).
  if (PLAIN_DOMAIN.test(domain) && !/xn--/i.test(domain)) return domain.toLowerCase()
  // Punycode would hide a hyphen at the edge of a label ("-münchen" -> "xn---mnchen-o2a").
  if (domain.split(".").some((label) => label.startsWith("-") || label.endsWith("-"))) return null
  let hostname: string
  try {
    hostname = new URL(`http://${domain}`).hostname
  } catch {
    return null
  }
  return ASCII_DOMAIN.test(hostname) ? hostname : null
}

/** The one email rule: what the forms accept is what the endpoint accepts. */
export const isValidEmail = (email: string): boolean => {
  const trimmed = email.trim()
  if (trimmed.length === 0 || trimmed.length > MAX_EMAIL_LENGTH) return false
  const at = trimmed.lastIndexOf("@")
  const local = trimmed.slice(0, at)
  const domain = trimmed.slice(at + 1)
  if (at <= 0 || local.length > 64 || !LOCAL_PART.test(local)) return false
  if (local.startsWith(".") || local.endsWith(".") || local.includes("..")) return false
  return asciiDomain(domain) !== null
}

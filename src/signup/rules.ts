/**
 * The signup's plain rules, shared by the browser and the server. Free of zod, so the forms can
 * use them without shipping a schema library to every visitor.
 */

/** The fixed `source` of every signup from this site. */
export const SIGNUP_SOURCE = "website_signup"

/** Hidden form field that people leave empty and form-filling bots do not. */
export const HONEYPOT_FIELD = "company"

/** RFC 5321 limit on a whole address. */
export const MAX_EMAIL_LENGTH = 254

// One @, a local part without spaces, a domain of dot-separated labels ending in 2+ letters.
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/

/** The one email rule: what the forms accept is what the endpoint accepts. */
export const isValidEmail = (email: string): boolean => {
  const trimmed = email.trim()
  if (trimmed.length === 0 || trimmed.length > MAX_EMAIL_LENGTH) return false
  const [local] = trimmed.split("@")
  if (local.length > 64 || local.startsWith(".") || local.endsWith(".") || local.includes("..")) return false
  return EMAIL_PATTERN.test(trimmed)
}

/** The form of an address that the list stores and deduplicates on. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

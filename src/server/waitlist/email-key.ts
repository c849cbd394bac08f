/**
 * The key the list deduplicates on: one person, one place, however they write their address.
 * The address as typed is kept for mail; only this key decides "already on the list".
 */
import { asciiDomain } from "../../signup/rules"

/** Gmail ignores dots and "+tags" in the local part; googlemail.com is the same mailbox. */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"])

/** Large providers that deliver "name+tag@" to "name@". */
const PLUS_TAG_DOMAINS = new Set([
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "fastmail.com",
  "zoho.com",
  "yandex.com",
  "yandex.ru",
  "gmx.com",
])

const withoutPlusTag = (local: string): string => local.split("+")[0]

/** "J.Doe+drops@GoogleMail.com" -> "jdoe@gmail.com"; domains in ASCII form; the rest lower-cased. */
export const emailKey = (email: string): string => {
  const trimmed = email.trim().toLowerCase()
  const at = trimmed.lastIndexOf("@")
  const local = trimmed.slice(0, at)
  const domain = asciiDomain(trimmed.slice(at + 1)) ?? trimmed.slice(at + 1)
  if (GMAIL_DOMAINS.has(domain)) return `${withoutPlusTag(local).replace(/\./g, "")}@gmail.com`
  if (PLUS_TAG_DOMAINS.has(domain)) return `${withoutPlusTag(local)}@${domain}`
  return `${local}@${domain}`
}

/**
 * The waitlist's identifiers. A referral code is public (it is in every shared link); tokens are
 * secrets (a status link, a confirmation link) and only their SHA-256 hashes are stored, so a
 * copy of the database cannot be turned into working links.
 */
import { createHash, randomBytes, randomInt } from "node:crypto"

/** Crockford's base32: no I, L, O or U, so a code read aloud or retyped stays right. */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
export const REFERRAL_CODE_LENGTH = 10

/** 10 characters of Crockford base32 from a secure source: 50 bits, about 10^15 codes. */
export const newReferralCode = (): string =>
  Array.from({ length: REFERRAL_CODE_LENGTH }, () => CROCKFORD[randomInt(CROCKFORD.length)]).join("")

/** A code as a visitor may bring it in a link: case and the letters people confuse forgiven. */
export const normalizeReferralCode = (code: string): string | null => {
  const normalized = code.trim().toUpperCase().replace(/[IL]/g, "1").replace(/O/g, "0")
  return new RegExp(`^[${CROCKFORD}]{${REFERRAL_CODE_LENGTH}}$`).test(normalized) ? normalized : null
}

/** A 256-bit secret, URL-safe. */
export const newSecretToken = (): string => randomBytes(32).toString("base64url")

/** What is stored in place of a token. */
export const hashToken = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex")

/** Whether a string could be one of our tokens (43 base64url characters); anything else is refused unread. */
export const isTokenShape = (token: unknown): token is string => typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token)

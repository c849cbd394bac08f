/**
 * The list's identifiers, for the store, the waitlist and the drop alike. A referral code is
 * public (it is in every shared link); tokens are secrets (a status link, a confirmation link) and
 * only their SHA-256 hashes are stored, so a copy of the database cannot be turned into working links.
 */
import { hash, randomBytes } from "node:crypto"

/** Crockford's base32: no I, L, O or U, so a code read aloud or retyped stays right. */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
export const REFERRAL_CODE_LENGTH = 10

/**
 * Secure random bytes, drawn from the system 4 KiB at a time, as Node does for randomUUID: one
 * system call serves dozens of signups instead of two or three calls each. Every byte is handed
 * out once; a used block is dropped, never refilled in place, so earlier slices stay as they were.
 */
const RANDOM_BLOCK_BYTES = 4096
let randomBlock = Buffer.alloc(0)
let randomOffset = 0
const secureRandomBytes = (length: number): Buffer => {
  if (randomOffset + length > randomBlock.length) {
    randomBlock = randomBytes(RANDOM_BLOCK_BYTES)
    randomOffset = 0
  }
  randomOffset += length
  return randomBlock.subarray(randomOffset - length, randomOffset)
}

/**
 * 10 characters of Crockford base32 from a secure source: 50 bits, about 10^15 codes. One random
 * byte a character, its low 5 bits: 32 divides 256, so every character is equally likely.
 */
export const newReferralCode = (): string => {
  let code = ""
  for (const byte of secureRandomBytes(REFERRAL_CODE_LENGTH)) code += CROCKFORD[byte & 31]
  return code
}

/** A code as a visitor may bring it in a link: case and the letters people confuse forgiven. */
export const normalizeReferralCode = (code: string): string | null => {
  const normalized = code.trim().toUpperCase().replace(/[IL]/g, "1").replace(/O/g, "0")
  return new RegExp(`^[${CROCKFORD}]{${REFERRAL_CODE_LENGTH}}$`).test(normalized) ? normalized : null
}

/** A 256-bit secret, URL-safe. */
export const newSecretToken = (): string => secureRandomBytes(32).toString("base64url")

/** What is stored in place of a token. */
export const hashToken = (token: string): string => hash("sha256", token, "hex")

/** Whether a string could be one of our tokens (43 base64url characters); anything else is refused unread. */
export const isTokenShape = (token: unknown): token is string => typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token)

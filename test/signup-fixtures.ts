/**
 * A signup as the store takes it, confirmed at `at`, with the status token `status <email>`
 * (so a test can find it by that token's hash), for tests that fill a store straight through
 * its API. Anything else through `overrides`.
 */
import { hashToken } from "../src/server/keys/codes"
import { emailKey } from "../src/server/waitlist/email-key"
import type { NewSignup } from "../src/server/store/store"

export const confirmedSignup = (
  email: string,
  referralCode: string,
  referredBy: string | null = null,
  at = new Date().toISOString(),
  overrides: Partial<NewSignup> = {},
): NewSignup => ({
  email,
  emailKey: emailKey(email),
  source: "website_signup",
  timestamp: at,
  receivedAt: at,
  status: "confirmed",
  referralCode,
  referredBy,
  statusTokenHash: hashToken(`status ${email}`),
  confirmToken: null,
  attribution: null,
  consent: null,
  mail: null,
  ...overrides,
})

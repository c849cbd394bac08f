/** Sends a signup to the endpoint. Anything but a 2xx answer is a failure: a lost signup is lost data. */
import { HONEYPOT_FIELD, SIGNUP_SOURCE } from "../signup/rules"
import type { SignupRequest } from "../signup/schema"

export const SIGNUP_TIMEOUT_MS = 10_000

/** Set at build time; a static host without Functions points it at an email-list provider. */
export const signupEndpoint = (): string => process.env.GATSBY_SIGNUP_ENDPOINT || "/api/signup"

/**
 * The request body: the spec's email, source and timestamp. The trap field goes along only
 * when something filled it, so the endpoint can tell a bot (and store nothing).
 */
export const buildSignupPayload = (email: string, now: Date = new Date(), honeypot = ""): SignupRequest => ({
  email: email.trim(),
  source: SIGNUP_SOURCE,
  timestamp: now.toISOString(),
  ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}),
})

interface SendOptions {
  endpoint?: string
  timeoutMs?: number
  fetchImpl?: typeof fetch
  now?: Date
  /** What the hidden trap field holds (empty for people). */
  honeypot?: string
}

/** Resolves true on a 2xx answer; false on a network error, a timeout or any other status. */
export const sendSignup = async (email: string, options: SendOptions = {}): Promise<boolean> => {
  const { endpoint = signupEndpoint(), timeoutMs = SIGNUP_TIMEOUT_MS, fetchImpl = fetch, now, honeypot } = options
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const response = await fetchImpl(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(buildSignupPayload(email, now, honeypot)),
      signal: controller.signal,
    })
    return response.ok
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

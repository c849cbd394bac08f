/** Sends a signup to the endpoint. Anything but a 2xx answer is a failure: a lost signup is lost data. */

export const SIGNUP_SOURCE = "website_signup"
export const SIGNUP_TIMEOUT_MS = 10_000

/** Set at build time; a static host without Functions points it at an email-list provider. */
export const signupEndpoint = (): string => process.env.GATSBY_SIGNUP_ENDPOINT || "/api/signup"

export interface SignupPayload {
  email: string
  source: typeof SIGNUP_SOURCE
  timestamp: string
}

export const buildSignupPayload = (email: string, now: Date = new Date()): SignupPayload => ({
  email: email.trim(),
  source: SIGNUP_SOURCE,
  timestamp: now.toISOString(),
})

interface SendOptions {
  endpoint?: string
  timeoutMs?: number
  fetchImpl?: typeof fetch
  now?: Date
}

/** Resolves true on a 2xx answer; false on a network error, a timeout or any other status. */
export const sendSignup = async (email: string, options: SendOptions = {}): Promise<boolean> => {
  const { endpoint = signupEndpoint(), timeoutMs = SIGNUP_TIMEOUT_MS, fetchImpl = fetch, now } = options
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const response = await fetchImpl(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(buildSignupPayload(email, now)),
      signal: controller.signal,
    })
    return response.ok
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

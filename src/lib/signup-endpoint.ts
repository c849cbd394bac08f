/** Where the signup form POSTs: set at build time; a static host without Functions points it at an email-list provider. */
export const signupEndpoint = (): string => process.env.GATSBY_SIGNUP_ENDPOINT || "/api/signup"

/**
 * One of the signup service's other endpoints, beside the signup endpoint (/api/signup ->
 * /api/visit), or null when the endpoint is not the service's (a provider's form URL).
 */
export const serviceEndpoint = (name: string): string | null => {
  const signup = signupEndpoint()
  return /signup\/?$/.test(signup) ? signup.replace(/signup\/?$/, name) : null
}

// Links with real tokens to the pages people open from their email, for the bench's Lighthouse
// runs: signups made through the served site's own signup Function, their confirmation
// emails caught by a local SMTP inbox. So the status and confirmation pages are measured as a
// visitor sees them: the answer arrives from the server and fills the page.
import type { Inbox } from "../smtp-inbox"

/** The confirmation link's token in an email's text. */
export const CONFIRM_TOKEN = /\/confirm\/\?token=([A-Za-z0-9_-]+)/

export interface TokenLinks {
  /** The status page of a confirmed signup (a status link may be opened any number of times). */
  statusPath: string
  /** The confirmation page with a fresh signup's token: each is good for one confirmation. */
  confirmPath(): Promise<string>
}

const postJson = async (url: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> => {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/**
 * Makes the links against `baseUrl`, which must be served with `SMTP_URL` pointing at `inbox`
 * (double opt-in), so every signup is sent a confirmation link.
 */
export const makeTokenLinks = async (baseUrl: string, inbox: Inbox): Promise<TokenLinks> => {
  let count = 0
  const confirmationToken = async (): Promise<string> => {
    count += 1
    const email = `bench-${Date.now()}-${count}@example.com`
    const signup = await postJson(`${baseUrl}/api/signup`, { email, source: "website_signup", timestamp: new Date().toISOString() })
    if (signup.status !== 201 || signup.body.status !== "pending") {
      throw new Error(`signing up ${email} answered ${signup.status} ${JSON.stringify(signup.body)}, not a pending signup awaiting its email`)
    }
    const mail = await inbox.waitFor(email, 15_000)
    const token = CONFIRM_TOKEN.exec(mail.text ?? "")?.[1]
    if (!token) throw new Error(`no confirmation link in the email to ${email}`)
    return token
  }
  const confirmed = await postJson(`${baseUrl}/api/confirm`, { token: await confirmationToken() })
  const statusUrl = typeof confirmed.body.statusUrl === "string" ? new URL(confirmed.body.statusUrl) : null
  if (confirmed.status !== 200 || !statusUrl) throw new Error(`confirming a signup answered ${confirmed.status} ${JSON.stringify(confirmed.body)}`)
  return {
    statusPath: `${statusUrl.pathname}${statusUrl.search}`,
    confirmPath: async () => `/confirm/?token=${await confirmationToken()}`,
  }
}

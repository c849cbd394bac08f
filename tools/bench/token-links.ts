// Links with real tokens to the pages people open from their email, for the bench's Lighthouse
// runs: signups made through the served site's own signup Function, their confirmation
// emails caught by a local SMTP inbox. So the status and confirmation pages are measured as a
// visitor sees them: the answer arrives from the server and fills the page.
import { createMailer } from "../../src/server/outbox/mail/mailer"
import { inviteOne } from "../../src/server/waitlist/invitations"
import { outboxSender } from "../../src/server/runtime/runtime"
import { openEmbeddedStore } from "../../src/server/store/open-store"
import type { Inbox } from "../dev/smtp-inbox"

/** The confirmation link's token in an email's text. */
export const CONFIRM_TOKEN = /\/confirm\/#token=([A-Za-z0-9_-]+)/
/** The invitation link's code in an email's text. */
export const INVITE_CODE = /\/invite\/#code=([A-Za-z0-9_-]+)/

export interface TokenLinks {
  /** The status page of a confirmed signup (a status link may be opened any number of times). */
  statusPath: string
  /** The confirmation page with a fresh signup's token: each is good for one confirmation. */
  confirmPath(): Promise<string>
  /** The address of the confirmed signup behind the status page. */
  confirmedEmail: string
}

const postJson = async (url: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> => {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/**
 * The invitation page of a confirmed signup: invited from the served site's own store, as
 * `npm run waitlist:invite -- --email` does, its invitation sent to `inbox`, the code read from it.
 * Opening the page uses nothing up, so one link serves every run.
 */
export const invitePath = async (signupsFile: string, inbox: Inbox, email: string): Promise<string> => {
  const store = openEmbeddedStore(signupsFile, 10)
  const mailer = createMailer({ smtpUrl: inbox.url, from: "Block 94 bench <bench@block94.example>", timeoutMs: 10_000 })
  try {
    const result = await inviteOne(store, { siteUrl: "https://block94.example" }, { email, dryRun: false }, new Date())
    if (result.kind !== "wave") throw new Error(`inviting ${email} answered ${result.kind}`)
    const sender = outboxSender(store, mailer, { siteUrl: "https://block94.example", serverless: "bench" })
    await sender.deliverDue(10_000)
    await sender.stop(1_000)
    // The inbox's first mail to this address is its confirmation; the invitation came after.
    const code = inbox.messages.map((message) => INVITE_CODE.exec(message.text ?? "")?.[1]).find((found) => found !== undefined)
    if (!code) throw new Error(`no invitation link reached the inbox for ${email}`)
    return `/invite/#code=${code}`
  } finally {
    mailer.close()
    await store.close()
  }
}

/**
 * Makes the links against `baseUrl`, which must be served with `SMTP_URL` pointing at `inbox`
 * (double opt-in), so every signup is sent a confirmation link.
 */
export const makeTokenLinks = async (baseUrl: string, inbox: Inbox): Promise<TokenLinks> => {
  let count = 0
  const confirmationToken = async (email = `bench-${Date.now()}-${(count += 1)}@example.com`): Promise<string> => {
    const signup = await postJson(`${baseUrl}/api/signup`, { email, source: "website_signup", timestamp: new Date().toISOString() })
    if (signup.status !== 201 || signup.body.status !== "pending") {
      throw new Error(`signing up ${email} answered ${signup.status} ${JSON.stringify(signup.body)}, not a pending signup awaiting its email`)
    }
    const mail = await inbox.waitFor(email, 15_000)
    const token = CONFIRM_TOKEN.exec(mail.text ?? "")?.[1]
    if (!token) throw new Error(`no confirmation link in the email to ${email}`)
    return token
  }
  const invitee = `bench-invited-${Date.now()}@example.com`
  const confirmed = await postJson(`${baseUrl}/api/confirm`, { token: await confirmationToken(invitee) })
  const statusUrl = typeof confirmed.body.statusUrl === "string" ? new URL(confirmed.body.statusUrl) : null
  if (confirmed.status !== 200 || !statusUrl) throw new Error(`confirming a signup answered ${confirmed.status} ${JSON.stringify(confirmed.body)}`)
  return {
    statusPath: `${statusUrl.pathname}${statusUrl.hash}`,
    confirmPath: async () => `/confirm/#token=${await confirmationToken()}`,
    confirmedEmail: invitee,
  }
}

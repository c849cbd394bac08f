/**
 * A signup service that mails through a real SMTP inbox (tools/dev/smtp-inbox.ts) by way of the
 * outbox, wired as the server wires it and on the test's clock: the setup the mail tests share.
 */
import type { SignupFields } from "../src/signup/schema"
import { createMailer } from "../src/server/outbox/mail/mailer"
import { mailQueue, outboxSender } from "../src/server/runtime/runtime"
import type { SignupStore } from "../src/server/store/store"
import { createSignupService, type ServiceSettings, type SignupService } from "../src/server/waitlist/service"
import type { Inbox } from "../tools/dev/smtp-inbox"

export const SITE_URL = "https://block94.example"

/** The token of an email's `path` link ("/confirm/", "/waitlist/", "/unsubscribe/"); throws when there is none. */
export const linkIn = (text: string | undefined, path: string): string => {
  const match = new RegExp(`${SITE_URL}${path}#token=([A-Za-z0-9_-]+)`).exec(text ?? "")
  if (!match) throw new Error(`no ${path} link in:\n${text}`)
  return match[1]
}

/** A signup as the form sends it, typed at `at`. */
export const signupFields = (email: string, at: Date, extra: Partial<SignupFields> = {}): SignupFields => ({
  email,
  source: "website_signup",
  timestamp: at.toISOString(),
  ...extra,
})

export interface MailedService {
  sender: ReturnType<typeof outboxSender>
  /** A service over the store and this sender; `settings` beyond the site's address and a boost of 10. */
  service: (settings?: Partial<ServiceSettings>) => SignupService
  /** What the sender logged as failing: a test expects none. */
  errors: unknown[]
  /** Stops the sender (mail on its way gets 5 s) and the mailer; the store stays open. */
  close: () => Promise<void>
}

/** Wires `store` to `inbox`; the sender's clock is `now`, so a delivery happens at the time of the step that queued it. */
export const mailedService = (store: SignupStore, inbox: Inbox, now: () => Date = () => new Date()): MailedService => {
  const errors: unknown[] = []
  const mailer = createMailer({ smtpUrl: inbox.url, from: "Block 94 <drop@block94.example>" })
  const mailSettings = { siteUrl: SITE_URL, serverless: null }
  const sender = outboxSender(store, mailer, mailSettings, (_message: string, error: unknown) => errors.push(error), now)
  return {
    sender,
    service: (settings = {}) =>
      createSignupService({ store, mail: mailQueue(sender, mailSettings), settings: { siteUrl: SITE_URL, referralBoost: 10, ...settings } }),
    errors,
    async close() {
      await sender.stop(5_000)
      mailer.close()
    },
  }
}

/** One test's wiring: what `open` gave (its store and anything beside it), the mail wiring, its sender and the service. */
export type MailedTest<Opened extends { store: SignupStore }> = Opened & {
  wiring: MailedService
  sender: MailedService["sender"]
  service: SignupService
}

/**
 * For each test of the describe block it is called in: empties `inbox`, opens a store with `open` and
 * wires it to the inbox on the `now` clock; after it, closes both and expects no send to have failed.
 * The object returned holds the running test's wiring.
 */
export const mailedServiceEachTest = <Opened extends { store: SignupStore }>(
  inbox: () => Inbox,
  open: () => Promise<Opened>,
  now: () => Date,
): MailedTest<Opened> => {
  const current = {} as MailedTest<Opened>
  beforeEach(async () => {
    inbox().messages.splice(0)
    const opened = await open()
    const wiring = mailedService(opened.store, inbox(), now)
    Object.assign(current, opened, { wiring, sender: wiring.sender, service: wiring.service() })
  })
  afterEach(async () => {
    await current.wiring.close()
    await current.store.close()
    expect(current.wiring.errors).toEqual([])
  })
  return current
}

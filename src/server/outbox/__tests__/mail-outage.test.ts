// The mail server refuses connections for a minute while 200 people sign up (some twice), then
// comes back: every one of them gets exactly one confirmation, through a real SMTP server, on
// both engines. The sender's clock is the test's, so the retries of a day pass in a second.
import type { ParsedMail } from "mailparser"
import { startInbox, type Inbox } from "../../../../tools/dev/smtp-inbox"
import { freePort } from "../../../../tools/dev/serve"
import { createMailer } from "../mail/mailer"
import { RETRY_DELAYS_MS } from "../outbox"
import { mailQueue, outboxSender } from "../../runtime/runtime"
import { createSignupService } from "../../waitlist/service"
import type { SignupStore } from "../../store/store"
import { storeEngines } from "../../../../test/store-engines"

jest.setTimeout(60_000)

const SITE_URL = "https://block94.example"
const START = new Date("2026-11-22T12:00:00.000Z")
const PEOPLE = 200

const recipient = (message: ParsedMail): string => (Array.isArray(message.to) ? message.to[0] : message.to)?.value[0]?.address ?? ""

describe.each(storeEngines({ poolSize: 5 }))("mail through an SMTP outage, with %s", (_name, openStore) => {
  let store: SignupStore
  let inbox: Inbox | null = null
  afterEach(async () => {
    await inbox?.close()
    await store.close()
  })

  it("delivers exactly one confirmation to each of 200 people who signed up while the mail server was down", async () => {
    store = await openStore()
    const port = await freePort()
    let clock = START
    const failures: string[] = []
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "Block 94 <drop@block94.example>" })
    const settings = { siteUrl: SITE_URL, serverless: null }
    const sender = outboxSender(
      store,
      mailer,
      settings,
      (message) => failures.push(message),
      () => clock,
    )
    const service = createSignupService({ store, mail: mailQueue(sender, settings), settings: { siteUrl: SITE_URL, referralBoost: 10 } })
    try {
      // Nothing listens on the port: every attempt is refused.
      const emails = Array.from({ length: PEOPLE }, (_, index) => `fan${index}@example.com`)
      await Promise.all(emails.map((email) => service.join({ email, source: "website_signup", timestamp: START.toISOString() }, START)))
      // A minute of outage, during which some people try again (they are told "already subscribed").
      for (let second = 10; second <= 60; second += 10) {
        clock = new Date(START.getTime() + second * 1000)
        await service.join({ email: emails[second], source: "website_signup", timestamp: clock.toISOString() }, clock)
        await sender.deliverDue()
      }
      expect(failures.length).toBeGreaterThanOrEqual(PEOPLE)
      await expect(store.outboxHealth()).resolves.toMatchObject({ waiting: PEOPLE, failed: 0, lastError: expect.stringContaining("ECONNREFUSED") })

      inbox = await startInbox(port)
      // Time passes as it would: every retry comes due within the schedule's first hours.
      for (const delay of RETRY_DELAYS_MS.slice(0, 4)) {
        clock = new Date(clock.getTime() + delay * 1.25)
        await sender.deliverDue()
      }
      const received = inbox.messages
      expect(new Set(received.map(recipient))).toEqual(new Set(emails))
      // Exactly one each: a repeat could only be a send cut off mid-way, and would carry the same Message-ID.
      const idsByRecipient = new Map<string, Set<string>>()
      for (const message of received) idsByRecipient.set(recipient(message), (idsByRecipient.get(recipient(message)) ?? new Set()).add(message.messageId ?? ""))
      expect([...idsByRecipient.values()].every((ids) => ids.size === 1)).toBe(true)
      expect(received).toHaveLength(PEOPLE)
      expect(received.every((message) => message.subject === "Confirm your spot on the Block 94 list")).toBe(true)
      await expect(store.outboxHealth()).resolves.toEqual({ waiting: 0, failed: 0, lastError: null })
    } finally {
      await sender.stop(1_000)
      mailer.close()
    }
  })
})

// A receiving server refuses an address for good (550 at RCPT TO) through a real SMTP server:
// the address is suppressed at once, gets no more mail, is removed from the owner's email tool
// and listed for the owner. A temporary refusal (452) keeps the retry schedule. The log says what
// failed by code, never the address or the receiving server's words. Both engines.
import { startFakeApi, type FakeApi } from "../../../../test/provider-api"
import { startInbox, type Inbox } from "../../../../tools/dev/smtp-inbox"
import { createMailer, type Mailer } from "../mail/mailer"
import { createLoopsProvider } from "../providers/loops"
import type { OutboxSender } from "../outbox"
import { logError, mailQueue, outboxSender } from "../../runtime/runtime"
import { createSignupService, type SignupService } from "../../waitlist/service"
import type { SignupStore } from "../../store/store"
import { storeEngines } from "../../../../test/store-engines"

const SITE_URL = "https://block94.example"
const START = new Date("2026-11-22T12:00:00.000Z")
const MINUTE = 60_000
const fields = (email: string) => ({ email, source: "website_signup" as const, timestamp: START.toISOString() })

describe.each(storeEngines({ events: true }))("hard bounces, with %s", (_name, openStore) => {
  let store: SignupStore
  let inbox: Inbox
  let api: FakeApi
  let mailer: Mailer
  let sender: OutboxSender
  let service: SignupService
  let clock = START
  const failures: string[] = []

  beforeEach(async () => {
    clock = START
    store = await openStore()
    inbox = await startInbox(0, {
      "gone@example.com": "550 5.1.1 <gone@example.com>: Recipient address rejected: User unknown",
      "full@example.com": "452 4.2.2 Mailbox full",
    })
    api = await startFakeApi()
    mailer = createMailer({ smtpUrl: inbox.url, from: "Block 94 <drop@block94.example>" })
    const settings = { siteUrl: SITE_URL, serverless: "a test" }
    sender = outboxSender(
      store,
      mailer,
      settings,
      (message) => failures.push(message),
      () => clock,
      { provider: createLoopsProvider({ apiKey: "loops-key", apiUrl: api.url }) },
    )
    service = createSignupService({
      store,
      mail: mailQueue(sender, settings),
      events: mailQueue(sender, settings),
      settings: { siteUrl: SITE_URL, referralBoost: 10 },
    })
  })
  afterEach(async () => {
    await sender.stop(5_000)
    mailer.close()
    await store.close()
    await inbox.close()
    await api.close()
  })

  it("suppresses an address refused for good at once, sends it nothing more, and tells the owner and the email tool", async () => {
    api.answer({ status: 200, body: { success: true, message: "Contact deleted." } })
    for (const email of ["gone@example.com", "full@example.com", "fine@example.com"]) await service.join(fields(email), START)
    await sender.deliverDue()

    // The good address got its confirmation; the refused ones were each tried once.
    expect(inbox.messages.map((message) => JSON.stringify(message.to))).toEqual([expect.stringContaining("fine@example.com")])
    expect(inbox.refused.sort()).toEqual(["full@example.com", "gone@example.com"])
    const summary = await store.ownerSummary(clock, { days: 1, limit: 10 })
    expect(summary.hardBounces).toEqual({
      total: 1,
      rows: [{ email: "gone@example.com", at: START.toISOString(), reason: expect.stringContaining("550 5.1.1") }],
    })
    // Given up at once, not retried for a day and a half; the full mailbox waits for its retry.
    expect(await store.outboxHealth()).toMatchObject({ waiting: 1, failed: 1 })
    // The email tool was told to remove the address.
    expect(api.requests).toEqual([expect.objectContaining({ method: "POST", path: "/api/v1/contacts/delete", body: { email: "gone@example.com" } })])

    // Asking for the link again sends nothing to it; the full mailbox is tried again and still only deferred.
    clock = new Date(START.getTime() + 10 * MINUTE)
    await service.resend("gone@example.com", clock)
    await sender.deliverDue()
    expect(inbox.refused.filter((address) => address === "gone@example.com")).toHaveLength(1)
    expect(inbox.refused.filter((address) => address === "full@example.com")).toHaveLength(2)
    expect((await store.ownerSummary(clock, { days: 1, limit: 10 })).hardBounces.total).toBe(1)
    expect(failures.some((line) => line.includes("given up"))).toBe(true)
    expect(api.requests).toHaveLength(1)
  })

  it("logs codes and ids for a bounce and a provider's error, never the address or the servers' words, which the owner finds in the outbox", async () => {
    // The email tool refuses the removal with a body naming the address, as providers do.
    api.answer({ status: 400, body: { success: false, message: "Contact gone@example.com is on a suppression list" } })
    const lines: string[] = []
    const logged = jest.spyOn(console, "error").mockImplementation((...words: unknown[]) => void lines.push(words.map(String).join(" ")))
    try {
      // The server's own log (logError), through a sender of its own.
      const settings = { siteUrl: SITE_URL, serverless: "a test" }
      const loggingSender = outboxSender(store, mailer, settings, logError, () => clock, {
        provider: createLoopsProvider({ apiKey: "loops-key", apiUrl: api.url }),
      })
      const queue = mailQueue(loggingSender, settings)
      await createSignupService({ store, mail: queue, events: queue, settings: { siteUrl: SITE_URL, referralBoost: 10 } }).join(
        fields("gone@example.com"),
        START,
      )
      await loggingSender.deliverDue()
      await loggingSender.deliverDue()
      await loggingSender.stop(5_000)
    } finally {
      logged.mockRestore()
    }
    expect(lines).toEqual([
      expect.stringMatching(/^outbox: confirmation \S+ failed \(attempt 1, given up\) AddressRefused smtp 550 5\.1\.1$/),
      expect.stringMatching(/^outbox: provider \S+ failed \(attempt 1, given up\) GiveUp ProviderRejectedError http 400$/),
    ])
    for (const line of lines) expect(line).not.toMatch(/gone@|Recipient address rejected|suppression list/)
    // The words stay where the owner reads them: the hard bounce and the outbox's last error.
    expect((await store.ownerSummary(clock, { days: 1, limit: 10 })).hardBounces.rows[0].reason).toContain("<gone@example.com>: Recipient address rejected")
    expect((await store.outboxHealth()).lastError).toContain("suppression list")
  })
})

// Signed webhooks and the email provider, end to end on both engines: a real store recording
// list events, the outbox's sender fanning them out, a real HTTP receiver on 127.0.0.1 verifying
// every delivery with the `standardwebhooks` package's own verify(), and a small real email
// provider behind a local HTTP server. The sender's clock is the test's, so days pass in a second;
// signatures carry the real time, which the receiver checks.
import { mkdtempSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startWebhookReceiver, testWebhookSecret, type WebhookReceiver } from "../../../../../tools/dev/webhook-receiver"
import { ProviderBusyError, ProviderRejectedError, type EmailProvider, type ProviderContact } from "../../providers/provider"
import { RETRY_SCHEDULES, type OutboxSender } from "../../outbox"
import { outboxSender } from "../../../runtime/runtime"
import { formatWebhookHealth } from "../../../waitlist/stats"
import { openEmbeddedStore } from "../../../store/open-store"
import type { NewSignup, SignupStore } from "../../../store/store"
import { hashToken } from "../../../keys/codes"
import { storeEngines } from "../../../../../test/store-engines"
import { confirmedSignup } from "../../../../../test/signup-fixtures"

jest.setTimeout(60_000)

const START = new Date("2026-11-22T12:00:00.000Z")
const DAY = 24 * 60 * 60 * 1000
const SETTINGS = { siteUrl: "https://block94.example", serverless: null }

let counter = 0
const signup = (email: string, overrides: Partial<NewSignup> = {}): NewSignup => {
  counter += 1
  return confirmedSignup(email, `H${String(counter).padStart(9, "0")}`, null, START.toISOString(), {
    emailKey: email.toLowerCase(),
    consent: "v1",
    ...overrides,
  })
}

const pending = (email: string, overrides: Partial<NewSignup> = {}): NewSignup =>
  signup(email, {
    status: "pending",
    confirmToken: { hash: hashToken(`confirm ${email}`), expiresAt: new Date(START.getTime() + 2 * DAY).toISOString() },
    mail: {
      kind: "confirmation",
      payload: { to: email, link: `https://block94.example/confirm/#token=${email}` },
      unsubscribeTokenHash: hashToken(`unsubscribe ${email}`),
    },
    ...overrides,
  })

const codeOf = (result: Awaited<ReturnType<SignupStore["add"]>>): string => {
  if (result.kind === "suppressed") throw new Error("suppressed")
  return result.signup.referralCode
}

interface ProviderCall {
  method: string
  path: string
  body: unknown
}

/**
 * A small email provider of our own, over HTTP to a local server: PUT /contacts upserts, DELETE
 * /contacts/<email> removes; 429 (with Retry-After) means busy, 400 a rejected address.
 */
const startProvider = async () => {
  const calls: ProviderCall[] = []
  const answers: Array<{ status: number; retryAfter?: string }> = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8")
      calls.push({ method: request.method ?? "", path: request.url ?? "", body: text ? (JSON.parse(text) as unknown) : null })
      const answer = answers.shift() ?? { status: 200 }
      response.writeHead(answer.status, answer.retryAfter ? { "retry-after": answer.retryAfter } : {}).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const call = async (method: string, path: string, body?: unknown): Promise<void> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (response.ok) return
    if (response.status === 429) throw new ProviderBusyError("429 Too Many Requests", Number(response.headers.get("retry-after") ?? "0") * 1000 || null)
    if (response.status === 400) throw new ProviderRejectedError("400 the address was rejected")
    throw new Error(`answered ${response.status}`)
  }
  const provider: EmailProvider = {
    name: "loops",
    upsert: (contact: ProviderContact) => call("PUT", "/contacts", contact),
    remove: (email: string) => call("DELETE", `/contacts/${encodeURIComponent(email)}`),
  }
  return { provider, calls, answers, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

describe.each(storeEngines({ events: true }))("list events with %s", (_name, openStore) => {
  let store: SignupStore
  let receiver: WebhookReceiver
  let clock: Date
  let sender: OutboxSender
  let providerServer: Awaited<ReturnType<typeof startProvider>>
  const failures: string[] = []

  beforeEach(async () => {
    store = await openStore()
    const secret = testWebhookSecret()
    receiver = await startWebhookReceiver(secret)
    providerServer = await startProvider()
    clock = START
    failures.length = 0
    sender = outboxSender(
      store,
      null,
      SETTINGS,
      (message) => failures.push(message),
      () => clock,
      {
        webhooks: { urls: [receiver.url], secret, allowPrivate: true },
        provider: providerServer.provider,
      },
    )
  })
  afterEach(async () => {
    await sender.stop(1_000)
    await receiver.stop()
    await providerServer.close()
    await store.close()
  })
  const later = async (ms: number): Promise<void> => {
    clock = new Date(clock.getTime() + ms)
    await sender.deliverDue()
  }

  it("delivers every event it records, signed and verified, and keeps the email provider in step", async () => {
    const ana = await store.add(signup("ana@example.com", { attribution: { source: "tiktok", campaign: "drop" } }))
    await store.add(signup("ben@example.com", { referredBy: codeOf(ana) }))
    await store.add(pending("cy@example.com", { referredBy: codeOf(ana) }))
    await sender.deliverDue()
    clock = new Date(START.getTime() + 60_000)
    await store.confirm(hashToken("confirm cy@example.com"), clock)
    await store.erase({ token: "status", hash: hashToken("status ben@example.com") }, clock)
    await sender.deliverDue()

    const received = receiver.deliveries
    expect(received.every((delivery) => delivery.verified)).toBe(true)
    expect(new Set(received.map((delivery) => delivery.body.type))).toEqual(
      new Set(["signup.created", "signup.confirmed", "referral.confirmed", "signup.left"]),
    )
    // Sent side by side, so in any order: sorted by signup, then by count.
    const of = (type: string) =>
      received
        .filter((delivery) => delivery.body.type === type)
        .map((delivery) => delivery.body.data)
        .sort((a, b) => String(a.id).localeCompare(String(b.id)) || Number(a.referrals) - Number(b.referrals))
    expect(of("signup.created")).toEqual([
      {
        id: "sig_1",
        email: "ana@example.com",
        status: "confirmed",
        source: "website_signup",
        attribution: { source: "tiktok", campaign: "drop" },
        createdAt: START.toISOString(),
      },
      { id: "sig_2", email: "ben@example.com", status: "confirmed", source: "website_signup", attribution: null, createdAt: START.toISOString() },
      { id: "sig_3", email: "cy@example.com", status: "pending", source: "website_signup", attribution: null, createdAt: START.toISOString() },
    ])
    expect(of("signup.confirmed")).toEqual([
      expect.objectContaining({ id: "sig_1", email: "ana@example.com", position: 1, total: 1, referrals: 0, referralCode: codeOf(ana) }),
      expect.objectContaining({ id: "sig_2", email: "ben@example.com", position: 2, total: 2, referrals: 0 }),
      expect.objectContaining({ id: "sig_3", email: "cy@example.com", position: 3, total: 3, referrals: 0 }),
    ])
    expect(of("referral.confirmed")).toEqual([
      { id: "sig_1", email: "ana@example.com", referrals: 1, position: 1, referredId: "sig_2" },
      { id: "sig_1", email: "ana@example.com", referrals: 2, position: 1, referredId: "sig_3" },
    ])
    // Leaving: an id, nothing else.
    expect(received.filter((delivery) => delivery.body.type === "signup.left").map((delivery) => delivery.raw)).toEqual([
      expect.stringMatching(/^\{"type":"signup\.left","timestamp":"[^"]+","data":\{"id":"sig_2"\}\}$/),
    ])
    // Each event once, under its own id.
    expect(new Set(received.map((delivery) => delivery.id)).size).toBe(received.length)

    // The email provider: confirmed people added with their place, referrals and attribution; ben removed.
    const upserts = providerServer.calls.filter((call) => call.method === "PUT").map((call) => call.body as ProviderContact)
    expect(upserts.find((contact) => contact.email === "ana@example.com")).toMatchObject({ source: "tiktok", campaign: "drop", referralCode: codeOf(ana) })
    // Sent as they are when it goes out: ben has left by then, so ana is back to one referral.
    expect(upserts.filter((contact) => contact.email === "ana@example.com").at(-1)).toMatchObject({ referrals: 1, position: 1 })
    const benCalls = providerServer.calls.filter(
      (call) => call.path === "/contacts/ben%40example.com" || (call.body as ProviderContact | null)?.email === "ben@example.com",
    )
    expect(benCalls.map((call) => call.method)).toEqual(["PUT", "DELETE"])
    // Without a mailer, cy's confirmation email was never attempted: it waits for SMTP.
    await expect(store.outboxHealth()).resolves.toEqual({ waiting: 1, failed: 0, lastError: null })
    expect(failures).toEqual([])
  })

  it("delivers an event again after the receiver answered 500, under the same id", async () => {
    receiver.answerWith(500)
    await store.add(signup("ana@example.com"))
    await sender.deliverDue()
    const attempted = (from: number) =>
      receiver.deliveries
        .slice(from)
        .map((delivery) => [delivery.body.type, delivery.status, delivery.verified])
        .sort()
    expect(attempted(0)).toEqual([
      ["signup.confirmed", 500, true],
      ["signup.created", 500, true],
    ])
    await expect(store.webhookHealth()).resolves.toMatchObject({ waiting: 2, failed: 0 })
    receiver.answerWith(200)
    // Not before the schedule's first wait (5 s, spread by up to 20 %)...
    await later(3_000)
    expect(receiver.deliveries).toHaveLength(2)
    await later(RETRY_SCHEDULES.webhook[0])
    expect(attempted(2)).toEqual([
      ["signup.confirmed", 200, true],
      ["signup.created", 200, true],
    ])
    const idsOf = (from: number, to: number) =>
      receiver.deliveries
        .slice(from, to)
        .map((delivery) => delivery.id)
        .sort()
    expect(idsOf(2, 4)).toEqual(idsOf(0, 2))
    await expect(store.webhookHealth()).resolves.toEqual({
      waiting: 0,
      failed: 0,
      endpoints: [{ url: receiver.url, failingSince: null, disabledAt: null, disabledReason: null }],
    })
  })

  it("disables an endpoint that answers 410, and attempts nothing more there", async () => {
    receiver.answerWith(410)
    await store.add(signup("ana@example.com"))
    await sender.deliverDue()
    // Both were on their way at once; 410 gives each up at once, with no retry.
    expect(receiver.deliveries).toHaveLength(2)
    const health = await store.webhookHealth()
    expect(health).toMatchObject({ waiting: 0, failed: 2, endpoints: [{ url: receiver.url, disabledReason: "answered 410 Gone" }] })
    expect(formatWebhookHealth(health)).toContain(`DISABLED ${receiver.url}`)
    // Later events are given up on without an attempt.
    receiver.answerWith(200)
    await store.add(signup("ben@example.com"))
    await later(DAY)
    expect(receiver.deliveries).toHaveLength(2)
    await expect(store.outboxHealth()).resolves.toMatchObject({ waiting: 0, failed: 4, lastError: expect.stringContaining("was disabled") })
  })

  it("disables an endpoint that has failed for three days without a success", async () => {
    receiver.answerWith(503)
    await store.add(signup("ana@example.com"))
    await sender.deliverDue()
    await expect(store.webhookEndpoint(receiver.url)).resolves.toMatchObject({ failingSince: START.toISOString(), disabledAt: null })
    // Every retry of a day fails; the endpoint is failing, not yet disabled.
    for (const wait of RETRY_SCHEDULES.webhook) await later(wait * 1.25)
    await expect(store.webhookEndpoint(receiver.url)).resolves.toMatchObject({ failingSince: START.toISOString(), disabledAt: null })
    expect(formatWebhookHealth(await store.webhookHealth())).toContain(`failing ${receiver.url}`)
    // Three days on, a new event fails too: the endpoint is disabled.
    clock = new Date(START.getTime() + 3 * DAY)
    await store.add(signup("ben@example.com", { receivedAt: clock.toISOString() }))
    const attempts = receiver.deliveries.length
    await sender.deliverDue()
    expect(receiver.deliveries).toHaveLength(attempts + 2)
    const endpoint = await store.webhookEndpoint(receiver.url)
    expect(endpoint).toMatchObject({ disabledAt: clock.toISOString(), disabledReason: expect.stringContaining(`failing since ${START.toISOString()}`) })
  })

  it("a success in between means the endpoint is no longer failing", async () => {
    receiver.answerWith(503)
    await store.add(signup("ana@example.com"))
    await sender.deliverDue()
    receiver.answerWith(200)
    await later(RETRY_SCHEDULES.webhook[0] * 1.25)
    await expect(store.webhookEndpoint(receiver.url)).resolves.toMatchObject({ failingSince: null, disabledAt: null })
  })

  it("never sends a receiver an event with the data of someone erased before it went out", async () => {
    // Erased before the sender ran: their events go with them.
    await store.add(signup("gone@example.com"))
    await store.erase({ emailKey: "gone@example.com" }, START)
    // Erased after the fan-out, while the receiver was down: the webhook messages go with them too.
    await store.add(signup("later@example.com"))
    await receiver.stop()
    await sender.deliverDue()
    // gone's signup.left, later's signup.created and signup.confirmed
    await expect(store.webhookHealth()).resolves.toMatchObject({ waiting: 3 })
    await store.erase({ token: "status", hash: hashToken("status later@example.com") }, START)
    await receiver.start()
    await later(DAY)
    const received = receiver.deliveries
    expect(received.every((delivery) => delivery.verified)).toBe(true)
    expect(received.map((delivery) => delivery.body)).toEqual([
      expect.objectContaining({ type: "signup.left", data: { id: "sig_1" } }),
      expect.objectContaining({ type: "signup.left", data: { id: "sig_2" } }),
    ])
    expect(received.some((delivery) => delivery.raw.includes("@example.com"))).toBe(false)
    // The provider never had gone's details, and was told to remove both (which needs the address).
    expect(providerServer.calls.some((call) => (call.body as ProviderContact | null)?.email === "gone@example.com")).toBe(false)
    expect(providerServer.calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual([
      "/contacts/gone%40example.com",
      "/contacts/later%40example.com",
    ])
  })

  it("waits as long as a busy email provider asks, and gives up at once on a rejected address", async () => {
    providerServer.answers.push({ status: 429, retryAfter: "3600" })
    await store.add(signup("ana@example.com"))
    await sender.deliverDue()
    expect(providerServer.calls).toHaveLength(1)
    // The schedule alone would try again within 12 s; the provider asked for an hour.
    await later(30 * 60_000)
    expect(providerServer.calls).toHaveLength(1)
    await later(31 * 60_000)
    expect(providerServer.calls).toHaveLength(2)
    await expect(store.outboxHealth()).resolves.toMatchObject({ waiting: 0, failed: 0 })

    providerServer.answers.push({ status: 400 })
    await store.add(signup("bad@example.com"))
    await sender.deliverDue()
    expect(providerServer.calls).toHaveLength(3)
    await expect(store.outboxHealth()).resolves.toEqual({
      waiting: 0,
      failed: 1,
      lastError: expect.stringContaining("loops refused it: 400 the address was rejected"),
    })
    await later(DAY)
    expect(providerServer.calls).toHaveLength(3)
  })
})

describe("a list without webhooks or an email provider", () => {
  it("records no events: nothing more is written on the busy path", async () => {
    const store = openEmbeddedStore(join(mkdtempSync(join(tmpdir(), "block94-no-events-")), "signups.db"), 10)
    try {
      await store.add(signup("ana@example.com"))
      await store.erase({ emailKey: "ana@example.com" }, START)
      await expect(store.claimDueMessages(START, 10, new Date(START.getTime() + 60_000))).resolves.toEqual([])
    } finally {
      await store.close()
    }
  })
})

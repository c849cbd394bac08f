// The endpoints as any host calls them, over a real service and a real SQLite store.
import { errorMessage } from "../../../signup/errors"
import { existsSync, mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { handleConfirmRequest, handleResendRequest, handleSignupRequest } from "../signup-handler"
import { handleLeaveRequest, handleUnsubscribeRequest, handleWaitlistRequest } from "../status-handler"
import { type ApiRequest, type HandlerDependencies } from "../kit"
import type { RateDecision } from "../rate-limit"
import { signupsToCsv } from "../../waitlist/csv"
import { createSignupService } from "../../waitlist/service"
import { StoreUnavailableError } from "../../store/database"
import { openEmbeddedStore } from "../../store/open-store"
import { allRows, STATUS_TOKEN_TTL_MS, type SignupStore } from "../../store/store"
import { apiRequest } from "../../../../test/api-request"
import { linkSecret } from "../../../../test/link-secret"

const NOW = new Date("2026-11-22T12:00:00.000Z")
const SITE_URL = "https://block94.example"
const validFields = { email: "Someone@Example.com", source: "website_signup", timestamp: "2026-11-22T11:59:59.000Z" }

const stores: SignupStore[] = []
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()))
})

const setUp = (options: { decision?: RateDecision; store?: SignupStore } = {}) => {
  const store = options.store ?? openEmbeddedStore(join(mkdtempSync(join(tmpdir(), "block94-endpoints-")), "signups.db"), 10)
  stores.push(store)
  const logError = jest.fn()
  const deps: HandlerDependencies = {
    service: createSignupService({ store, mail: null, settings: { siteUrl: SITE_URL, referralBoost: 10 } }),
    rateLimiter: { hit: jest.fn(() => options.decision ?? { allowed: true }) },
    now: () => NOW,
    logError,
  }
  return { store, deps, logError }
}

/** A JSON POST carrying a valid signup unless `body` says otherwise. */
const request = (overrides: Partial<ApiRequest> & { body?: string } = {}): ApiRequest => apiRequest({ body: JSON.stringify(validFields), ...overrides })

const signUp = (deps: HandlerDependencies, fields: Record<string, unknown> = {}) =>
  handleSignupRequest(request({ body: JSON.stringify({ ...validFields, ...fields }) }), deps)

describe("POST /api/signup", () => {
  it("answers a new signup with its place, referral link and status link (single opt-in)", async () => {
    const { deps } = setUp()
    const answer = await signUp(deps)
    expect(answer.status).toBe(201)
    expect(answer.headers).toEqual({ "Cache-Control": "no-store" })
    expect(answer.body).toEqual({
      ok: true,
      status: "confirmed",
      position: 1,
      total: 1,
      referralCode: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{10}$/),
      referralUrl: expect.stringMatching(new RegExp(`^${SITE_URL}/friend/\\?ref=[0-9A-Z]{10}$`)),
      statusUrl: expect.stringMatching(new RegExp(`^${SITE_URL}/waitlist/#token=[A-Za-z0-9_-]{43}$`)),
    })
  })

  it("keeps the consent the visitor gave, with its time, and says so when a client sent none", async () => {
    const { deps, store } = setUp()
    await signUp(deps, { email: "agreed@example.com", consent: "ui-0c1d2e3f" })
    await signUp(deps, { email: "spec-client@example.com" })
    const rows = await allRows(store)
    expect(rows.map(({ signup }) => [signup.email, signup.consent, signup.consentedAt])).toEqual([
      ["agreed@example.com", "ui-0c1d2e3f", NOW.toISOString()],
      ["spec-client@example.com", null, null],
    ])
    expect(signupsToCsv(rows)).toContain(',"not recorded",')
  })

  it("refuses a consent value longer than 64 characters with a 400 that says so", async () => {
    const { deps, store } = setUp()
    const answer = await signUp(deps, { consent: "x".repeat(65) })
    expect(answer).toMatchObject({ status: 400, body: { error: '"consent" must be the wording\'s version, at most 64 characters', code: "consent_invalid" } })
    expect(await allRows(store)).toEqual([])
  })

  it("answers a repeat signup, however it is written, with already_subscribed and nothing more", async () => {
    const { deps, store } = setUp()
    await signUp(deps, { email: "j.doe+drops@gmail.com" })
    for (const email of ["J.Doe@Gmail.com", "jdoe@googlemail.com", "jdoe+other@gmail.com"]) {
      const answer = await signUp(deps, { email })
      expect(answer).toMatchObject({ status: 200, body: { ok: true, status: "already_subscribed" } })
      expect(Object.keys(answer.body).sort()).toEqual(["ok", "status"])
    }
    const rows = await allRows(store)
    expect(rows.map((row) => row.signup.email)).toEqual(["j.doe+drops@gmail.com"])
  })

  it("accepts an internationalised address and keeps it as typed", async () => {
    const { deps, store } = setUp()
    expect((await signUp(deps, { email: "josé@exämple.com" })).status).toBe(201)
    expect((await allRows(store))[0].signup.email).toBe("josé@exämple.com")
  })

  it("refuses a disposable address with 400 and a message the form can show", async () => {
    const { deps, store } = setUp()
    const answer = await signUp(deps, { email: "someone@mailinator.com" })
    expect(answer).toMatchObject({
      status: 400,
      body: { error: "Disposable email addresses can't join the list: please use an address you keep", code: "email_disposable" },
    })
    expect(await allRows(store)).toEqual([])
  })

  it("keeps the referrer of a new signup, holds its credit for the owner while nobody confirmed the address (single opt-in), and ignores unknown codes", async () => {
    const { deps, store } = setUp()
    const referrer = await signUp(deps, { email: "a@example.com" })
    const code = String(referrer.body.referralCode)
    await signUp(deps, { email: "b@example.com", referralCode: code.toLowerCase() })
    await signUp(deps, { email: "c@example.com", referralCode: "ZZZZZZZZZZ" })
    const rows = await allRows(store)
    expect(rows.map((row) => [row.signup.email, row.referredBy, row.referrals])).toEqual([
      ["a@example.com", null, 0],
      ["b@example.com", code, 0],
      ["c@example.com", null, 0],
    ])
    const held = (await store.ownerSummary(NOW, { days: 1, limit: 10 })).heldReferrals.rows
    expect(held).toEqual([expect.objectContaining({ email: "b@example.com", reason: "unconfirmed" })])
    await store.reviewReferrals([held[0].id], "release", NOW, "owner's page")
    expect((await allRows(store))[0].referrals).toBe(1)
  })

  it("answers a filled honeypot like a repeat signup and stores nothing", async () => {
    const { deps, store } = setUp()
    const answer = await signUp(deps, { company: "ACME" })
    expect(answer).toMatchObject({ status: 200, body: { ok: true, status: "already_subscribed" } })
    expect(await allRows(store)).toEqual([])
  })

  it("counts every request against the client's limit and answers 429 with Retry-After", async () => {
    const { deps } = setUp({ decision: { allowed: false, retryAfterSeconds: 42 } })
    const answer = await handleSignupRequest(request({ method: "GET" }), deps)
    expect(deps.rateLimiter.hit).toHaveBeenCalledWith("203.0.113.7")
    expect(answer).toMatchObject({
      status: 429,
      headers: { "Retry-After": "42" },
      body: { error: "Too many requests: try again in 42 seconds", code: "rate_limited" },
    })
  })

  it("answers 400 when the body cannot be read", async () => {
    const { deps } = setUp()
    const answer = await handleSignupRequest(request({ readBody: () => Promise.reject(new Error("reset")) }), deps)
    expect(answer).toMatchObject({ status: 400, body: { error: "Request body could not be read completely", code: "body_incomplete" } })
  })

  it("answers 500 with a JSON reason, and logs, when the store fails", async () => {
    const failing = openEmbeddedStore("/dev/null/cannot/exist/signups.db", 10)
    const { deps, logError } = setUp({ store: failing })
    const answer = await signUp(deps)
    expect(answer).toEqual({
      status: 500,
      headers: { "Cache-Control": "no-store" },
      body: { error: "The signup service had a problem on our side: please try again later", code: "server_error" },
    })
    expect(logError).toHaveBeenCalled()
  })

  it("answers 503 naming the missing setting where signups cannot be kept, and logs it", async () => {
    const { deps, logError } = setUp()
    const unavailable = "Signups are not stored: Netlify keeps no files between requests. Set DATABASE_URL to a PostgreSQL database."
    const answer = await handleSignupRequest(request(), { ...deps, service: { unavailable } })
    expect(answer).toMatchObject({ status: 503, body: { error: unavailable } })
    expect(logError).toHaveBeenCalledWith(expect.any(String), unavailable)
  })
})

describe("POST /api/waitlist", () => {
  const lookUp = (deps: HandlerDependencies, token: string | null, method = "POST") =>
    handleWaitlistRequest(request({ method, body: JSON.stringify(token === null ? {} : { token }) }), deps)

  it("shows where the signup behind a status token stands", async () => {
    const { deps } = setUp()
    await signUp(deps, { email: "first@example.com" })
    const joined = await signUp(deps, { email: "second@example.com" })
    const token = linkSecret(String(joined.body.statusUrl))
    const answer = await lookUp(deps, token)
    expect(answer).toEqual({
      status: 200,
      headers: { "Cache-Control": "no-store" },
      body: {
        status: "confirmed",
        position: 2,
        total: 2,
        referrals: 0,
        waiting: 0,
        milestone: 0,
        referralCode: joined.body.referralCode,
        referralUrl: joined.body.referralUrl,
        invited: false,
        redeemed: false,
        drops: {},
      },
    })
  })
})

describe("POST /api/resend", () => {
  const resend = (deps: HandlerDependencies, body: unknown) => handleResendRequest(request({ body: JSON.stringify(body) }), deps)

  it("answers 202 alike for an address on the list and one that is not, telling no one who signed up", async () => {
    const { deps } = setUp()
    await signUp(deps, { email: "fan@example.com" })
    const known = await resend(deps, { email: "fan@example.com" })
    const unknown = await resend(deps, { email: "stranger@example.com" })
    expect(known).toEqual(unknown)
    expect(known).toMatchObject({ status: 202, body: { ok: true } })
  })

  it("answers 400 for a missing or malformed address, and counts against the rate limit", async () => {
    const { deps } = setUp()
    expect(await resend(deps, {})).toMatchObject({ status: 400, body: { error: '"email" is not a valid email address', code: "email_invalid" } })
    expect((await resend(deps, { email: "not-an-address" })).status).toBe(400)
    const limited = setUp({ decision: { allowed: false, retryAfterSeconds: 30 } })
    expect((await resend(limited.deps, { email: "fan@example.com" })).status).toBe(429)
  })
})

describe("a database out of reach", () => {
  /** A store whose every read and write finds the database down, as the PostgreSQL store reports it. */
  const unreachable = (): SignupStore => {
    const store = openEmbeddedStore(join(mkdtempSync(join(tmpdir(), "block94-endpoints-")), "signups.db"), 10)
    const down = () => Promise.reject(new StoreUnavailableError("the signup database cannot be reached", { retryAfterSeconds: 7 }))
    return { ...store, add: down, confirm: down, addToken: down, standingByStatusToken: down, findSignup: down, queueMail: down }
  }
  const token = "A".repeat(43)

  it.each([
    ["POST /api/signup", (deps: HandlerDependencies) => signUp(deps)],
    ["POST /api/confirm", (deps: HandlerDependencies) => handleConfirmRequest(request({ body: JSON.stringify({ token }) }), deps)],
    ["POST /api/waitlist", (deps: HandlerDependencies) => handleWaitlistRequest(request({ body: JSON.stringify({ token }) }), deps)],
  ])("answers %s with 503, the store's Retry-After and a reason for a person, logged once", async (_endpoint, call) => {
    const { deps, logError } = setUp({ store: unreachable() })
    expect(await call(deps)).toEqual({
      status: 503,
      headers: { "Cache-Control": "no-store", "Retry-After": "7" },
      body: { error: errorMessage("store_unavailable"), code: "store_unavailable" },
    })
    expect(logError).toHaveBeenCalledTimes(1)
  })

  it("keeps other failures a 500", async () => {
    const store = unreachable()
    const { deps } = setUp({ store: { ...store, add: () => Promise.reject(new Error("disk full")) } })
    expect(await signUp(deps)).toMatchObject({
      status: 500,
      body: { error: "The signup service had a problem on our side: please try again later", code: "server_error" },
    })
  })
})

describe("leaving the list", () => {
  /** The service with mail set up; the test reads the outbox where a sender would. */
  const withMail = () => {
    const store = openEmbeddedStore(join(mkdtempSync(join(tmpdir(), "block94-leaving-")), "signups.db"), 10)
    const { deps, logError } = setUp({ store })
    deps.service = createSignupService({ store, mail: { queued: async () => undefined }, settings: { siteUrl: SITE_URL, referralBoost: 10 } })
    return { store, deps, logError }
  }
  /** Signs `email` up and confirms it from its (queued) confirmation email; returns the links that email carries. */
  const joinAndConfirm = async (store: SignupStore, deps: HandlerDependencies, email: string) => {
    expect((await signUp(deps, { email })).body).toEqual({ ok: true, status: "pending" })
    const messages = await store.claimDueMessages(NOW, 1000, new Date(NOW.getTime() + 60_000))
    const mail = messages.find((message) => message.payload.to === email)
    if (!mail) throw new Error(`no mail to ${email}`)
    for (const message of messages) await store.markDelivered(message.id, NOW)
    const confirmed = await handleConfirmRequest(request({ body: JSON.stringify({ token: linkSecret(mail.payload.link) }) }), deps)
    expect(confirmed.status).toBe(200)
    return {
      oneClick: new URL(mail.payload.oneClickUnsubscribe),
      page: new URL(mail.payload.unsubscribe),
      status: new URL(String(confirmed.body.statusUrl)),
      referralCode: String(confirmed.body.referralCode),
    }
  }
  /** A one-click unsubscribe exactly as Gmail sends it (RFC 8058). */
  const oneClick = (deps: HandlerDependencies, link: URL) =>
    handleUnsubscribeRequest(
      request({ query: link.searchParams, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }),
      deps,
    )
  const lookUp = (deps: HandlerDependencies, link: URL) => handleWaitlistRequest(request({ body: JSON.stringify({ token: linkSecret(link.href) }) }), deps)
  const LEFT = { status: 200, headers: { "Cache-Control": "no-store" }, body: { ok: true, status: "left" } }

  describe("POST /api/unsubscribe", () => {
    it("unsubscribes in one click, exactly as Gmail posts it, and erases the person: the people behind move up", async () => {
      const { store, deps } = withMail()
      const first = await joinAndConfirm(store, deps, "first@example.com")
      const leaving = await joinAndConfirm(store, deps, "Leaving.Fan@Example.com")
      const last = await joinAndConfirm(store, deps, "last@example.com")
      expect(leaving.oneClick.origin + leaving.oneClick.pathname).toBe(`${SITE_URL}/api/unsubscribe`)
      expect(leaving.page.origin + leaving.page.pathname).toBe(`${SITE_URL}/unsubscribe/`)
      expect(linkSecret(leaving.page.href)).toBe(leaving.oneClick.searchParams.get("token"))
      await expect(lookUp(deps, last.status)).resolves.toMatchObject({ body: { position: 3, total: 3 } })

      expect(await oneClick(deps, leaving.oneClick)).toEqual(LEFT)
      await expect(lookUp(deps, leaving.status)).resolves.toMatchObject({ status: 404 })
      await expect(lookUp(deps, last.status)).resolves.toMatchObject({ body: { position: 2, total: 2 } })
      await expect(lookUp(deps, first.status)).resolves.toMatchObject({ body: { position: 1, total: 2 } })
      expect((await allRows(store)).map((row) => row.signup.email)).toEqual(["first@example.com", "last@example.com"])
    })

    it("answers a link used already the same, again and again", async () => {
      const { store, deps } = withMail()
      const { oneClick: link } = await joinAndConfirm(store, deps, "fan@example.com")
      expect(await oneClick(deps, link)).toEqual(LEFT)
      expect(await oneClick(deps, link)).toEqual(LEFT)
      const fromPage = await handleUnsubscribeRequest(request({ body: JSON.stringify({ token: link.searchParams.get("token") }) }), deps)
      expect(fromPage).toEqual(LEFT)
    })

    it("never unsubscribes on a GET of the link: it leads to the unsubscribe page", async () => {
      const { store, deps } = withMail()
      const { oneClick: link, status } = await joinAndConfirm(store, deps, "fan@example.com")
      for (const method of ["GET", "HEAD"]) {
        const answer = await handleUnsubscribeRequest(request({ method, query: link.searchParams, body: "" }), deps)
        expect(answer).toMatchObject({ status: 303, headers: { Location: `/unsubscribe/#token=${link.searchParams.get("token")}` } })
      }
      await expect(lookUp(deps, status)).resolves.toMatchObject({ status: 200, body: { position: 1 } })
    })

    it("takes the token as JSON from our page, and a one-click post sent as multipart/form-data", async () => {
      const { store, deps } = withMail()
      const a = await joinAndConfirm(store, deps, "a@example.com")
      const b = await joinAndConfirm(store, deps, "b@example.com")
      expect(await handleUnsubscribeRequest(request({ body: JSON.stringify({ token: linkSecret(a.page.href) }) }), deps)).toEqual(LEFT)
      const boundary = "----block94"
      const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`
      const answer = await handleUnsubscribeRequest(
        request({ query: b.oneClick.searchParams, headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, body: multipart }),
        deps,
      )
      expect(answer).toEqual(LEFT)
      expect(await allRows(store)).toEqual([])
    })

    it.each([
      ["an unknown token", new URLSearchParams({ token: "A".repeat(43) })],
      ["a malformed token", new URLSearchParams({ token: "not-a-token" })],
      ["no token", new URLSearchParams()],
    ])("answers 404 for %s", async (_case, query) => {
      const { deps } = withMail()
      const answer = await handleUnsubscribeRequest(
        request({ query, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }),
        deps,
      )
      expect(answer).toMatchObject({ status: 404, body: { error: expect.stringContaining("unsubscribe link is not known") } })
    })

    it("counts one-click unsubscribes apart from the signup limit", async () => {
      const { deps } = withMail()
      const token = new URLSearchParams({ token: "A".repeat(43) })
      // Mailbox providers post every one-click unsubscribe from a few addresses of theirs: the larger
      // budget of reads, in a bucket of its own, so a client's spent signup limit does not block them.
      const limited = {
        ...deps,
        rateLimiter: { hit: jest.fn(async () => ({ allowed: false as const, retryAfterSeconds: 60 })) },
        readLimiter: { hit: jest.fn(async () => ({ allowed: true as const })) },
      }
      expect(
        await handleUnsubscribeRequest(
          request({ query: token, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }),
          limited,
        ),
      ).toMatchObject({ status: 404 })
      expect(limited.rateLimiter.hit).not.toHaveBeenCalled()
      expect(limited.readLimiter.hit).toHaveBeenCalledWith("unsubscribe: 203.0.113.7")
    })
  })

  describe("status links expire", () => {
    it(`after ${STATUS_TOKEN_TTL_MS / 86_400_000} days a status link shows and erases no one (410), and "send it again" mails a fresh one that works`, async () => {
      const { store, deps } = withMail()
      const person = await joinAndConfirm(store, deps, "keeper@example.com")
      const at = (time: number): HandlerDependencies => ({ ...deps, now: () => new Date(NOW.getTime() + time) })
      const lastDay = at(STATUS_TOKEN_TTL_MS - 60_000)
      const expired = at(STATUS_TOKEN_TTL_MS + 1)
      await expect(lookUp(lastDay, person.status)).resolves.toMatchObject({ status: 200, body: { position: 1 } })
      await expect(lookUp(expired, person.status)).resolves.toMatchObject({ status: 410, body: { code: "status_link_expired" } })
      const leave = await handleLeaveRequest(request({ body: JSON.stringify({ token: linkSecret(person.status.href) }) }), expired)
      expect(leave).toMatchObject({ status: 410, body: { code: "status_link_expired" } })
      expect((await allRows(store)).map((row) => row.signup.email)).toEqual(["keeper@example.com"])

      const later = new Date(NOW.getTime() + STATUS_TOKEN_TTL_MS + 1)
      expect((await handleResendRequest(request({ body: JSON.stringify({ email: "keeper@example.com" }) }), expired)).status).toBe(202)
      const [mail] = await store.claimDueMessages(later, 10, new Date(later.getTime() + 60_000))
      expect(mail.kind).toBe("status-link")
      const fresh = new URL(mail.payload.link)
      await expect(lookUp(expired, fresh)).resolves.toMatchObject({ status: 200, body: { position: 1 } })
    })
  })

  describe("POST /api/leave", () => {
    const leave = (deps: HandlerDependencies, body: unknown) => handleLeaveRequest(request({ body: JSON.stringify(body) }), deps)

    it("erases the person behind a status token, revokes every token, and takes the referral from the referrer", async () => {
      const { store, deps } = withMail()
      const referrer = await joinAndConfirm(store, deps, "referrer@example.com")
      const other = await joinAndConfirm(store, deps, "other@example.com")
      // A friend comes through the referrer's link and confirms: the referrer moves ahead.
      // From a network of the friend's own: one shared with the referrer would hold the referral for the owner.
      const friendSignup = request({
        body: JSON.stringify({ ...validFields, email: "friend@example.com", referralCode: referrer.referralCode }),
        clientKey: "198.51.100.20",
      })
      expect((await handleSignupRequest(friendSignup, deps)).status).toBe(201)
      const [mail] = await store.claimDueMessages(NOW, 10, new Date(NOW.getTime() + 60_000))
      const friendConfirmed = await handleConfirmRequest(request({ body: JSON.stringify({ token: linkSecret(mail.payload.link) }) }), deps)
      const friendStatus = new URL(String(friendConfirmed.body.statusUrl))
      await expect(lookUp(deps, referrer.status)).resolves.toMatchObject({ body: { position: 1, referrals: 1, total: 3 } })

      expect(await leave(deps, { token: linkSecret(friendStatus.href) })).toEqual(LEFT)
      await expect(lookUp(deps, referrer.status)).resolves.toMatchObject({ body: { position: 1, referrals: 0, total: 2 } })
      await expect(lookUp(deps, other.status)).resolves.toMatchObject({ body: { position: 2, total: 2 } })
      // Every token of the person is revoked: status, unsubscribe, confirmation.
      await expect(lookUp(deps, friendStatus)).resolves.toMatchObject({ status: 404 })
      expect(await leave(deps, { token: linkSecret(friendStatus.href) })).toMatchObject({ status: 404 })
      const friendUnsubscribe = new URL(mail.payload.oneClickUnsubscribe)
      // Its unsubscribe link still says "left" (a second click must not look like an error).
      expect(await oneClick(deps, friendUnsubscribe)).toEqual(LEFT)
      const summary = await store.ownerSummary(NOW, { days: 1, limit: 10 })
      expect(summary).toMatchObject({ confirmed: 2, pending: 0, topReferrers: [] })
    })

    it("lets the person sign up again on purpose, as someone new at the end of the line", async () => {
      const { store, deps } = withMail()
      const fan = await joinAndConfirm(store, deps, "fan@example.com")
      await joinAndConfirm(store, deps, "other@example.com")
      expect(await leave(deps, { token: linkSecret(fan.status.href) })).toEqual(LEFT)
      const back = await joinAndConfirm(store, deps, "Fan@Example.com")
      await expect(lookUp(deps, back.status)).resolves.toMatchObject({ status: 200, body: { position: 2, total: 2, referrals: 0 } })
      expect(back.referralCode).not.toBe(fan.referralCode)
      // The old links stay dead.
      await expect(lookUp(deps, fan.status)).resolves.toMatchObject({ status: 404 })
    })
  })

  it("leaves the address in no file of the SQLite database once the person unsubscribes, and writes nothing of it to the logs", async () => {
    const folder = mkdtempSync(join(tmpdir(), "block94-erased-"))
    const file = join(folder, "signups.db")
    const store = openEmbeddedStore(file, 10)
    stores.push(store)
    const { deps, logError } = setUp({ store })
    deps.service = createSignupService({ store, mail: { queued: async () => undefined }, settings: { siteUrl: SITE_URL, referralBoost: 10 } })
    const address = "Leaving.Fan+drops@Example.com"
    // Enough people around it that the list spans many pages of the file.
    for (let index = 0; index < 150; index += 1) await signUp(deps, { email: `before${index}@example.com` })
    const leaving = await joinAndConfirm(store, deps, address)
    for (let index = 0; index < 150; index += 1) await signUp(deps, { email: `after${index}@example.com`, referralCode: leaving.referralCode })
    const traces = [address, address.toLowerCase(), "leaving.fan@example.com", "Leaving.Fan", leaving.referralCode]
    const filesHolding = (text: string) => [file, `${file}-wal`].filter((path) => existsSync(path) && readFileSync(path).includes(Buffer.from(text, "utf8")))
    // The test can see it while the person is on the list.
    expect(traces.map(filesHolding).flat().length).toBeGreaterThan(0)

    const logged = ["log", "info", "warn", "error"].map((method) => jest.spyOn(console, method as "log"))
    try {
      expect(await oneClick(deps, leaving.oneClick)).toEqual(LEFT)
      // Checked once the log is emptied (off the request path), with the store still open, as a server would be.
      await store.purged()
      expect(Object.fromEntries(traces.map((text) => [text, filesHolding(text)]))).toEqual(Object.fromEntries(traces.map((text) => [text, []])))
      const written = [...logged.flatMap((spy) => spy.mock.calls), ...logError.mock.calls].flat().map(String).join("\n")
      expect(written.toLowerCase()).not.toContain("leaving.fan")
    } finally {
      for (const spy of logged) spy.mockRestore()
    }
    expect(await allRows(store)).toHaveLength(301 - 1)
  })
})

// The endpoints as any host calls them, over a real service and a real SQLite store: signing up,
// looking up a place, asking for the status link again, and a database out of reach.
import { errorMessage } from "../../../signup/errors"
import { handleConfirmRequest, handleResendRequest, handleSignupRequest } from "../signup-handler"
import { handleWaitlistRequest } from "../status-handler"
import { type HandlerDependencies } from "../kit"
import { csvLine } from "../../waitlist/csv"
import { StoreUnavailableError } from "../../store/database"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { openEmbeddedStore } from "../../store/open-store"
import { allRows, type SignupStore } from "../../store/store"
import { linkSecret } from "../../../../test/link-secret"
import { closeStores, NOW, request, setUp, SITE_URL, signUp } from "../../../../test/endpoint-harness"

afterEach(closeStores)

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
    expect(csvLine(rows[1])).toContain(',"not recorded",')
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

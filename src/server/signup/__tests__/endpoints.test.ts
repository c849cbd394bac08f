/** @jest-environment node */
// The three endpoints as any host calls them, over a real service and a real file store.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import {
  handleConfirmRequest,
  handleResendRequest,
  handleSignupRequest,
  handleWaitlistRequest,
  STORE_UNAVAILABLE_MESSAGE,
  type ApiRequest,
  type HandlerDependencies,
} from "../handler"
import type { RateDecision } from "../rate-limit"
import { signupsToCsv } from "../csv"
import { createSignupService } from "../service"
import { StoreUnavailableError } from "../stores/database"
import { openEmbeddedStore } from "../stores/open-store"
import { allRows, type SignupStore } from "../stores/store"

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

const request = (overrides: Partial<ApiRequest> & { body?: string } = {}): ApiRequest => {
  const { body = JSON.stringify(validFields), ...rest } = overrides
  return {
    method: "POST",
    headers: { "content-type": "application/json" },
    query: new URLSearchParams(),
    clientKey: "203.0.113.7",
    readBody: async () => ({ kind: "bytes", bytes: Buffer.from(body, "utf8") }),
    ...rest,
  }
}

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
      referralUrl: expect.stringMatching(new RegExp(`^${SITE_URL}/\\?ref=[0-9A-Z]{10}$`)),
      statusUrl: expect.stringMatching(new RegExp(`^${SITE_URL}/waitlist/\\?token=[A-Za-z0-9_-]{43}$`)),
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
    expect(signupsToCsv(rows)).toContain(",not recorded,")
  })

  it("refuses a consent value longer than 64 characters with a 400 that says so", async () => {
    const { deps, store } = setUp()
    const answer = await signUp(deps, { consent: "x".repeat(65) })
    expect(answer).toMatchObject({ status: 400, body: { error: '"consent" must be the wording\'s version, at most 64 characters' } })
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
    expect(answer).toMatchObject({ status: 400, body: { error: "Disposable email addresses can't join the list: please use an address you keep" } })
    expect(await allRows(store)).toEqual([])
  })

  it("credits the referrer whose link a new signup came through, and ignores unknown codes", async () => {
    const { deps, store } = setUp()
    const referrer = await signUp(deps, { email: "a@example.com" })
    const code = String(referrer.body.referralCode)
    await signUp(deps, { email: "b@example.com", referralCode: code.toLowerCase() })
    await signUp(deps, { email: "c@example.com", referralCode: "ZZZZZZZZZZ" })
    const rows = await allRows(store)
    expect(rows.map((row) => [row.signup.email, row.referredBy, row.referrals])).toEqual([
      ["a@example.com", null, 1],
      ["b@example.com", code, 0],
      ["c@example.com", null, 0],
    ])
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
    expect(answer).toMatchObject({ status: 429, headers: { "Retry-After": "42" }, body: { error: "Too many requests: try again in 42 seconds" } })
  })

  it("does not read the body of a request refused by its head", async () => {
    const readBody = jest.fn(async () => ({ kind: "bytes" as const, bytes: Buffer.from("{}") }))
    const { deps } = setUp()
    expect((await handleSignupRequest(request({ method: "PUT", readBody }), deps)).status).toBe(405)
    expect((await handleSignupRequest(request({ headers: { "content-type": "text/plain" }, readBody }), deps)).status).toBe(415)
    const tooLong = { "content-type": "application/json", "content-length": "100000" }
    expect((await handleSignupRequest(request({ headers: tooLong, readBody }), deps)).status).toBe(413)
    expect(readBody).not.toHaveBeenCalled()
  })

  it("answers 400 when the body cannot be read", async () => {
    const { deps } = setUp()
    const answer = await handleSignupRequest(request({ readBody: () => Promise.reject(new Error("reset")) }), deps)
    expect(answer).toMatchObject({ status: 400, body: { error: "Request body could not be read completely" } })
  })

  it("answers 500 with a JSON reason, and logs, when the store fails", async () => {
    const failing = openEmbeddedStore("/dev/null/cannot/exist/signups.jsonl", 10)
    const { deps, logError } = setUp({ store: failing })
    const answer = await signUp(deps)
    expect(answer).toEqual({
      status: 500,
      headers: { "Cache-Control": "no-store" },
      body: { error: "The signup service had a problem on our side: please try again later" },
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

describe("GET /api/waitlist", () => {
  const lookUp = (deps: HandlerDependencies, token: string | null, method = "GET") =>
    handleWaitlistRequest(request({ method, query: new URLSearchParams(token === null ? {} : { token }) }), deps)

  it("shows where the signup behind a status token stands", async () => {
    const { deps } = setUp()
    await signUp(deps, { email: "first@example.com" })
    const joined = await signUp(deps, { email: "second@example.com" })
    const token = new URL(String(joined.body.statusUrl)).searchParams.get("token")
    const answer = await lookUp(deps, token)
    expect(answer).toEqual({
      status: 200,
      headers: { "Cache-Control": "no-store" },
      body: { status: "confirmed", position: 2, total: 2, referrals: 0, referralCode: joined.body.referralCode, referralUrl: joined.body.referralUrl },
    })
  })

  it.each([
    ["an unknown token", "A".repeat(43)],
    ["a malformed token", "not-a-token"],
    ["no token", null],
  ])("answers 404 for %s", async (_case, token) => {
    const { deps } = setUp()
    expect(await lookUp(deps, token)).toMatchObject({ status: 404, body: { error: expect.stringContaining("status link") } })
  })

  it("answers 405 for a POST", async () => {
    const { deps } = setUp()
    expect(await lookUp(deps, "x", "POST")).toMatchObject({ status: 405, headers: { Allow: "GET" } })
  })
})

describe("POST /api/confirm", () => {
  const confirm = (deps: HandlerDependencies, body: unknown) => handleConfirmRequest(request({ body: JSON.stringify(body) }), deps)

  it.each([
    ["an unknown token with 404", { token: "A".repeat(43) }, 404],
    ["a malformed token with 404", { token: "short" }, 404],
    ["a body without a token with 400", { tokens: "x" }, 400],
  ])("answers %s", async (_case, body, status) => {
    const { deps } = setUp()
    expect((await confirm(deps, body)).status).toBe(status)
  })

  it("refuses other methods and non-JSON bodies as the signup endpoint does", async () => {
    const { deps } = setUp()
    expect((await handleConfirmRequest(request({ method: "GET" }), deps)).status).toBe(405)
    expect((await handleConfirmRequest(request({ headers: { "content-type": "text/plain" } }), deps)).status).toBe(415)
    expect((await handleConfirmRequest(request({ body: "{" }), deps)).status).toBe(400)
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
    expect(await resend(deps, {})).toMatchObject({ status: 400, body: { error: '"email" is not a valid email address' } })
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
    ["GET /api/waitlist", (deps: HandlerDependencies) => handleWaitlistRequest(request({ method: "GET", query: new URLSearchParams({ token }) }), deps)],
  ])("answers %s with 503, the store's Retry-After and a reason for a person, logged once", async (_endpoint, call) => {
    const { deps, logError } = setUp({ store: unreachable() })
    expect(await call(deps)).toEqual({
      status: 503,
      headers: { "Cache-Control": "no-store", "Retry-After": "7" },
      body: { error: STORE_UNAVAILABLE_MESSAGE },
    })
    expect(logError).toHaveBeenCalledTimes(1)
  })

  it("keeps other failures a 500", async () => {
    const store = unreachable()
    const { deps } = setUp({ store: { ...store, add: () => Promise.reject(new Error("disk full")) } })
    expect(await signUp(deps)).toMatchObject({ status: 500, body: { error: "The signup service had a problem on our side: please try again later" } })
  })
})

// The owner's endpoints as any host calls them, over a real service, a real rate limiter and a
// real store on each engine: off without OWNER_TOKEN, nothing without the secret, and numbers
// that match what was done through the public endpoints.
import { errorMessage } from "../../../signup/errors"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freshDatabase } from "../../../../test/postgres"
import { CSV_HEADER_LINE, csvLine } from "../../waitlist/csv"
import { handleSignupRequest } from "../signup-handler"
import { type ApiAnswer, type ApiRequest } from "../kit"
import { hasBearerSecret } from "../secret-gate"
import {
  handleOwnerExportRequest,
  handleOwnerForgetRequest,
  handleOwnerInviteRequest,
  handleOwnerReferralsRequest,
  handleOwnerSummaryRequest,
  type OwnerDependencies,
} from "../owner-handler"
import { inviteNext } from "../../waitlist/invitations"
import { createRateLimiter } from "../rate-limit"
import { createSignupService } from "../../waitlist/service"
import { openEmbeddedStore, openPostgresStore } from "../../store/open-store"
import { allRows, type SignupStore } from "../../store/store"
import type { OwnerSummary } from "../../../signup/owner-summary"

const NOW = new Date("2026-11-22T12:00:00.000Z")
const SETTINGS = { siteUrl: "https://block94.example", referralBoost: 10 }
const SECRET = "owner-secret-for-tests-0123456789"

const engines: Array<[string, () => Promise<SignupStore>]> = [
  ["SQLite", async () => openEmbeddedStore(join(mkdtempSync(join(tmpdir(), "block94-owner-api-")), "signups.db"), 10)],
  ["PostgreSQL", async () => openPostgresStore({ connectionString: await freshDatabase(), poolSize: 3 }, 10)],
]

const request = (overrides: Partial<ApiRequest> & { body?: unknown; secret?: string | null } = {}): ApiRequest => {
  const { body, secret = SECRET, headers = {}, ...rest } = overrides
  return {
    method: body === undefined ? "GET" : "POST",
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(secret === null ? {} : { authorization: `Bearer ${secret}` }),
      ...headers,
    },
    query: new URLSearchParams(),
    clientKey: "203.0.113.9",
    readBody: async () => ({ kind: "bytes", bytes: Buffer.from(JSON.stringify(body ?? {}), "utf8") }),
    ...rest,
  }
}

const text = async (answer: ApiAnswer): Promise<string> => {
  let all = ""
  for await (const chunk of answer.stream ?? []) all += chunk
  return all
}

describe.each(engines)("the owner's endpoints on %s", (_name, openStore) => {
  const stores: SignupStore[] = []
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()))
  })

  const setUp = async (options: { ownerToken?: string; rateLimit?: number } = {}) => {
    const store = await openStore()
    stores.push(store)
    const clock = { now: NOW }
    const deps: OwnerDependencies = {
      service: createSignupService({ store, mail: null, settings: SETTINGS }),
      rateLimiter: createRateLimiter(options.rateLimit ?? 1000, 60_000, () => clock.now.getTime()),
      now: () => clock.now,
      logError: () => undefined,
      ownerToken: () => ("ownerToken" in options ? options.ownerToken : SECRET),
      store,
      inviteNext: (wave, now) => inviteNext(store, SETTINGS, wave, now),
    }
    const signUp = (email: string, utm?: Record<string, string>) =>
      handleSignupRequest(request({ secret: null, body: { email, source: "website_signup", timestamp: NOW.toISOString(), ...(utm ? { utm } : {}) } }), deps)
    return { store, deps, signUp, clock }
  }

  it("answers 404 on every endpoint while OWNER_TOKEN is not set, whatever the request carries", async () => {
    const { deps } = await setUp({ ownerToken: undefined })
    for (const endpoint of [handleOwnerSummaryRequest, handleOwnerExportRequest]) {
      const answer = await endpoint(request(), deps)
      expect(answer).toMatchObject({ status: 404, body: { error: errorMessage("owner_off"), code: "owner_off" } })
    }
    for (const endpoint of [handleOwnerForgetRequest, handleOwnerInviteRequest]) {
      expect((await endpoint(request({ body: { email: "a@example.com", count: 1, dryRun: true } }), deps)).status).toBe(404)
    }
    expect((await handleOwnerSummaryRequest(request({ method: "OPTIONS", secret: null }), deps)).status).toBe(404)
  })

  it("says it is on to an OPTIONS request without the secret, and shows nothing with it", async () => {
    const { deps } = await setUp()
    expect(await handleOwnerSummaryRequest(request({ method: "OPTIONS", secret: null }), deps)).toEqual({
      status: 200,
      headers: { "Cache-Control": "no-store", Allow: "GET, HEAD, OPTIONS" },
      body: { ok: true },
    })
  })

  it("answers 401 with WWW-Authenticate and nothing else to a missing or wrong secret, and forgets no one", async () => {
    const { deps, signUp, store } = await setUp()
    await signUp("kept@example.com")
    for (const secret of [null, "wrong", `${SECRET}x`, SECRET.slice(0, -1)]) {
      const summary = await handleOwnerSummaryRequest(request({ secret }), deps)
      expect(summary).toEqual({
        status: 401,
        headers: { "Cache-Control": "no-store", "WWW-Authenticate": 'Bearer realm="owner"' },
        body: { error: "The owner's secret is missing or wrong", code: "owner_secret_wrong" },
      })
      expect((await handleOwnerExportRequest(request({ secret }), deps)).stream).toBeUndefined()
      expect((await handleOwnerForgetRequest(request({ secret, body: { email: "kept@example.com" } }), deps)).status).toBe(401)
    }
    expect((await handleOwnerSummaryRequest(request({ headers: { authorization: `Basic ${SECRET}` }, secret: null }), deps)).status).toBe(401)
    expect((await allRows(store)).map((row) => row.signup.email)).toEqual(["kept@example.com"])
  })

  it("checks the client's failure bucket before the secret: past its budget even the right secret from that client gets 429", async () => {
    const { deps, signUp, clock } = await setUp({ rateLimit: 3 })
    for (let i = 0; i < 3; i += 1) expect((await handleOwnerSummaryRequest(request({ secret: `guess-${i}` }), deps)).status).toBe(401)
    const refused = await handleOwnerSummaryRequest(request({ secret: "guess-3" }), deps)
    expect(refused.status).toBe(429)
    expect(refused.headers["Retry-After"]).toBe("20")
    // A guess past the budget learns nothing: the right secret gets the same answer from this client...
    expect(await handleOwnerSummaryRequest(request(), deps)).toEqual(refused)
    // ...until a token is back; signups from the address were never held back.
    expect((await signUp("after-guesses@example.com")).status).toBe(201)
    clock.now = new Date(NOW.getTime() + 20_000)
    expect((await handleOwnerSummaryRequest(request(), deps)).status).toBe(200)
  })

  it("never holds back the owner for another client's guesses, nor for the owner's own busy use", async () => {
    const { deps } = await setUp({ rateLimit: 3 })
    for (const client of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      const guesses = await Promise.all(
        Array.from({ length: 5 }, (_, i) => handleOwnerSummaryRequest(request({ secret: `guess-${i}`, clientKey: client }), deps)),
      )
      expect(guesses.map((answer) => answer.status)).toEqual([401, 401, 401, 429, 429])
    }
    // A pool of addresses guesses wrong: the owner, from an address of their own, is let in every time.
    const answers = await Promise.all(Array.from({ length: 20 }, () => handleOwnerSummaryRequest(request({ clientKey: "203.0.113.9" }), deps)))
    expect(answers.map((answer) => answer.status)).toEqual(new Array(20).fill(200))
  })

  it("logs wrong tries once per client and window, with the client's key and never what it sent", async () => {
    const { deps, clock } = await setUp({ rateLimit: 100 })
    const logged: unknown[][] = []
    deps.logError = (...line) => logged.push(line)
    for (let i = 0; i < 30; i += 1) await handleOwnerSummaryRequest(request({ secret: `guess-${i}` }), deps)
    await handleOwnerSummaryRequest(request({ secret: "guess-elsewhere", clientKey: "198.51.100.4" }), deps)
    expect(logged).toEqual([
      ["owner: a request without the right secret, from client", "203.0.113.9"],
      ["owner: a request without the right secret, from client", "198.51.100.4"],
    ])
    clock.now = new Date(NOW.getTime() + 60_000)
    await handleOwnerSummaryRequest(request({ secret: "guess-later" }), deps)
    expect(logged[2]).toEqual(["owner: a request without the right secret (and 29 more from it since the line before), from client", "203.0.113.9"])
    expect(JSON.stringify(logged)).not.toContain("guess-")
  })

  it("sums up what was done through the public endpoints, never cached", async () => {
    const { deps, signUp } = await setUp()
    await signUp("one@example.com", { source: "tiktok", campaign: "drop-1" })
    await signUp("two@example.com", { source: "tiktok" })
    await signUp("three@example.com", { referrer: "news.example" })
    const answer = await handleOwnerSummaryRequest(request(), deps)
    expect(answer.status).toBe(200)
    expect(answer.headers).toEqual({ "Cache-Control": "no-store" })
    expect(answer.body).toMatchObject({
      generatedAt: NOW.toISOString(),
      dayZone: "UTC",
      confirmed: 3,
      pending: 0,
      invited: 0,
      redeemed: 0,
      left: 0,
      sources: [
        { name: "tiktok", signups: 2, confirmed: 2 },
        { name: "", signups: 1, confirmed: 1 },
      ],
      campaigns: [
        { name: "", signups: 2, confirmed: 2 },
        { name: "drop-1", signups: 1, confirmed: 1 },
      ],
      referrers: [
        { name: "", signups: 2, confirmed: 2 },
        { name: "news.example", signups: 1, confirmed: 1 },
      ],
      outbox: { waiting: 0, failed: 0, lastError: null, sentToday: 0 },
      disabledWebhooks: [],
    })
    const perDay = answer.body.perDay as Array<{ day: string; signups: number; confirmations: number }>
    expect(perDay).toHaveLength(30)
    expect(perDay[29]).toEqual({ day: "2026-11-22", signups: 3, confirmations: 3 })
    expect(perDay.slice(0, 29).every((day) => day.signups === 0 && day.confirmations === 0)).toBe(true)
    expect((await handleOwnerSummaryRequest(request({ method: "POST" }), deps)).status).toBe(405)
  })

  it("sends the export as a CSV attachment, the same file signups:export writes", async () => {
    const { deps, signUp, store } = await setUp()
    await signUp("one@example.com", { source: "tiktok" })
    await signUp("=cmd@example.com")
    const answer = await handleOwnerExportRequest(request(), deps)
    expect(answer.status).toBe(200)
    expect(answer.headers).toEqual({
      "Cache-Control": "no-store",
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="signups-2026-11-22.csv"',
    })
    const csv = await text(answer)
    expect(csv).toBe(CSV_HEADER_LINE + (await allRows(store)).map(csvLine).join(""))
    expect(csv.split("\r\n")[0]).toMatch(/^"email","source","status",/)
    expect(csv).toContain("'=cmd@example.com")
  })

  it("erases an address on request, says whether anyone had it, and counts who left", async () => {
    const { deps, signUp, store } = await setUp()
    await signUp("leaving@example.com")
    await signUp("staying@example.com")
    const forget = (email: unknown) => handleOwnerForgetRequest(request({ body: { email } }), deps)
    expect(await forget("Leaving@Example.com")).toMatchObject({ status: 200, body: { ok: true, found: true } })
    expect(await forget("leaving@example.com")).toMatchObject({ status: 200, body: { ok: true, found: false } })
    expect(await forget("not an address")).toMatchObject({ status: 400 })
    expect((await handleOwnerForgetRequest(request({ method: "GET" }), deps)).status).toBe(405)
    expect((await allRows(store)).map((row) => row.signup.email)).toEqual(["staying@example.com"])
    expect((await handleOwnerSummaryRequest(request(), deps)).body).toMatchObject({ confirmed: 1, left: 1 })
  })

  it("lists the next people in line on a dry run and changes nothing, then invites them once, and checks the request", async () => {
    const { deps, signUp, store } = await setUp()
    await signUp("first@example.com")
    await signUp("second@example.com")
    const invite = (body: unknown) => handleOwnerInviteRequest(request({ body }), deps)
    expect(await invite({ count: 1, dryRun: true })).toMatchObject({
      status: 200,
      body: { ok: true, dryRun: true, invited: [{ email: "first@example.com", position: 1 }] },
    })
    expect((await handleOwnerSummaryRequest(request(), deps)).body).toMatchObject({ invited: 0 })
    expect(await invite({ count: 1, dryRun: false })).toMatchObject({
      status: 200,
      body: { ok: true, dryRun: false, invited: [{ email: "first@example.com", position: 1 }] },
    })
    expect(await invite({ count: 5, dryRun: false })).toMatchObject({ status: 200, body: { invited: [{ email: "second@example.com", position: 2 }] } })
    expect(await invite({ count: 5, dryRun: true })).toMatchObject({ status: 200, body: { invited: [] } })
    expect((await handleOwnerSummaryRequest(request(), deps)).body).toMatchObject({ invited: 2 })
    expect((await allRows(store)).every((row) => row.invitation !== null)).toBe(true)
    for (const body of [{ count: 0, dryRun: true }, { count: 1.5, dryRun: true }, { count: "2", dryRun: true }, { count: 2 }]) {
      expect((await invite(body)).status).toBe(400)
    }
  })

  it("shows a referral nobody confirmed (single opt-in) on hold; releasing it makes it count; the audit lists every erasure, wave, export and decision", async () => {
    const { deps, signUp } = await setUp()
    const first = await signUp("maya@example.com")
    const code = (first.body as { referralCode: string }).referralCode
    await handleSignupRequest(
      request({ secret: null, body: { email: "made-up@example.com", source: "website_signup", timestamp: NOW.toISOString(), referralCode: code } }),
      deps,
    )
    const summary = async () => (await handleOwnerSummaryRequest(request(), deps)).body as unknown as OwnerSummary
    const held = (await summary()).heldReferrals
    expect(held).toEqual({
      total: 1,
      rows: [expect.objectContaining({ email: "made-up@example.com", referrerEmail: "maya@example.com", reason: "unconfirmed", confirmed: true })],
    })
    expect((await summary()).topReferrers).toEqual([])

    const decide = (body: unknown) => handleOwnerReferralsRequest(request({ body }), deps)
    for (const body of [
      { ids: [], decision: "release" },
      { ids: ["1"], decision: "release" },
      { ids: [held.rows[0].id], decision: "maybe" },
    ]) {
      expect((await decide(body)).status).toBe(400)
    }
    expect(
      (
        await handleOwnerReferralsRequest(
          request({ body: { ids: [held.rows[0].id], decision: "release" }, secret: "wrong-secret-of-thirty-two-chars!!" }),
          deps,
        )
      ).status,
    ).toBe(401)
    expect(await decide({ ids: [held.rows[0].id], decision: "release" })).toMatchObject({ status: 200, body: { ok: true, decision: "release", decided: 1 } })
    expect((await summary()).heldReferrals.total).toBe(0)
    expect((await summary()).topReferrers).toEqual([{ email: "maya@example.com", referralCode: code, referrals: 1 }])

    await handleOwnerForgetRequest(request({ body: { email: "made-up@example.com" } }), deps)
    await handleOwnerInviteRequest(request({ body: { count: 1, dryRun: true } }), deps)
    await handleOwnerInviteRequest(request({ body: { count: 1, dryRun: false } }), deps)
    await text(await handleOwnerExportRequest(request(), deps))
    const audit = (await summary()).audit
    expect(audit.map((entry) => [entry.action, entry.count, entry.actor])).toEqual([
      ["export", 1, "owner's page"],
      ["invitation wave", 1, "owner's page"],
      ["erasure", 1, "owner's page"],
      ["referrals released", 1, "owner's page"],
    ])
    // The record of an erasure says that it happened, never whose address it was.
    expect(JSON.stringify(audit)).not.toContain("made-up")
  })
})

describe("the owner's secret", () => {
  it("matches only itself, whatever the lengths", () => {
    expect(hasBearerSecret(`Bearer ${SECRET}`, SECRET)).toBe(true)
    expect(hasBearerSecret("Bearer ", SECRET)).toBe(false)
    expect(hasBearerSecret(`Bearer ${SECRET}x`, SECRET)).toBe(false)
    expect(hasBearerSecret(SECRET, SECRET)).toBe(false)
  })
})

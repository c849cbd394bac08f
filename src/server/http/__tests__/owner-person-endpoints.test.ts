// Finding one person by address from the owner's page, and sending them their link again, on each
// engine over a real service and store: the address masked unless asked whole, every lookup and
// send in the audit (never the address), bad requests refused, and the link queued as an email
// at most once an hour, as "Didn't get the email?" does.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freshDatabase } from "../../../../test/postgres"
import type { ApiRequest } from "../kit"
import { handleSignupRequest } from "../signup-handler"
import {
  handleOwnerPersonRequest,
  handleOwnerReferralsRequest,
  handleOwnerResendRequest,
  handleOwnerSummaryRequest,
  type OwnerDependencies,
} from "../owner-handler"
import { createRateLimiter } from "../rate-limit"
import { createSignupService, type MailQueue } from "../../waitlist/service"
import { openEmbeddedStore, openPostgresStore } from "../../store/open-store"
import type { SignupStore } from "../../store/store"
import type { OwnerSummary } from "../../../signup/owner-summary"

const NOW = new Date("2026-11-22T12:00:00.000Z")
const HOUR_MS = 60 * 60 * 1000
const SETTINGS = { siteUrl: "https://block94.example", referralBoost: 10 }
const SECRET = "owner-secret-for-tests-0123456789"

const engines: Array<[string, () => Promise<SignupStore>]> = [
  ["SQLite", async () => openEmbeddedStore(join(mkdtempSync(join(tmpdir(), "block94-owner-person-")), "signups.db"), 10)],
  ["PostgreSQL", async () => openPostgresStore({ connectionString: await freshDatabase(), poolSize: 3 }, 10)],
]

const request = (body: unknown, secret = SECRET): ApiRequest => ({
  method: "POST",
  headers: { "content-type": "application/json", authorization: `Bearer ${secret}` },
  query: new URLSearchParams(),
  clientKey: "203.0.113.9",
  readBody: async () => ({ kind: "bytes", bytes: Buffer.from(JSON.stringify(body), "utf8") }),
})

describe.each(engines)("finding a person from the owner's page on %s", (_name, openStore) => {
  const stores: SignupStore[] = []
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()))
  })

  /** Single opt-in without mail (everyone confirmed at once), or with mail (confirmations and links by email). */
  const setUp = async (withMail: boolean) => {
    const store = await openStore()
    stores.push(store)
    const clock = { now: NOW }
    const mail: MailQueue | null = withMail ? { queued: async () => () => undefined } : null
    const deps: OwnerDependencies = {
      service: createSignupService({ store, mail, settings: SETTINGS }),
      rateLimiter: createRateLimiter(1000, 60_000, () => clock.now.getTime()),
      now: () => clock.now,
      logError: () => undefined,
      ownerToken: () => SECRET,
      store,
      inviteNext: null,
    }
    const signUp = async (email: string, referralCode?: string) =>
      (
        await handleSignupRequest(
          {
            ...request({ email, source: "website_signup", timestamp: clock.now.toISOString(), ...(referralCode ? { referralCode } : {}) }),
            headers: { "content-type": "application/json" },
          },
          deps,
        )
      ).body as { referralCode?: string }
    const audit = async () => ((await handleOwnerSummaryRequest({ ...request({}), method: "GET" }, deps)).body as unknown as OwnerSummary).audit
    return { store, deps, clock, signUp, audit }
  }

  it("finds a person by address with their place, friends counted and held, and status; masked unless asked whole; audited", async () => {
    const { deps, signUp, audit } = await setUp(false)
    const maya = await signUp("maya.first@example.com")
    await signUp("leo@example.com")
    await signUp("ari@example.com", maya.referralCode)
    await signUp("noa@example.com", maya.referralCode)

    const masked = await handleOwnerPersonRequest(request({ email: " Maya.First@example.com " }), deps)
    expect(masked.status).toBe(200)
    expect(masked.body).toEqual({
      found: true,
      person: {
        email: "m•••@example.com",
        whole: false,
        status: "confirmed",
        signedUpAt: NOW.toISOString(),
        confirmedAt: NOW.toISOString(),
        place: { position: 1, total: 4 },
        friends: 0,
        heldFriends: 2,
        reward: 0,
        invitation: null,
      },
    })
    const whole = await handleOwnerPersonRequest(request({ email: "maya.first@example.com", whole: true }), deps)
    expect(whole.body).toMatchObject({ found: true, person: { email: "maya.first@example.com", whole: true } })

    // Releasing her held friends: they count, and her place follows.
    const summary = (await handleOwnerSummaryRequest({ ...request({}), method: "GET" }, deps)).body as unknown as OwnerSummary
    await handleOwnerReferralsRequest(request({ ids: summary.heldReferrals.rows.map((row) => row.id), decision: "release" }), deps)
    expect((await handleOwnerPersonRequest(request({ email: "maya.first@example.com" }), deps)).body).toMatchObject({
      person: { friends: 2, heldFriends: 0, place: { position: 1, total: 4 } },
    })

    expect((await handleOwnerPersonRequest(request({ email: "nobody@example.com" }), deps)).body).toEqual({ found: false })
    const entries = await audit()
    expect(entries.map((entry) => [entry.action, entry.count, entry.detail])).toEqual([
      ["person looked up", 1, "no one on the list had it"],
      ["person looked up", 1, null],
      ["referrals released", 2, null],
      ["address shown", 1, null],
      ["person looked up", 1, null],
    ])
    // The audit says that someone was looked up, never whom.
    expect(JSON.stringify(entries)).not.toContain("maya")
  })

  it("refuses a request without a valid address or with a whole that is not yes or no, and one without the secret", async () => {
    const { deps } = await setUp(false)
    for (const body of [{}, { email: "not-an-address" }, { email: 42 }, []]) {
      expect((await handleOwnerPersonRequest(request(body), deps)).status).toBe(400)
      expect((await handleOwnerResendRequest(request(body), deps)).status).toBe(400)
    }
    expect((await handleOwnerPersonRequest(request({ email: "maya@example.com", whole: "yes" }), deps)).status).toBe(400)
    expect((await handleOwnerPersonRequest(request({ email: "maya@example.com" }, "wrong-secret-of-thirty-two-chars!!"), deps)).status).toBe(401)
    expect((await handleOwnerResendRequest(request({ email: "maya@example.com" }, "wrong-secret-of-thirty-two-chars!!"), deps)).status).toBe(401)
  })

  it("sends a confirmed person a new status link by email, at most once an hour; says so; audits each send", async () => {
    const { store, deps, clock, signUp, audit } = await setUp(true)
    await signUp("maya.first@example.com")
    // With mail, Maya confirms from her email first: the confirmation waits in the outbox.
    const queuedFor = async (kind: string) => {
      const due = await store.claimDueMessages(clock.now, 50, new Date(clock.now.getTime() + 60_000))
      for (const entry of due) await store.markDelivered(entry.id, clock.now)
      return due.filter((entry) => entry.kind === kind).map((entry) => entry.payload.to)
    }
    expect(await queuedFor("confirmation")).toEqual(["maya.first@example.com"])

    clock.now = new Date(NOW.getTime() + 2 * HOUR_MS)
    expect((await handleOwnerResendRequest(request({ email: "maya.first@example.com" }), deps)).body).toEqual({ ok: true, outcome: "sent" })
    expect(await queuedFor("confirmation")).toEqual(["maya.first@example.com"])
    // Again at once: the last email went out just now, so nothing is sent.
    expect((await handleOwnerResendRequest(request({ email: "maya.first@example.com" }), deps)).body).toEqual({ ok: true, outcome: "tooSoon" })
    expect(await queuedFor("confirmation")).toEqual([])
    expect((await handleOwnerResendRequest(request({ email: "nobody@example.com" }), deps)).body).toEqual({ ok: true, outcome: "notFound" })
    expect((await audit()).map((entry) => [entry.action, entry.count, entry.detail])).toEqual([["link sent again", 1, null]])
  })

  it("without mail on this server, says no link can be sent", async () => {
    const { deps, signUp } = await setUp(false)
    await signUp("maya.first@example.com")
    expect((await handleOwnerResendRequest(request({ email: "maya.first@example.com" }), deps)).body).toEqual({ ok: true, outcome: "noMail" })
  })
})

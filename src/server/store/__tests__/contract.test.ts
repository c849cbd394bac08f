// One contract, two engines: everything the signup service relies on, run against SQLite and
// against a real PostgreSQL server (started for the test run, no mocks).
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freshDatabase } from "../../../../test/postgres"
import fc from "fast-check"
import { hashToken } from "../../waitlist/codes"
import { migrate, MIGRATIONS } from "../migrations"
import { openEmbeddedStore, openPostgresStore } from "../open-store"
import { openPostgresDatabase } from "../postgres-database"
import { openSqliteDatabase } from "../sqlite-database"
import { allRows, statusTokenExpiry, type AddResult, type NewSignup, type Signup, type SignupStore } from "../store"

const BOOST = 10
const NOW = new Date("2026-11-22T12:00:00.000Z")
const HOUR = 3_600_000

let counter = 0
/** A signup as the service would hand it over; codes and tokens derived from the address. */
const signup = (email: string, overrides: Partial<NewSignup> = {}): NewSignup => {
  counter += 1
  const code = `C${String(counter).padStart(9, "0")}`
  return {
    email,
    emailKey: email.toLowerCase(),
    source: "website_signup",
    timestamp: "2026-11-22T11:59:59.000Z",
    receivedAt: NOW.toISOString(),
    status: "confirmed",
    referralCode: code,
    referredBy: null,
    statusTokenHash: hashToken(`status ${email}`),
    confirmToken: null,
    attribution: null,
    consent: null,
    mail: null,
    ...overrides,
  }
}
/** The signup an add answered with: the new one, or the one already there. */
const signupOf = (result: AddResult): Signup => {
  if (result.kind === "suppressed") throw new Error("the signup was refused as suppressed")
  return result.signup
}

const pending = (email: string, overrides: Partial<NewSignup> = {}): NewSignup =>
  signup(email, {
    status: "pending",
    confirmToken: { hash: hashToken(`confirm ${email}`), expiresAt: new Date(NOW.getTime() + 48 * HOUR).toISOString() },
    ...overrides,
  })

interface StoreUnderTest {
  /** A store on fresh storage; narrow bands put even a short list in many of them. */
  fresh(bucketWidth?: number): Promise<SignupStore>
  /** Another store on the same storage, as after a restart (with another referral boost, if given). */
  reopen(boost?: number): SignupStore
}

const sqliteStores = (): StoreUnderTest => {
  let file = ""
  return {
    async fresh(bucketWidth) {
      file = join(mkdtempSync(join(tmpdir(), "block94-store-")), "signups.db")
      return openEmbeddedStore(file, BOOST, { bucketWidth })
    },
    reopen: (boost = BOOST) => openEmbeddedStore(file, boost),
  }
}

const postgresStores = (): StoreUnderTest => {
  let url = ""
  return {
    async fresh(bucketWidth) {
      url = await freshDatabase()
      return openPostgresStore({ connectionString: url, poolSize: 5 }, BOOST, { bucketWidth })
    },
    reopen: (boost = BOOST) => openPostgresStore({ connectionString: url, poolSize: 5 }, boost),
  }
}

describe.each([
  ["SQLite", sqliteStores],
  ["PostgreSQL", postgresStores],
])("%s", (_name, makeStores) => {
  const stores = makeStores()
  const opened: SignupStore[] = []
  const open = async () => {
    const store = await stores.fresh()
    opened.push(store)
    return store
  }
  const reopen = () => {
    const store = stores.reopen()
    opened.push(store)
    return store
  }
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()))
  })

  it("adds a confirmed signup and tells its place: the newest stands last", async () => {
    const store = await open()
    const first = await store.add(signup("a@example.com"))
    const second = await store.add(signup("b@example.com"))
    expect(first).toMatchObject({ kind: "added", place: { position: 1, total: 1 }, signup: { email: "a@example.com", status: "confirmed" } })
    expect(second).toMatchObject({ kind: "added", place: { position: 2, total: 2 } })
  })

  it("keeps one signup per email key and answers the second with the first", async () => {
    const store = await open()
    await store.add(signup("a@example.com"))
    const again = await store.add(signup("a@example.com", { email: "A@Example.com" }))
    expect(again).toMatchObject({ kind: "duplicate", signup: { email: "a@example.com" } })
    expect((await allRows(store)).map((row) => row.signup.email)).toEqual(["a@example.com"])
  })

  it("lists every signup in order with where it stands and where it came from", async () => {
    const store = await open()
    await store.add(signup("a@example.com", { attribution: { source: "tiktok", campaign: "launch", referrer: "www.tiktok.com" } }))
    await store.add(pending("b@example.com"))
    const rows = await allRows(store)
    expect(rows.map(({ signup: { email, status, attribution }, place }) => ({ email, status, attribution, place }))).toEqual([
      {
        email: "a@example.com",
        status: "confirmed",
        attribution: { source: "tiktok", campaign: "launch", referrer: "www.tiktok.com" },
        place: { position: 1, total: 1 },
      },
      { email: "b@example.com", status: "pending", attribution: null, place: null },
    ])
  })

  it("keeps all of 200 concurrent signups, each once", async () => {
    const store = await open()
    const emails = Array.from({ length: 200 }, (_, index) => `fan${index}@example.com`)
    const results = await Promise.all(emails.map((email) => store.add(signup(email))))
    expect(results.every((result) => result.kind === "added")).toBe(true)
    const rows = await allRows(store)
    expect(rows.map((row) => row.signup.email).sort()).toEqual([...emails].sort())
    // Places answered under concurrency are all different, 1 to 200.
    expect(new Set(results.map((result) => (result.kind === "added" ? result.place?.position : 0))).size).toBe(200)
  })

  it("stores one of 50 concurrent signups of the same address", async () => {
    const store = await open()
    const results = await Promise.all(Array.from({ length: 50 }, () => store.add(signup("same@example.com"))))
    expect(results.filter((result) => result.kind === "added")).toHaveLength(1)
    expect(await allRows(store)).toHaveLength(1)
  })

  it("gives each of several signups that arrive at once its own tokens", async () => {
    const store = await open()
    const [confirmed, waiting, again] = await Promise.all([
      store.add(signup("a@example.com")),
      store.add(pending("b@example.com")),
      store.add(signup("A@example.com", { statusTokenHash: hashToken("status of the repeat") })),
    ])
    expect([confirmed.kind, waiting.kind, again.kind]).toEqual(["added", "added", "duplicate"])
    await expect(store.standingByStatusToken(hashToken("status a@example.com"))).resolves.toMatchObject({ signup: { email: "a@example.com" } })
    await expect(store.standingByStatusToken(hashToken("status b@example.com"))).resolves.toMatchObject({ signup: { email: "b@example.com" } })
    // The repeat's token was never stored: it leads nowhere, least of all to the first signup.
    await expect(store.standingByStatusToken(hashToken("status of the repeat"))).resolves.toBeNull()
    await expect(store.confirm(hashToken("confirm b@example.com"), NOW)).resolves.toMatchObject({ kind: "confirmed", signup: { email: "b@example.com" } })
  })

  it("remembers everything after a restart", async () => {
    const store = await open()
    await store.add(signup("a@example.com"))
    await store.add(pending("b@example.com"))
    await store.close()
    opened.splice(opened.indexOf(store), 1)
    const restarted = reopen()
    await expect(restarted.add(signup("a@example.com"))).resolves.toMatchObject({ kind: "duplicate" })
    await expect(restarted.confirm(hashToken("confirm b@example.com"), NOW)).resolves.toMatchObject({ kind: "confirmed" })
    await expect(restarted.standingByStatusToken(hashToken("status a@example.com"))).resolves.toMatchObject({ place: { position: 1, total: 2 } })
  })

  describe("double opt-in", () => {
    it("gives a pending signup no place until its token confirms it", async () => {
      const store = await open()
      await store.add(signup("first@example.com"))
      const added = await store.add(pending("late@example.com"))
      expect(added).toMatchObject({ kind: "added", place: null, signup: { status: "pending" } })
      expect(await store.standingByStatusToken(hashToken("status late@example.com"))).toMatchObject({ place: null })
      const confirmed = await store.confirm(hashToken("confirm late@example.com"), NOW)
      expect(confirmed).toMatchObject({ kind: "confirmed", signup: { status: "confirmed" }, place: { position: 2, total: 2 } })
    })

    it("uses a confirmation token once", async () => {
      const store = await open()
      await store.add(pending("a@example.com"))
      await store.confirm(hashToken("confirm a@example.com"), NOW)
      await expect(store.confirm(hashToken("confirm a@example.com"), NOW)).resolves.toEqual({ kind: "expired" })
    })

    it("refuses an expired token and knows no unknown one", async () => {
      const store = await open()
      await store.add(pending("a@example.com"))
      const later = new Date(NOW.getTime() + 48 * HOUR + 1)
      await expect(store.confirm(hashToken("confirm a@example.com"), later)).resolves.toEqual({ kind: "expired" })
      await expect(store.confirm(hashToken("no such token"), NOW)).resolves.toEqual({ kind: "unknown" })
    })

    it("confirms with a token sent later, as a repeat signup gets one", async () => {
      const store = await open()
      await store.add(pending("a@example.com"))
      await store.addToken("a@example.com", { kind: "confirm", hash: hashToken("second"), expiresAt: new Date(NOW.getTime() + HOUR).toISOString() })
      await expect(store.confirm(hashToken("second"), NOW)).resolves.toMatchObject({ kind: "confirmed" })
    })
  })

  describe("referrals and places", () => {
    it("counts a referral once the referred signup confirms, and moves the referrer up", async () => {
      const store = await open()
      const c = await store.add(signup("c@example.com"))
      const a = await store.add(signup("a@example.com"))
      expect(a).toMatchObject({ place: { position: 2 } })
      const code = signupOf(a).referralCode
      await store.add(pending("b@example.com", { referredBy: code }))
      expect(await store.standingByStatusToken(hashToken("status a@example.com"))).toMatchObject({ referrals: 0, place: { position: 2 } })
      await store.confirm(hashToken("confirm b@example.com"), NOW)
      const standing = await store.standingByStatusToken(hashToken("status a@example.com"))
      expect(standing).toMatchObject({ referrals: 1, place: { position: 1, total: 3 } })
      expect(await store.standingByStatusToken(hashToken("status c@example.com"))).toMatchObject({ place: { position: 2 } })
      expect(signupOf(c).referralCode).not.toBe(code)
      const rows = await allRows(store)
      expect(rows.map((row) => [row.signup.email, row.place?.position, row.referrals, row.referredBy])).toEqual([
        ["c@example.com", 2, 0, null],
        ["a@example.com", 1, 1, null],
        ["b@example.com", 3, 0, code],
      ])
    })

    it("ignores a referral code that names nobody", async () => {
      const store = await open()
      const added = await store.add(signup("a@example.com", { referredBy: "NOBODY0000" }))
      expect(signupOf(added).referredBy).toBeNull()
    })

    it("breaks a tie by signup order", async () => {
      const store = await open()
      const added = []
      for (let index = 1; index <= 12; index += 1) added.push(await store.add(signup(`s${index}@example.com`)))
      // The 12th brings one friend: it stands at 12 - 10 = 2, level with the 2nd, who signed up first.
      await store.add(signup("friend@example.com", { referredBy: signupOf(added[11]).referralCode }))
      expect(await store.standingByStatusToken(hashToken("status s12@example.com"))).toMatchObject({ place: { position: 3 } })
      expect(await store.standingByStatusToken(hashToken("status s2@example.com"))).toMatchObject({ place: { position: 2 } })
    })

    it("finds a signup by any status token it was given, never by an unknown one", async () => {
      const store = await open()
      await store.add(signup("a@example.com"))
      await store.addToken("a@example.com", { kind: "status", hash: hashToken("another"), expiresAt: statusTokenExpiry(NOW) })
      await expect(store.standingByStatusToken(hashToken("another"))).resolves.toMatchObject({ signup: { email: "a@example.com" } })
      await expect(store.standingByStatusToken(hashToken("nobody's"))).resolves.toBeNull()
    })
  })

  describe("the outbox", () => {
    const message = (email: string) => ({
      kind: "confirmation" as const,
      payload: { to: email, link: `https://block94.example/confirm/#token=${email}` },
      unsubscribeTokenHash: hashToken(`unsubscribe ${email} ${(counter += 1)}`),
    })
    const lease = (at: Date) => new Date(at.getTime() + 2 * 60_000)

    it("writes a signup's mail with it, and hands each due message to one sender at a time", async () => {
      const store = await open()
      await store.add(pending("a@example.com", { mail: message("a@example.com") }))
      await store.add(pending("b@example.com", { mail: message("b@example.com") }))
      const [first, second] = await Promise.all([store.claimDueMessages(NOW, 10, lease(NOW)), store.claimDueMessages(NOW, 10, lease(NOW))])
      const claimed = [...first, ...second]
      expect(claimed.map((entry) => entry.payload.to).sort()).toEqual(["a@example.com", "b@example.com"])
      expect(claimed.every((entry) => entry.attempts === 1 && /^[0-9a-f-]{36}$/.test(entry.messageId))).toBe(true)
      // Claimed messages stay hidden while their lease runs, and come back (same id) once it is over.
      await expect(store.claimDueMessages(new Date(NOW.getTime() + 60_000), 10, lease(NOW))).resolves.toEqual([])
      const again = await store.claimDueMessages(lease(NOW), 10, lease(lease(NOW)))
      expect(again.map((entry) => [entry.messageId, entry.attempts]).sort()).toEqual(claimed.map((entry) => [entry.messageId, 2]).sort())
    })

    it("counts the resend interval from the last mail delivered, and never queues while one is waiting", async () => {
      const store = await open()
      await store.add(pending("a@example.com", { mail: message("a@example.com") }))
      const token = (name: string) => ({ kind: "status" as const, hash: hashToken(name), expiresAt: statusTokenExpiry(NOW) })
      // The confirmation is still waiting (the mail server is down, say): nothing more piles up.
      await expect(store.queueMail("a@example.com", token("t1"), message("a@example.com"), NOW, HOUR)).resolves.toBe(false)
      const [entry] = await store.claimDueMessages(NOW, 10, lease(NOW))
      await store.markAttemptFailed(entry.id, NOW, "connect ECONNREFUSED", new Date(NOW.getTime() + 30_000))
      await expect(store.queueMail("a@example.com", token("t2"), message("a@example.com"), NOW, HOUR)).resolves.toBe(false)
      // Delivered an hour later: the hour counts from then.
      const deliveredAt = new Date(NOW.getTime() + HOUR)
      const [retry] = await store.claimDueMessages(deliveredAt, 10, lease(deliveredAt))
      await store.markDelivered(retry.id, deliveredAt)
      await expect(store.queueMail("a@example.com", token("t3"), message("a@example.com"), new Date(deliveredAt.getTime() + HOUR - 1), HOUR)).resolves.toBe(
        false,
      )
      const [one, two] = await Promise.all([
        store.queueMail("a@example.com", token("t4"), message("a@example.com"), new Date(deliveredAt.getTime() + HOUR), HOUR),
        store.queueMail("a@example.com", token("t5"), message("a@example.com"), new Date(deliveredAt.getTime() + HOUR), HOUR),
      ])
      expect([one, two].sort()).toEqual([false, true])
      await expect(store.queueMail("nobody@example.com", token("t6"), message("nobody@example.com"), NOW, HOUR)).resolves.toBe(false)
      expect((await store.findSignup("a@example.com"))?.lastMailAt).toBe(deliveredAt.toISOString())
    })

    it("gives up after the last retry, counts it, and keeps no address in it", async () => {
      const store = await open()
      await store.add(pending("a@example.com", { mail: message("a@example.com") }))
      const [entry] = await store.claimDueMessages(NOW, 10, lease(NOW))
      await store.markAttemptFailed(entry.id, NOW, "550 mailbox unavailable", null)
      await expect(store.outboxHealth()).resolves.toEqual({ waiting: 0, failed: 1, lastError: "550 mailbox unavailable" })
      await expect(store.claimDueMessages(new Date(NOW.getTime() + 48 * HOUR), 10, lease(NOW))).resolves.toEqual([])
      // Given up, the person may ask for their link again.
      await expect(
        store.queueMail("a@example.com", { kind: "status", hash: hashToken("t"), expiresAt: statusTokenExpiry(NOW) }, message("a@example.com"), NOW, HOUR),
      ).resolves.toBe(true)
      await expect(store.outboxHealth()).resolves.toMatchObject({ waiting: 1, failed: 1 })
    })
  })

  describe("leaving the list", () => {
    const statusOf = (email: string) => ({ token: "status" as const, hash: hashToken(`status ${email}`) })
    const unsubscribeOf = (email: string) => ({ token: "unsubscribe" as const, hash: hashToken(`unsubscribe ${email}`) })
    /** A pending signup with its confirmation email queued, whose unsubscribe link carries `unsubscribe <email>`. */
    const mailed = (email: string, overrides: Partial<NewSignup> = {}) =>
      pending(email, {
        mail: {
          kind: "confirmation",
          payload: { to: email, link: `https://block94.example/confirm/#token=${email}` },
          unsubscribeTokenHash: hashToken(`unsubscribe ${email}`),
        },
        ...overrides,
      })
    const places = async (store: SignupStore) =>
      Object.fromEntries((await allRows(store)).map((row) => [row.signup.email, row.place ? `${row.place.position}/${row.place.total}` : "pending"]))

    it("erases a confirmed person at once: everyone behind moves up, lookups and the export forget them", async () => {
      const store = await open()
      for (const email of ["a@example.com", "b@example.com", "c@example.com", "d@example.com"]) await store.add(signup(email))
      await expect(store.erase(statusOf("b@example.com"), NOW)).resolves.toEqual({ kind: "erased" })
      expect(await places(store)).toEqual({ "a@example.com": "1/3", "c@example.com": "2/3", "d@example.com": "3/3" })
      await expect(store.standingByStatusToken(hashToken("status c@example.com"))).resolves.toMatchObject({ place: { position: 2, total: 3 }, total: 3 })
      await expect(store.standingByStatusToken(hashToken("status b@example.com"))).resolves.toBeNull()
      await expect(store.findSignup("b@example.com")).resolves.toBeNull()
      const summary = await store.ownerSummary(NOW, { days: 1, limit: 10 })
      expect(summary).toMatchObject({ confirmed: 3, pending: 0, perDay: [{ day: "2026-11-22", signups: 3 }] })
      // The next signup stands right behind the last one left.
      await expect(store.add(signup("e@example.com"))).resolves.toMatchObject({ kind: "added", place: { position: 4, total: 4 } })
    })

    it("erases a pending person, with its tokens and its mail still waiting, and keeps everyone's place", async () => {
      const store = await open()
      await store.add(signup("a@example.com"))
      await store.add(mailed("b@example.com"))
      await store.add(mailed("c@example.com"))
      await expect(store.erase(unsubscribeOf("b@example.com"), NOW)).resolves.toEqual({ kind: "erased" })
      // Its confirmation email is gone from the outbox; the other one is still there.
      const claimed = await store.claimDueMessages(NOW, 10, new Date(NOW.getTime() + 60_000))
      expect(claimed.map((entry) => entry.payload.to)).toEqual(["c@example.com"])
      // Every token it had is revoked: confirmation, status and unsubscribe.
      await expect(store.confirm(hashToken("confirm b@example.com"), NOW)).resolves.toEqual({ kind: "unknown" })
      await expect(store.erase(statusOf("b@example.com"), NOW)).resolves.toEqual({ kind: "unknown" })
      expect(await places(store)).toEqual({ "a@example.com": "1/1", "c@example.com": "pending" })
    })

    it("answers a used unsubscribe link with alreadyLeft, and knows no unknown token", async () => {
      const store = await open()
      await store.add(mailed("a@example.com"))
      // A status link of a person who left leads nowhere; an unsubscribe link still says "left".
      await expect(store.erase(unsubscribeOf("a@example.com"), NOW)).resolves.toEqual({ kind: "erased" })
      await expect(store.erase(unsubscribeOf("a@example.com"), NOW)).resolves.toEqual({ kind: "alreadyLeft" })
      await expect(store.erase(statusOf("a@example.com"), NOW)).resolves.toEqual({ kind: "unknown" })
      await expect(store.erase(unsubscribeOf("nobody@example.com"), NOW)).resolves.toEqual({ kind: "unknown" })
      // A status token is not an unsubscribe token, nor the other way round.
      await store.add(mailed("b@example.com"))
      await expect(store.erase({ token: "unsubscribe", hash: hashToken("status b@example.com") }, NOW)).resolves.toEqual({ kind: "unknown" })
      await expect(store.erase({ token: "status", hash: hashToken("unsubscribe b@example.com") }, NOW)).resolves.toEqual({ kind: "unknown" })
    })

    it("keeps every unsubscribe link of a person who left by another way answering alreadyLeft", async () => {
      const store = await open()
      await store.add(mailed("a@example.com"))
      const [entry] = await store.claimDueMessages(NOW, 10, new Date(NOW.getTime() + 60_000))
      await store.markDelivered(entry.id, NOW)
      const later = new Date(NOW.getTime() + 2 * HOUR)
      const second = {
        kind: "status-link" as const,
        payload: { to: "a@example.com", link: "https://block94.example/waitlist/" },
        unsubscribeTokenHash: hashToken("second unsubscribe"),
      }
      await expect(
        store.queueMail("a@example.com", { kind: "status", hash: hashToken("second status"), expiresAt: statusTokenExpiry(NOW) }, second, later, HOUR),
      ).resolves.toBe(true)
      await expect(store.erase(statusOf("a@example.com"), later)).resolves.toEqual({ kind: "erased" })
      await expect(store.erase(unsubscribeOf("a@example.com"), later)).resolves.toEqual({ kind: "alreadyLeft" })
      await expect(store.erase({ token: "unsubscribe", hash: hashToken("second unsubscribe") }, later)).resolves.toEqual({ kind: "alreadyLeft" })
      await expect(store.standingByStatusToken(hashToken("second status"))).resolves.toBeNull()
    })

    it("takes a confirmed referral from its referrer, who moves back in line", async () => {
      const store = await open()
      const people = []
      for (let index = 1; index <= 12; index += 1) people.push(await store.add(signup(`s${index}@example.com`)))
      await store.add(mailed("friend@example.com", { referredBy: signupOf(people[11]).referralCode }))
      await store.confirm(hashToken("confirm friend@example.com"), NOW)
      // 12 - 10 = 2, level with the 2nd, who came first.
      await expect(store.standingByStatusToken(hashToken("status s12@example.com"))).resolves.toMatchObject({ referrals: 1, place: { position: 3, total: 13 } })
      await expect(store.erase(unsubscribeOf("friend@example.com"), NOW)).resolves.toEqual({ kind: "erased" })
      await expect(store.standingByStatusToken(hashToken("status s12@example.com"))).resolves.toMatchObject({
        referrals: 0,
        place: { position: 12, total: 12 },
      })
      await expect(store.standingByStatusToken(hashToken("status s3@example.com"))).resolves.toMatchObject({ place: { position: 3, total: 12 } })
      expect((await allRows(store)).find((row) => row.signup.email === "s12@example.com")).toMatchObject({ referrals: 0, place: { position: 12 } })
    })

    it("leaves no trace of a referrer: its friends keep their places without it, and its old link counts for no one", async () => {
      const store = await open()
      const a = signupOf(await store.add(signup("a@example.com")))
      await store.add(signup("b@example.com", { referredBy: a.referralCode }))
      await store.add(mailed("c@example.com", { referredBy: a.referralCode }))
      await expect(store.erase({ emailKey: "a@example.com" }, NOW)).resolves.toEqual({ kind: "erased" })
      await store.confirm(hashToken("confirm c@example.com"), NOW)
      const late = await store.add(signup("d@example.com", { referredBy: a.referralCode }))
      expect(signupOf(late).referredBy).toBeNull()
      const rows = await allRows(store)
      expect(rows.map((row) => [row.signup.email, row.referredBy, row.referrals, row.place?.position])).toEqual([
        ["b@example.com", null, 0, 1],
        ["c@example.com", null, 0, 2],
        ["d@example.com", null, 0, 3],
      ])
      expect(rows.some((row) => row.signup.referralCode === a.referralCode)).toBe(false)
    })

    it("keeps a suppression key: an import or a single opt-in signup cannot add the address back; its owner's confirmation can, at the end of the line", async () => {
      const store = await open()
      await store.add(signup("a@example.com"))
      await store.add(signup("fan@example.com"))
      await store.add(signup("z@example.com"))
      await store.erase(statusOf("fan@example.com"), NOW)
      // An import (no signup of its own) is refused, however the address is written.
      await expect(store.add(signup("fan@example.com"))).resolves.toEqual({ kind: "suppressed" })
      // So is a signup that nobody confirms (single opt-in): anyone could have typed the address.
      await expect(store.add(signup("fan@example.com", { overridesSuppression: true }))).resolves.toEqual({ kind: "suppressed" })
      expect((await allRows(store)).map((row) => row.signup.email)).toEqual(["a@example.com", "z@example.com"])
      // A signup of its own waits, pending, with the suppression still in place...
      const pending = {
        status: "pending" as const,
        overridesSuppression: true,
        statusTokenHash: hashToken("status fan again"),
        confirmToken: { hash: hashToken("confirm fan again"), expiresAt: "2026-11-24T12:00:00.000Z" },
      }
      const back = await store.add(signup("fan@example.com", pending))
      expect(back).toMatchObject({ kind: "added", place: null })
      await expect(store.add(signup("fan@example.com"))).resolves.toMatchObject({ kind: "duplicate" })
      // ...until the address's owner confirms: a new person, with a new code, behind everyone.
      await expect(store.confirm(hashToken("confirm fan again"), NOW)).resolves.toMatchObject({ kind: "confirmed", place: { position: 3, total: 3 } })
      expect(signupOf(back).sequence).toBeGreaterThan(3)
      await expect(store.standingByStatusToken(hashToken("status fan again"))).resolves.toMatchObject({ referrals: 0, place: { position: 3 } })
      // Their old status link stays dead; the new one is theirs, and they can leave again.
      await expect(store.standingByStatusToken(hashToken("status fan@example.com"))).resolves.toBeNull()
      await expect(store.erase({ token: "status", hash: hashToken("status fan again") }, NOW)).resolves.toEqual({ kind: "erased" })
      await expect(store.add(signup("fan@example.com"))).resolves.toEqual({ kind: "suppressed" })
    })

    it("a pending signup of a suppressed address that is never confirmed leaves the suppression in place", async () => {
      const store = await open()
      await store.add(signup("fan@example.com"))
      await store.erase(statusOf("fan@example.com"), NOW)
      const pending = {
        status: "pending" as const,
        overridesSuppression: true,
        statusTokenHash: hashToken("status typed by someone"),
        confirmToken: { hash: hashToken("confirm typed"), expiresAt: "2026-11-24T12:00:00.000Z" },
      }
      await store.add(signup("fan@example.com", pending))
      // The stranger's signup is erased (say, the owner of the address leaves from the email): still suppressed.
      await store.erase({ token: "status", hash: hashToken("status typed by someone") }, NOW)
      await expect(store.add(signup("fan@example.com"))).resolves.toEqual({ kind: "suppressed" })
    })

    it("forgets by address: erases whoever has it, and suppresses it even when no one had it", async () => {
      const store = await open()
      await store.add(signup("a@example.com"))
      await expect(store.erase({ emailKey: "a@example.com" }, NOW)).resolves.toEqual({ kind: "erased" })
      await expect(store.erase({ emailKey: "a@example.com" }, NOW)).resolves.toEqual({ kind: "unknown" })
      await expect(store.erase({ emailKey: "never@example.com" }, NOW)).resolves.toEqual({ kind: "unknown" })
      await expect(store.add(signup("never@example.com"))).resolves.toEqual({ kind: "suppressed" })
      expect(await allRows(store)).toEqual([])
    })

    it("takes a person out once when two requests to leave arrive together", async () => {
      const store = await open()
      const a = signupOf(await store.add(signup("a@example.com")))
      await store.add(signup("b@example.com"))
      await store.add(mailed("c@example.com", { referredBy: a.referralCode }))
      await store.confirm(hashToken("confirm c@example.com"), NOW)
      await store.add(signup("d@example.com"))
      const results = await Promise.all([
        store.erase(statusOf("c@example.com"), NOW),
        store.erase(unsubscribeOf("c@example.com"), NOW),
        store.erase({ emailKey: "c@example.com" }, NOW),
      ])
      expect(results.filter((result) => result.kind === "erased")).toHaveLength(1)
      expect(await places(store)).toEqual({ "a@example.com": "1/3", "b@example.com": "2/3", "d@example.com": "3/3" })
      await expect(store.standingByStatusToken(hashToken("status a@example.com"))).resolves.toMatchObject({ referrals: 0 })
    })
  })

  it("answers a ping", async () => {
    const store = await open()
    await expect(store.ping()).resolves.toBeUndefined()
  })
})

describe("the PostgreSQL store, with signups that arrive together", () => {
  const opened: SignupStore[] = []
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()))
  })

  it("fails only the signup the database refuses, not the others sent with it", async () => {
    const store = openPostgresStore({ connectionString: await freshDatabase(), poolSize: 2 }, BOOST)
    opened.push(store)
    // Two new signups that happen to draw the same referral code (unique in the database).
    const results = await Promise.allSettled([
      store.add(signup("a@example.com", { referralCode: "SAMECODE00" })),
      store.add(signup("b@example.com", { referralCode: "SAMECODE00" })),
      store.add(signup("c@example.com")),
    ])
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "fulfilled", "rejected"])
    expect((await allRows(store)).map((row) => row.signup.email).sort()).toEqual(
      results[0].status === "fulfilled" ? ["a@example.com", "c@example.com"] : ["b@example.com", "c@example.com"],
    )
  })
})

describe.each([
  [
    "SQLite",
    async () => {
      const file = join(mkdtempSync(join(tmpdir(), "block94-older-")), "signups.db")
      return { db: openSqliteDatabase(file), store: () => openEmbeddedStore(file, BOOST) }
    },
  ],
  [
    "PostgreSQL",
    async () => {
      const connectionString = await freshDatabase()
      return { db: openPostgresDatabase({ connectionString, poolSize: 2 }), store: () => openPostgresStore({ connectionString, poolSize: 2 }, BOOST) }
    },
  ],
])("a %s database from before leaving the list", (_name, older) => {
  it("keeps its signups and tokens through the migration, then takes unsubscribe tokens, suppressions and erasures", async () => {
    const { db, store: openStore } = await older()
    const latest = Math.max(...MIGRATIONS[db.engine].map(({ version }) => version))
    await migrate(
      db,
      MIGRATIONS[db.engine].filter(({ version }) => version < latest),
    )
    await db.query(
      `insert into signups (email, email_key, source, signed_up_at, received_at, status, confirmed_at, referral_code)
       values ('old@example.com', 'old@example.com', 'website_signup', $1, $1, 'confirmed', $1, 'OLDCODE000')`,
      [NOW.toISOString()],
    )
    await db.query("insert into signup_tokens (hash, signup_id, kind) select $1, id, 'status' from signups", [hashToken("status old@example.com")])
    await db.query("insert into standing_buckets (bucket, confirmed) values (0, 1)")
    await db.close()
    const store = openStore()
    try {
      await expect(store.standingByStatusToken(hashToken("status old@example.com"))).resolves.toMatchObject({ place: { position: 1, total: 1 } })
      const mail = {
        kind: "confirmation" as const,
        payload: { to: "new@example.com", link: "https://block94.example/confirm/" },
        unsubscribeTokenHash: hashToken("unsubscribe new"),
      }
      await expect(store.add(pending("new@example.com", { mail }))).resolves.toMatchObject({ kind: "added" })
      await expect(store.erase({ token: "unsubscribe", hash: hashToken("unsubscribe new") }, NOW)).resolves.toEqual({ kind: "erased" })
      await expect(store.erase({ token: "status", hash: hashToken("status old@example.com") }, NOW)).resolves.toEqual({ kind: "erased" })
      await expect(store.add(signup("old@example.com"))).resolves.toEqual({ kind: "suppressed" })
      expect(await allRows(store)).toEqual([])
    } finally {
      await store.close()
    }
  })
})

/**
 * The ranking rule worked out the slow, obvious way, from what a person can see: confirmed
 * signups ordered by their number less BOOST per confirmed referral, the earlier one first on a tie.
 */
const bruteForcePlaces = (signups: ReadonlyArray<{ email: string; sequence: number; confirmed: boolean; referralCode: string; referredBy: string | null }>) => {
  const confirmedReferrals = (code: string) => signups.filter((other) => other.confirmed && other.referredBy === code).length
  const line = signups
    .filter((entry) => entry.confirmed)
    .map((entry) => ({ email: entry.email, sequence: entry.sequence, standing: entry.sequence - BOOST * confirmedReferrals(entry.referralCode) }))
    .sort((a, b) => a.standing - b.standing || a.sequence - b.sequence)
  return new Map(line.map((entry, index) => [entry.email, { position: index + 1, total: line.length }]))
}

/**
 * A random history: signups (pending or confirmed, some through an earlier one's link) arriving
 * together, confirmations, and people leaving (by their status link or by address).
 */
const steps = fc.array(
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("join" as const),
        people: fc.array(fc.record({ pending: fc.boolean(), referrer: fc.option(fc.nat(40), { nil: null }) }), { minLength: 1, maxLength: 6 }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("confirm" as const), who: fc.nat(40) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("leave" as const), who: fc.nat(40), by: fc.constantFrom("status" as const, "address" as const) }) },
  ),
  { minLength: 1, maxLength: 25 },
)

describe.each([
  // Histories per run: each starts a fresh database, which costs PostgreSQL more.
  ["SQLite", sqliteStores, 60],
  ["PostgreSQL", postgresStores, 15],
])("places on %s after random histories", (_name, makeStores, runs) => {
  it("match a brute-force ranking for every signup, in lookups and in the export, as people join, confirm and leave", async () => {
    const stores = makeStores()
    await fc.assert(
      fc.asyncProperty(steps, fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(1, 3, 1000), async (history, seed, bucketWidth) => {
        const store = await stores.fresh(bucketWidth)
        try {
          const emails: string[] = []
          const codes = new Map<string, string>()
          /** Whose link each signup came through, as the test sent it. */
          const referrers = new Map<string, string | null>()
          const left = new Set<string>()
          for (const step of history) {
            if (step.kind === "confirm") {
              const email = emails[step.who % Math.max(1, emails.length)]
              if (email) await store.confirm(hashToken(`confirm ${email}`), NOW)
              continue
            }
            if (step.kind === "leave") {
              const email = emails[step.who % Math.max(1, emails.length)]
              if (!email) continue
              const result = await store.erase(step.by === "status" ? { token: "status", hash: hashToken(`status ${email}`) } : { emailKey: email }, NOW)
              expect(result.kind).toBe(left.has(email) ? "unknown" : "erased")
              left.add(email)
              continue
            }
            // Signups that arrive together go into one batch, as under load.
            const people = step.people.map((person, index) => {
              const email = `p${seed}-${emails.length + index}@example.com`
              const referrer = person.referrer === null || emails.length === 0 ? null : emails[person.referrer % emails.length]
              referrers.set(email, referrer)
              return (person.pending ? pending : signup)(email, { referredBy: referrer && (codes.get(referrer) ?? null) })
            })
            const results = await Promise.all(people.map((person) => store.add(person)))
            results.forEach((result, index) => {
              emails.push(people[index].email)
              codes.set(people[index].email, signupOf(result).referralCode)
            })
          }
          const rows = await allRows(store)
          // Everyone who left is gone, and their links count for no one: worked out here, not read back.
          expect(rows.map((row) => row.signup.email)).toEqual(emails.filter((email) => !left.has(email)))
          const referredBy = (email: string) => {
            const referrer = referrers.get(email)
            return referrer && !left.has(referrer) ? (codes.get(referrer) ?? null) : null
          }
          expect(rows.map((row) => [row.signup.email, row.referredBy])).toEqual(rows.map((row) => [row.signup.email, referredBy(row.signup.email)]))
          const expected = bruteForcePlaces(
            rows.map(({ signup: row }) => ({
              email: row.email,
              sequence: row.sequence,
              confirmed: row.status === "confirmed",
              referralCode: row.referralCode,
              referredBy: referredBy(row.email),
            })),
          )
          for (const row of rows) {
            const standing = await store.standingByStatusToken(hashToken(`status ${row.signup.email}`))
            expect({ email: row.signup.email, lookup: standing?.place ?? null, exported: row.place }).toEqual({
              email: row.signup.email,
              lookup: expected.get(row.signup.email) ?? null,
              exported: expected.get(row.signup.email) ?? null,
            })
            expect(standing?.total).toBe(expected.size)
          }
          for (const email of left) await expect(store.standingByStatusToken(hashToken(`status ${email}`))).resolves.toBeNull()
        } finally {
          await store.close()
        }
      }),
      // A failing history is reported as found: shrinking one costs minutes on a real database.
      { numRuns: runs, endOnFailure: true },
    )
  }, 120_000)

  it("ranks the list again when the referral boost changes", async () => {
    const stores = makeStores()
    const store = await stores.fresh()
    const first = await store.add(signup("first@example.com"))
    for (let index = 0; index < 3; index += 1) await store.add(signup(`filler${index}@example.com`))
    const last = await store.add(signup("last@example.com"))
    await store.add(signup("friend@example.com", { referredBy: signupOf(last).referralCode }))
    // Boost 10: the last (number 5, one referral) stands at -5, ahead of the first.
    await expect(store.standingByStatusToken(hashToken("status last@example.com"))).resolves.toMatchObject({ place: { position: 1 } })
    await store.close()
    const reopened = stores.reopen(1)
    try {
      // Boost 1: the last stands at 5 - 1 = 4, level with the fourth signup, who came first.
      await expect(reopened.standingByStatusToken(hashToken("status last@example.com"))).resolves.toMatchObject({ place: { position: 5, total: 6 } })
      expect(signupOf(first).sequence).toBeLessThan(signupOf(last).sequence)
    } finally {
      await reopened.close()
    }
  })
})

/** @jest-environment node */
// One contract, two engines: everything the signup service relies on, run against SQLite and
// against a real PostgreSQL server (started for the test run, no mocks).
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freshDatabase } from "../../../../../test/postgres"
import fc from "fast-check"
import { hashToken } from "../../waitlist/codes"
import { openEmbeddedStore, openPostgresStore } from "../open-store"
import { allRows, type NewSignup,type SignupStore } from "../store"

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
      { email: "a@example.com", status: "confirmed", attribution: { source: "tiktok", campaign: "launch", referrer: "www.tiktok.com" }, place: { position: 1, total: 1 } },
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
      const code = a.signup.referralCode
      await store.add(pending("b@example.com", { referredBy: code }))
      expect(await store.standingByStatusToken(hashToken("status a@example.com"))).toMatchObject({ referrals: 0, place: { position: 2 } })
      await store.confirm(hashToken("confirm b@example.com"), NOW)
      const standing = await store.standingByStatusToken(hashToken("status a@example.com"))
      expect(standing).toMatchObject({ referrals: 1, place: { position: 1, total: 3 } })
      expect(await store.standingByStatusToken(hashToken("status c@example.com"))).toMatchObject({ place: { position: 2 } })
      expect(c.signup.referralCode).not.toBe(code)
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
      expect(added.signup.referredBy).toBeNull()
    })

    it("breaks a tie by signup order", async () => {
      const store = await open()
      const added = []
      for (let index = 1; index <= 12; index += 1) added.push(await store.add(signup(`s${index}@example.com`)))
      // The 12th brings one friend: it stands at 12 - 10 = 2, level with the 2nd, who signed up first.
      await store.add(signup("friend@example.com", { referredBy: added[11].signup.referralCode }))
      expect(await store.standingByStatusToken(hashToken("status s12@example.com"))).toMatchObject({ place: { position: 3 } })
      expect(await store.standingByStatusToken(hashToken("status s2@example.com"))).toMatchObject({ place: { position: 2 } })
    })

    it("finds a signup by any status token it was given, never by an unknown one", async () => {
      const store = await open()
      await store.add(signup("a@example.com"))
      await store.addToken("a@example.com", { kind: "status", hash: hashToken("another") })
      await expect(store.standingByStatusToken(hashToken("another"))).resolves.toMatchObject({ signup: { email: "a@example.com" } })
      await expect(store.standingByStatusToken(hashToken("nobody's"))).resolves.toBeNull()
    })
  })

  describe("the outbox", () => {
    const message = (email: string) => ({ kind: "confirmation" as const, payload: { to: email, link: `https://block94.example/confirm/?token=${email}` } })
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
      const token = (name: string) => ({ kind: "status" as const, hash: hashToken(name) })
      // The confirmation is still waiting (the mail server is down, say): nothing more piles up.
      await expect(store.queueMail("a@example.com", token("t1"), message("a@example.com"), NOW, HOUR)).resolves.toBe(false)
      const [entry] = await store.claimDueMessages(NOW, 10, lease(NOW))
      await store.markAttemptFailed(entry.id, NOW, "connect ECONNREFUSED", new Date(NOW.getTime() + 30_000))
      await expect(store.queueMail("a@example.com", token("t2"), message("a@example.com"), NOW, HOUR)).resolves.toBe(false)
      // Delivered an hour later: the hour counts from then.
      const deliveredAt = new Date(NOW.getTime() + HOUR)
      const [retry] = await store.claimDueMessages(deliveredAt, 10, lease(deliveredAt))
      await store.markDelivered(retry.id, deliveredAt)
      await expect(store.queueMail("a@example.com", token("t3"), message("a@example.com"), new Date(deliveredAt.getTime() + HOUR - 1), HOUR)).resolves.toBe(false)
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
      await expect(store.queueMail("a@example.com", { kind: "status", hash: hashToken("t") }, message("a@example.com"), NOW, HOUR)).resolves.toBe(true)
      await expect(store.outboxHealth()).resolves.toMatchObject({ waiting: 1, failed: 1 })
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

/** A random history: signups (pending or confirmed, some through an earlier one's link) arriving together, and confirmations. */
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
  ),
  { minLength: 1, maxLength: 25 },
)

describe.each([
  // Histories per run: each starts a fresh database, which costs PostgreSQL more.
  ["SQLite", sqliteStores, 60],
  ["PostgreSQL", postgresStores, 15],
])("places on %s after random histories", (_name, makeStores, runs) => {
  it("match a brute-force ranking for every signup, in lookups and in the export", async () => {
    const stores = makeStores()
    await fc.assert(
      fc.asyncProperty(steps, fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(1, 3, 1000), async (history, seed, bucketWidth) => {
        const store = await stores.fresh(bucketWidth)
        try {
          const emails: string[] = []
          const codes = new Map<string, string>()
          for (const step of history) {
            if (step.kind === "confirm") {
              const email = emails[step.who % Math.max(1, emails.length)]
              if (email) await store.confirm(hashToken(`confirm ${email}`), NOW)
              continue
            }
            // Signups that arrive together go into one batch, as under load.
            const people = step.people.map((person, index) => {
              const email = `p${seed}-${emails.length + index}@example.com`
              const referrer = person.referrer === null || emails.length === 0 ? null : (codes.get(emails[person.referrer % emails.length]) ?? null)
              return (person.pending ? pending : signup)(email, { referredBy: referrer })
            })
            const results = await Promise.all(people.map((person) => store.add(person)))
            results.forEach((result, index) => {
              emails.push(people[index].email)
              codes.set(people[index].email, result.signup.referralCode)
            })
          }
          const rows = await allRows(store)
          const expected = bruteForcePlaces(
            rows.map(({ signup: row }) => ({ email: row.email, sequence: row.sequence, confirmed: row.status === "confirmed", referralCode: row.referralCode, referredBy: row.referredBy })),
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
    await store.add(signup("friend@example.com", { referredBy: last.signup.referralCode }))
    // Boost 10: the last (number 5, one referral) stands at -5, ahead of the first.
    await expect(store.standingByStatusToken(hashToken("status last@example.com"))).resolves.toMatchObject({ place: { position: 1 } })
    await store.close()
    const reopened = stores.reopen(1)
    try {
      // Boost 1: the last stands at 5 - 1 = 4, level with the fourth signup, who came first.
      await expect(reopened.standingByStatusToken(hashToken("status last@example.com"))).resolves.toMatchObject({ place: { position: 5, total: 6 } })
      expect(first.signup.sequence).toBeLessThan(last.signup.sequence)
    } finally {
      await reopened.close()
    }
  })
})

// The owner's page reads counts kept in step with the list: on both engines they must say what a
// pass over the whole list says, through signups, confirmations and erasures, and a database from
// before them gets them counted from its rows.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import fc from "fast-check"
import { freshDatabase } from "../../../../test/postgres"
import { confirmedSignup } from "../../../../test/signup-fixtures"
import { hashToken } from "../../keys/codes"
import { migrate, MIGRATIONS } from "../migrations"
import { openEmbeddedStore, openPostgresStore } from "../open-store"
import { openPostgresDatabase } from "../postgres-database"
import { openSqliteDatabase } from "../sqlite-database"
import type { OwnerSummary } from "../../../signup/owner-summary"
import { allRows, type NewSignup, type SignupStore } from "../store"
import type { SqlDatabase } from "../database"

const BOOST = 10
const NOW = new Date("2026-11-22T12:00:00.000Z")
const DAY = 24 * 3_600_000
const OPTIONS = { days: 30, limit: 20 }

let counter = 0
const person = (email: string, daysAgo: number, overrides: Partial<NewSignup> = {}): NewSignup => {
  counter += 1
  const at = new Date(NOW.getTime() - daysAgo * DAY).toISOString()
  return confirmedSignup(email, `O${String(counter).padStart(9, "0")}`, null, at, { emailKey: email.toLowerCase(), ...overrides })
}
const pendingPerson = (email: string, daysAgo: number, overrides: Partial<NewSignup> = {}): NewSignup =>
  person(email, daysAgo, {
    status: "pending",
    confirmToken: { hash: hashToken(`confirm ${email}`), expiresAt: new Date(NOW.getTime() + 2 * DAY).toISOString() },
    ...overrides,
  })

/** The same numbers worked out the slow way, from every row of the export. */
const countedFromRows = async (store: SignupStore) => {
  const rows = await allRows(store)
  const perDay = new Map<string, { signups: number; confirmations: number }>()
  const day = (iso: string) => iso.slice(0, 10)
  for (const { signup } of rows) {
    const signedUp = perDay.get(day(signup.receivedAt)) ?? { signups: 0, confirmations: 0 }
    perDay.set(day(signup.receivedAt), { ...signedUp, signups: signedUp.signups + 1 })
    if (signup.confirmedAt) {
      const confirmedOn = perDay.get(day(signup.confirmedAt)) ?? { signups: 0, confirmations: 0 }
      perDay.set(day(signup.confirmedAt), { ...confirmedOn, confirmations: confirmedOn.confirmations + 1 })
    }
  }
  const bySource = new Map<string, { signups: number; confirmed: number }>()
  for (const { signup } of rows) {
    const name = signup.attribution?.source ?? ""
    const counted = bySource.get(name) ?? { signups: 0, confirmed: 0 }
    bySource.set(name, { signups: counted.signups + 1, confirmed: counted.confirmed + (signup.status === "confirmed" ? 1 : 0) })
  }
  return {
    confirmed: rows.filter((row) => row.signup.status === "confirmed").length,
    pending: rows.filter((row) => row.signup.status === "pending").length,
    perDay,
    bySource,
    topReferrers: rows
      .filter((row) => row.referrals > 0)
      .sort((a, b) => b.referrals - a.referrals || a.signup.sequence - b.signup.sequence)
      .map((row) => ({ email: row.signup.email, referralCode: row.signup.referralCode, referrals: row.referrals })),
  }
}

const expectSummaryMatchesRows = async (store: SignupStore, summary: OwnerSummary) => {
  const counted = await countedFromRows(store)
  expect({ confirmed: summary.confirmed, pending: summary.pending }).toEqual({ confirmed: counted.confirmed, pending: counted.pending })
  for (const { day, signups, confirmations } of summary.perDay) {
    expect({ day, signups, confirmations }).toEqual({ day, ...(counted.perDay.get(day) ?? { signups: 0, confirmations: 0 }) })
  }
  expect(new Map(summary.sources.map(({ name, signups, confirmed }) => [name, { signups, confirmed }]))).toEqual(counted.bySource)
  expect(summary.topReferrers).toEqual(counted.topReferrers)
}

interface Engine {
  name: string
  fresh(): Promise<{ store: () => SignupStore; db: () => SqlDatabase }>
}

const engines: Engine[] = [
  {
    name: "SQLite",
    fresh: async () => {
      const file = join(mkdtempSync(join(tmpdir(), "block94-owner-")), "signups.db")
      return { store: () => openEmbeddedStore(file, BOOST), db: () => openSqliteDatabase(file) }
    },
  },
  {
    name: "PostgreSQL",
    fresh: async () => {
      const connectionString = await freshDatabase()
      return { store: () => openPostgresStore({ connectionString, poolSize: 3 }, BOOST), db: () => openPostgresDatabase({ connectionString, poolSize: 2 }) }
    },
  },
]

describe.each(engines)("the owner's summary on $name", ({ fresh }) => {
  const opened: Array<{ close(): Promise<void> }> = []
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()))
  })
  const open = async () => {
    const storage = await fresh()
    const store = storage.store()
    opened.push(store)
    return { store, storage }
  }

  it("starts at zero, with every one of the last 30 UTC days", async () => {
    const { store } = await open()
    const summary = await store.ownerSummary(NOW, OPTIONS)
    expect(summary).toMatchObject({
      confirmed: 0,
      pending: 0,
      invited: 0,
      redeemed: 0,
      left: 0,
      sources: [],
      campaigns: [],
      referrers: [],
      topReferrers: [],
      disabledWebhooks: [],
    })
    expect(summary.perDay).toHaveLength(30)
    expect(summary.perDay[0]).toEqual({ day: "2026-10-24", signups: 0, confirmations: 0 })
    expect(summary.perDay[29]).toEqual({ day: "2026-11-22", signups: 0, confirmations: 0 })
    expect(summary.outbox).toEqual({ waiting: 0, failed: 0, lastError: null, sentToday: 0 })
  })

  it("counts signups, confirmations and erasures per day and per source as the list changes, as a pass over the list would", async () => {
    const { store } = await open()
    const a = await store.add(person("a@example.com", 3, { attribution: { source: "tiktok", campaign: "drop-1" } }))
    if (a.kind !== "added") throw new Error("not added")
    // Signups that arrive together go in one batch, one statement per tally.
    await Promise.all([
      store.add(person("b@example.com", 2, { referredBy: a.signup.referralCode, attribution: { source: "tiktok" } })),
      store.add(person("c@example.com", 2, { referredBy: a.signup.referralCode, attribution: { referrer: "news.example" } })),
      store.add(pendingPerson("d@example.com", 1, { attribution: { source: "instagram", campaign: "drop-1" } })),
      store.add(pendingPerson("e@example.com", 0)),
    ])
    await store.confirm(hashToken("confirm d@example.com"), NOW)
    let summary = await store.ownerSummary(NOW, OPTIONS)
    expect(summary).toMatchObject({ confirmed: 4, pending: 1, left: 0 })
    expect(summary.perDay.slice(-4)).toEqual([
      { day: "2026-11-19", signups: 1, confirmations: 1 },
      { day: "2026-11-20", signups: 2, confirmations: 2 },
      { day: "2026-11-21", signups: 1, confirmations: 0 },
      { day: "2026-11-22", signups: 1, confirmations: 1 },
    ])
    expect(summary.sources).toEqual([
      { name: "", signups: 2, confirmed: 1 },
      { name: "tiktok", signups: 2, confirmed: 2 },
      { name: "instagram", signups: 1, confirmed: 1 },
    ])
    expect(summary.campaigns).toEqual([
      { name: "", signups: 3, confirmed: 2 },
      { name: "drop-1", signups: 2, confirmed: 2 },
    ])
    expect(summary.referrers).toEqual([
      { name: "", signups: 4, confirmed: 3 },
      { name: "news.example", signups: 1, confirmed: 1 },
    ])
    expect(summary.topReferrers).toEqual([{ email: "a@example.com", referralCode: a.signup.referralCode, referrals: 2 }])
    await expectSummaryMatchesRows(store, summary)

    // Leaving takes a person out of every count; only "left" grows.
    await store.erase({ emailKey: "b@example.com" }, NOW)
    await store.erase({ emailKey: "e@example.com" }, NOW)
    await store.erase({ emailKey: "nobody@example.com" }, NOW)
    summary = await store.ownerSummary(NOW, OPTIONS)
    expect(summary).toMatchObject({ confirmed: 3, pending: 0, left: 2 })
    expect(summary.sources).toContainEqual({ name: "tiktok", signups: 1, confirmed: 1 })
    expect(summary.topReferrers).toEqual([{ email: "a@example.com", referralCode: a.signup.referralCode, referrals: 1 }])
    await expectSummaryMatchesRows(store, summary)
  })

  it("shows invitations, the outbox's trouble and disabled webhooks from their own tables", async () => {
    const { store, storage } = await open()
    await store.ownerSummary(NOW, OPTIONS)
    const db = storage.db()
    opened.push(db)
    await db.query("insert into list_counters (name, value) values ('invited', 120), ('redeemed', 45)")
    await db.query("insert into webhook_endpoints (url, failing_since, disabled_at, disabled_reason) values ($1, $2, $3, $4), ($5, null, null, null)", [
      "https://hooks.example/a",
      "2026-11-20T10:00:00.000Z",
      "2026-11-21T10:00:00.000Z",
      "answered 410 Gone",
      "https://hooks.example/fine",
    ])
    const mail = {
      kind: "confirmation" as const,
      payload: { to: "f@example.com", link: "https://block94.example/confirm/" },
      unsubscribeTokenHash: hashToken("unsub f"),
    }
    await store.add(pendingPerson("f@example.com", 0, { mail }))
    const [due] = await store.claimDueMessages(NOW, 10, new Date(NOW.getTime() + 60_000))
    await store.markAttemptFailed(due.id, NOW, "421 try later", new Date(NOW.getTime() + 60_000))
    const summary = await store.ownerSummary(NOW, OPTIONS)
    expect(summary).toMatchObject({ invited: 120, redeemed: 45, outbox: { waiting: 1, failed: 0, lastError: "421 try later" } })
    expect(summary.disabledWebhooks).toEqual([{ url: "https://hooks.example/a", since: "2026-11-21T10:00:00.000Z", reason: "answered 410 Gone" }])
  })

  it("counts the emails the mail server accepted since midnight UTC: not yesterday's, nor one still waiting", async () => {
    const { store } = await open()
    const mailTo = (email: string) => ({
      mail: {
        kind: "confirmation" as const,
        payload: { to: email, link: "https://block94.example/confirm/" },
        unsubscribeTokenHash: hashToken(`unsub ${email}`),
      },
    })
    // Delivered late yesterday, delivered this morning, and one the mail server has not taken yet.
    for (const [email, deliveredAt] of [
      ["late@example.com", new Date("2026-11-21T23:59:00.000Z")],
      ["morning@example.com", new Date("2026-11-22T00:01:00.000Z")],
      ["waiting@example.com", null],
    ] as const) {
      await store.add(pendingPerson(email, 1, mailTo(email)))
      const [due] = await store.claimDueMessages(NOW, 10, new Date(NOW.getTime() + 60_000))
      if (deliveredAt) await store.markDelivered(due.id, deliveredAt)
    }
    const summary = await store.ownerSummary(NOW, OPTIONS)
    expect(summary.outbox).toMatchObject({ sentToday: 1, waiting: 1 })
  })

  it("counts a database from before the tallies from its rows when it migrates", async () => {
    const storage = await fresh()
    const db = storage.db()
    // The database as it was before the migration that brought the tallies.
    const tallies = MIGRATIONS[db.engine].find(({ name }) => name.startsWith("the owner's page: signups and confirmations per UTC day"))
    if (!tallies) throw new Error("no migration brings the tallies")
    await migrate(
      db,
      MIGRATIONS[db.engine].filter(({ version }) => version < tallies.version),
    )
    const insert = (email: string, code: string, status: string, received: string, confirmed: string | null, source: string | null, referrals = 0) =>
      db.query(
        `insert into signups (email, email_key, source, signed_up_at, received_at, status, confirmed_at, referral_code, utm_source, referrals)
         values ($1, $1, 'website_signup', $2, $2, $3, $4, $5, $6, $7)`,
        [email, received, status, confirmed, code, source, referrals],
      )
    await insert("old1@example.com", "OLD0000001", "confirmed", "2026-11-20T23:30:00.000Z", "2026-11-21T00:30:00.000Z", "tiktok", 1)
    await insert("old2@example.com", "OLD0000002", "pending", "2026-11-21T08:00:00.000Z", null, null)
    await db.query("insert into signup_suppressions (key_hash, created_at) values ('gone', $1)", [NOW.toISOString()])
    await db.close()
    const store = storage.store()
    opened.push(store)
    const summary = await store.ownerSummary(NOW, OPTIONS)
    expect(summary).toMatchObject({
      left: 1,
      sources: [
        { name: "", signups: 1, confirmed: 0 },
        { name: "tiktok", signups: 1, confirmed: 1 },
      ],
    })
    expect(summary.perDay.slice(-3)).toEqual([
      { day: "2026-11-20", signups: 1, confirmations: 0 },
      { day: "2026-11-21", signups: 1, confirmations: 1 },
      { day: "2026-11-22", signups: 0, confirmations: 0 },
    ])
    expect(summary.topReferrers).toEqual([{ email: "old1@example.com", referralCode: "OLD0000001", referrals: 1 }])
  })
})

/** Random histories: people join together (pending or confirmed, from a few sources, some through a friend's link), confirm and leave. */
const history = fc.array(
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("join" as const),
        daysAgo: fc.nat(40),
        people: fc.array(
          fc.record({
            pending: fc.boolean(),
            source: fc.constantFrom(undefined, "tiktok", "ig"),
            campaign: fc.constantFrom(undefined, "drop"),
            referrer: fc.option(fc.nat(30), { nil: null }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("confirm" as const), who: fc.nat(30), daysAgo: fc.nat(3) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("leave" as const), who: fc.nat(30) }) },
  ),
  { minLength: 1, maxLength: 20 },
)

describe.each([
  ["SQLite", engines[0], 25],
  ["PostgreSQL", engines[1], 6],
])("the owner's summary on %s after random histories", (_name, engine, runs) => {
  it("always says what a pass over the whole list says", async () => {
    await fc.assert(
      fc.asyncProperty(history, async (steps) => {
        const store = (await engine.fresh()).store()
        try {
          const people: Array<{ email: string; code: string }> = []
          for (const step of steps) {
            if (step.kind === "join") {
              const batch = step.people.map((joiner, index) => {
                const email = `p${people.length + index}-${counter}@example.com`
                const referredBy = joiner.referrer !== null && people.length > 0 ? people[joiner.referrer % people.length].code : null
                const attribution = joiner.source || joiner.campaign ? { source: joiner.source, campaign: joiner.campaign } : null
                return joiner.pending
                  ? pendingPerson(email, step.daysAgo, { referredBy, attribution })
                  : person(email, step.daysAgo, { referredBy, attribution })
              })
              people.push(...batch.map((signup) => ({ email: signup.email, code: signup.referralCode })))
              await Promise.all(batch.map((signup) => store.add(signup)))
            } else if (people.length > 0) {
              const { email } = people[step.who % people.length]
              if (step.kind === "confirm") await store.confirm(hashToken(`confirm ${email}`), new Date(NOW.getTime() - step.daysAgo * DAY))
              else await store.erase({ emailKey: email }, NOW)
            }
          }
          await expectSummaryMatchesRows(store, await store.ownerSummary(NOW, { days: 45, limit: 1000 }))
        } finally {
          await store.close()
        }
      }),
      { numRuns: runs },
    )
  }, 120_000)
})

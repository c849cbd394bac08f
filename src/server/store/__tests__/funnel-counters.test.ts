// The funnel's counters agree with a recount from the rows they count, on both engines, after
// random histories: signups through links, confirmations, held referrals released and rejected,
// erasures, the purge of pending signups, drop entries changed and withdrawn, views on days
// before and inside the funnel's window, the window moving on day by day, and the visit purge.
import { FUNNEL_LIMIT } from "../../../signup/funnel"
import type { Visit } from "../../../signup/visit"
import { confirmedSignup } from "../../../../test/signup-fixtures"
import { freshDatabase } from "../../../../test/postgres"
import { newSignupsFile } from "../../../../test/store-engines"
import { DEVELOPMENT_PEPPER } from "../../keys/pepper"
import { hashToken } from "../../keys/codes"
import { emailKey } from "../../waitlist/email-key"
import type { SqlDatabase } from "../database"
import { openPostgresDatabase } from "../postgres-database"
import { createSqlStore } from "../sql-store"
import { openSqliteDatabase } from "../sqlite-database"
import type { SignupStore } from "../store"
import { countersOf } from "../visit-store"
import { windowStart } from "../visit-links"

const START = new Date("2026-09-01T08:00:00.000Z")
const HOUR = 3_600_000
const SOURCES = ["tiktok", "instagram", null]
const SIZES = ["S", "M", "L"]

/** A small seeded generator (mulberry32), so a failing history can be replayed. */
const randomFrom = (seed: number) => {
  let state = seed
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, pick: <Item>(items: readonly Item[]): Item => items[Math.floor(next() * items.length)] }
}

const ENGINES: Array<[string, () => Promise<SqlDatabase>]> = [
  ["SQLite", async () => openSqliteDatabase(newSignupsFile())],
  ["PostgreSQL", async () => openPostgresDatabase({ connectionString: await freshDatabase(), poolSize: 2 })],
]

type Row = Record<string, unknown>
/** Rows as sorted "key=value" lines, numbers as numbers, zeros left out: two tables compare as text. */
const lines = (rows: Row[], keys: string[], values: string[]): string[] =>
  rows
    .filter((row) => values.some((value) => Number(row[value]) !== 0))
    .map((row) => [...keys.map((key) => String(row[key])), ...values.map((value) => Number(row[value]))].join(" "))
    .sort()

const HOUR_OF_CONFIRMED = { sqlite: "substr(confirmed_at, 1, 13)", postgres: `to_char(confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24')` }

/** Each counter beside the same figure counted from the rows. */
const compare = async (db: SqlDatabase, now: Date): Promise<void> => {
  const steps = async (period: "hour" | "day", length: number) => {
    const table = period === "hour" ? "hourly_tallies" : "daily_tallies"
    const key = period === "hour" ? "hour" : "day"
    const kept = await db.query(`select ${key} as starts, referred, entered, redeemed from ${table}`)
    const recount = await db.query(
      `select starts, sum(referred) as referred, sum(entered) as entered, sum(redeemed) as redeemed from (
         select substr(${HOUR_OF_CONFIRMED[db.engine]}, 1, ${length}) as starts, 1 as referred, 0 as entered, 0 as redeemed from signups
           where status = 'confirmed' and referred_by is not null and referral_held is null
         union all select substr(entered_at, 1, ${length}), 0, 1, 0 from drop_entries
         union all select substr(redeemed_at, 1, ${length}), 0, 0, 1 from drop_prizes where redeemed_at is not null
       ) counted group by starts`,
    )
    expect(lines(kept, ["starts"], ["referred", "entered", "redeemed"])).toEqual(lines(recount, ["starts"], ["referred", "entered", "redeemed"]))
  }
  await steps("hour", 13)
  await steps("day", 10)
  expect(lines(await db.query("select code, signups, confirmed from link_tallies"), ["code"], ["signups", "confirmed"])).toEqual(
    lines(
      await db.query(
        "select referred_by as code, count(*) as signups, sum(case when status = 'confirmed' then 1 else 0 end) as confirmed from signups where referred_by is not null group by referred_by",
      ),
      ["code"],
      ["signups", "confirmed"],
    ),
  )
  expect(lines(await db.query("select dimension, name, views, landings from visit_totals"), ["dimension", "name"], ["views", "landings"])).toEqual(
    lines(
      await db.query(
        "select dimension, name, sum(views) as views, sum(landings) as landings from visit_counts where period = 'day' and dimension <> 'ref' group by dimension, name",
      ),
      ["dimension", "name"],
      ["views", "landings"],
    ),
  )
  const [window] = await db.query<{ starts: string; links: number | string }>("select starts, links from link_visits_window")
  expect(window?.starts).toBe(windowStart(now))
  const links = await db.query(
    "select name as code, sum(landings) as landings from visit_counts where period = 'day' and dimension = 'ref' and starts >= $1 group by name",
    [window.starts],
  )
  expect(lines(await db.query("select code, landings from link_visits"), ["code"], ["landings"])).toEqual(lines(links, ["code"], ["landings"]))
  expect(Number(window.links)).toBe(links.length)
}

describe.each(ENGINES)("the funnel's counters on %s", (_engine, open) => {
  let db: SqlDatabase
  let store: SignupStore
  beforeEach(async () => {
    db = await open()
    store = createSqlStore(db, { boost: 10, pepper: DEVELOPMENT_PEPPER, referralDailyCap: 2 })
  })
  afterEach(() => store.close())

  it("forget the link of a person who leaves: no counter keeps their referral code", async () => {
    const now = new Date(START.getTime() + HOUR)
    await store.add(confirmedSignup("leaver@example.com", "LEAVER0001", null, START.toISOString()))
    await store.add(confirmedSignup("friend@example.com", "FRIEND0001", "LEAVER0001", START.toISOString()))
    const landing: Visit = { path: "/friend/", landing: true, referrer: null, source: null, campaign: null, ref: "LEAVER0001" }
    await store.addVisitCounts(countersOf(landing, now))
    await store.funnel(now)
    const holding = async () => {
      const rows = await Promise.all([
        db.query("select code from link_tallies where code = $1", ["LEAVER0001"]),
        db.query("select code from link_visits where code = $1", ["LEAVER0001"]),
        db.query("select name from visit_counts where name = $1", ["LEAVER0001"]),
      ])
      return rows.map((found) => found.length)
    }
    expect(await holding()).toEqual([1, 1, 1])

    await store.erase({ emailKey: emailKey("leaver@example.com") }, now)
    expect(await holding()).toEqual([0, 0, 0])
    await compare(db, now)
  })

  it.each([1, 2, 3])(
    "agree with a recount from the rows after random history %i",
    async (seed) => {
      const random = randomFrom(seed)
      let now = START
      const codes: string[] = []
      const people: string[] = []
      const pending: string[] = []
      const commitment = {
        seedHash: "5".repeat(64),
        chainHash: "c".repeat(64),
        round: 7,
        opensAt: START.toISOString(),
        closesAt: new Date(START.getTime() + 400 * 24 * HOUR).toISOString(),
        committedAt: START.toISOString(),
      }
      expect(await store.commitDrop("drop-01", commitment)).toBe(true)

      for (let step = 0; step < 240; step += 1) {
        now = new Date(now.getTime() + Math.floor(random.next() * 6 * HOUR))
        const roll = random.next()
        if (roll < 0.3) {
          const index = people.length
          const email = `p${seed}-${index}@example.com`
          const code = `C${seed}X${String(index).padStart(6, "0")}`
          const waiting = random.next() < 0.3
          await store.add(
            confirmedSignup(email, code, codes.length > 0 && random.next() < 0.6 ? random.pick(codes) : null, now.toISOString(), {
              status: waiting ? "pending" : "confirmed",
              confirmToken: waiting ? { hash: hashToken(`confirm ${email}`), expiresAt: new Date(now.getTime() + 48 * HOUR).toISOString() } : null,
              attribution: { source: random.pick(SOURCES) ?? undefined },
              referralHold: random.next() < 0.15 ? "unconfirmed" : null,
            }),
          )
          codes.push(code)
          people.push(email)
          if (waiting) pending.push(email)
        } else if (roll < 0.4 && pending.length > 0) {
          const email = pending.splice(Math.floor(random.next() * pending.length), 1)[0]
          await store.confirm(hashToken(`confirm ${email}`), now)
        } else if (roll < 0.45 && people.length > 0) {
          await store.erase({ emailKey: emailKey(random.pick(people)) }, now)
        } else if (roll < 0.5) {
          const held = await db.query<{ id: number | string }>("select id from signups where referral_held is not null")
          const ids = held.filter(() => random.next() < 0.5).map((row) => Number(row.id))
          if (ids.length > 0) await store.reviewReferrals(ids, random.next() < 0.5 ? "release" : "reject", now, "owner")
        } else if (roll < 0.53) {
          await store.purgeStale(now, { pendingMs: 24 * HOUR })
        } else if (roll < 0.68 && people.length > 0) {
          const email = random.pick(people)
          await store.enterDrop(
            {
              statusTokenHash: hashToken(`status ${email}`),
              drop: "drop-01",
              size: random.next() < 0.2 ? null : random.pick(SIZES),
              entryCode: `E${seed}-${step}`,
              network: null,
              confirmation: () => null,
            },
            now,
          )
        } else if (roll < 0.9) {
          // Views of the last few days, some through a link; a few from days the window
          // has left, and a few from days the purge deletes.
          const visits: Visit[] = Array.from({ length: 1 + Math.floor(random.next() * 4) }, () => ({
            path: random.pick(["/", "/drop/"]),
            landing: random.next() < 0.6,
            referrer: random.pick(["t.co", null]),
            source: random.pick(SOURCES),
            campaign: random.pick(["drop01", null]),
            ref: codes.length > 0 && random.next() < 0.5 ? random.pick(codes) : null,
          }))
          const daysAgo = random.next() < 0.1 ? 400 + random.next() * 40 : random.next() < 0.1 ? 30 + random.next() * 10 : random.next() * 2
          const at = new Date(now.getTime() - Math.floor(daysAgo * 24 * HOUR))
          await store.addVisitCounts(visits.flatMap((visit) => countersOf(visit, at)))
        } else if (roll < 0.95) {
          await store.funnel(now)
        } else {
          await store.purgeVisitCounts(now)
        }
      }
      const funnel = await store.funnel(now)
      await compare(db, now)
      // The history reached every counter.
      expect([funnel.total.referred, funnel.days.reduce((sum, day) => sum + day.entered, 0), funnel.sharing.links]).not.toContain(0)
      expect(funnel.links.length).toBeLessThanOrEqual(FUNNEL_LIMIT)
    },
    30_000,
  )
})

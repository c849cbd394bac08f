// Counted views on both engines: a batch is one upsert with a row per counter (never a row per
// view), counts add up across batches, nothing about a visitor is written, and counters older
// than the privacy page's months are purged.
import type { Visit } from "../../../signup/visit"
import { VISIT_COUNT_MONTHS } from "../../../signup/retention"
import { freshDatabase } from "../../../../test/postgres"
import { newSignupsFile } from "../../../../test/store-engines"
import type { SqlDatabase, SqlExecutor } from "../database"
import { openPostgresDatabase } from "../postgres-database"
import { openSqliteDatabase } from "../sqlite-database"
import { createSqlStore } from "../sql-store"
import type { SignupStore } from "../store"
import { countersOf, sumCounts, type VisitCount } from "../visit-store"
import { DEVELOPMENT_PEPPER } from "../../keys/pepper"

const AT = new Date("2026-11-23T14:20:00.000Z")

const view = (path: string, origin: Partial<Visit> = {}): Visit => ({
  path,
  landing: false,
  referrer: null,
  source: null,
  campaign: null,
  ref: null,
  ...origin,
})
const landing = (path: string, origin: Partial<Visit> = {}): Visit => view(path, { landing: true, ...origin })

/** A real database whose statements are counted: what a store writes, as the engine receives it. */
const counted = (db: SqlDatabase) => {
  const upserts: number[] = []
  const watch = (tx: SqlExecutor): SqlExecutor => ({
    query: (text, values) => {
      if (text.startsWith("insert into visit_counts")) upserts.push((values?.length ?? 0) / 6)
      return tx.query(text, values)
    },
  })
  const wrapped: SqlDatabase = {
    ...db,
    engine: db.engine,
    query: (text, values) => watch(db).query(text, values),
    transaction: (work) => db.transaction((tx) => work(watch(tx))),
  }
  return { db: wrapped, upserts }
}

const ENGINES: Array<[string, () => Promise<SqlDatabase>]> = [
  ["SQLite", async () => openSqliteDatabase(newSignupsFile())],
  ["PostgreSQL", async () => openPostgresDatabase({ connectionString: await freshDatabase(), poolSize: 2 })],
]

describe("the counters of one view", () => {
  it("counts a view by its page, for its day and hour, and nothing of where it came from", () => {
    expect(
      countersOf(view("/about/"), AT).map(({ period, starts, dimension, name, views, landings }) => [period, starts, dimension, name, views, landings]),
    ).toEqual([
      ["day", "2026-11-23", "all", "", 1, 0],
      ["hour", "2026-11-23T14", "all", "", 1, 0],
      ["day", "2026-11-23", "path", "/about/", 1, 0],
      ["hour", "2026-11-23T14", "path", "/about/", 1, 0],
    ])
  })

  it("counts a landing by source, campaign and referring site (empty for none) and its referral code by day", () => {
    const counts = countersOf(landing("/", { source: "tiktok", referrer: "www.tiktok.com", ref: "ABC123" }), AT)
    const names = counts.filter(({ period }) => period === "day").map(({ dimension, name }) => `${dimension}=${name}`)
    expect(names).toEqual(["all=", "path=/", "source=tiktok", "campaign=", "referrer=www.tiktok.com", "ref=ABC123"])
    expect(counts.filter(({ period }) => period === "hour").map(({ dimension }) => dimension)).not.toContain("ref")
    expect(counts.every(({ landings }) => landings === 1)).toBe(true)
  })

  it("adds up a thousand views into one count per counter", () => {
    const views = Array.from({ length: 1000 }, (_, index) => countersOf(index % 2 ? view("/") : landing("/", { source: "ig" }), AT)).flat()
    const rows = sumCounts(views)
    expect(rows).toHaveLength(new Set(views.map(({ period, dimension, name, starts }) => `${period}${dimension}${name}${starts}`)).size)
    const all = rows.find(({ period, dimension }) => period === "day" && dimension === "all") as VisitCount
    expect([all.views, all.landings]).toEqual([1000, 500])
  })
})

describe.each(ENGINES)("visit counters on %s", (_engine, open) => {
  let store: SignupStore
  let upserts: number[]
  let raw: SqlDatabase
  beforeEach(async () => {
    raw = await open()
    const watched = counted(raw)
    upserts = watched.upserts
    store = createSqlStore(watched.db, { boost: 10, pepper: DEVELOPMENT_PEPPER })
  })
  afterEach(() => store.close())

  const table = async () =>
    (await raw.query<VisitCount>("select period, starts, dimension, name, views, landings from visit_counts order by period, dimension, name, starts")).map(
      (row) => ({ ...row, views: Number(row.views), landings: Number(row.landings) }),
    )

  it("writes a batch of 100,000 views with one statement, a row per counter, and adds the next batch to the same rows", async () => {
    const visits = Array.from({ length: 100_000 }, (_, index) => (index % 10 === 0 ? landing("/", { source: "tiktok", campaign: "drop01" }) : view("/drop/")))
    const batch = visits.flatMap((visit) => countersOf(visit, AT))
    await store.addVisitCounts(batch)
    const counters = sumCounts(batch).length
    expect(upserts).toEqual([counters])
    const rows = await table()
    expect(rows).toHaveLength(counters)
    expect(rows.find((row) => row.period === "day" && row.dimension === "all")).toMatchObject({ views: 100_000, landings: 10_000 })

    await store.addVisitCounts(countersOf(landing("/", { source: "tiktok", campaign: "drop01" }), AT))
    expect(await table()).toHaveLength(counters)
    expect((await table()).find((row) => row.period === "hour" && row.dimension === "source" && row.name === "tiktok")).toMatchObject({
      views: 10_001,
      landings: 10_001,
    })
    expect(await store.visitTotals()).toEqual({ views: 100_001, visits: 10_001 })
  })

  it("keeps counts only: no column could hold an address, an agent or an identifier", async () => {
    await store.addVisitCounts(countersOf(landing("/", { referrer: "news.example" }), AT))
    const columns = Object.keys((await raw.query("select * from visit_counts"))[0]).sort()
    expect(columns).toEqual(["dimension", "landings", "name", "period", "starts", "views"])
  })

  it(`deletes counters of days more than ${VISIT_COUNT_MONTHS} months old, hourly and daily, and keeps the rest`, async () => {
    const old = new Date("2025-10-22T23:00:00.000Z")
    const kept = new Date("2025-10-23T00:00:00.000Z")
    await store.addVisitCounts([...countersOf(landing("/", { ref: "OLD1" }), old), ...countersOf(view("/about/"), kept)])
    const purged = await store.purgeVisitCounts(AT)
    expect(purged).toBe(countersOf(landing("/", { ref: "OLD1" }), old).length)
    const rows = await table()
    expect(new Set(rows.map((row) => row.starts.slice(0, 10)))).toEqual(new Set(["2025-10-23"]))
    expect(await store.purgeVisitCounts(AT)).toBe(0)
  })
})

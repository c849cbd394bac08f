// What the privacy page and the cookie notice say about counting page views, each promise quoted
// from content/ and checked against the real endpoint and store on both engines: counts per page,
// hour and day only, nothing of the visitor in any table, bots not counted, deleted after the
// stated months. (That nothing is stored in the browser is checked in the browser: e2e/visits.test.ts.)
import privacy from "../../../../content/pages/privacy.json"
import ui from "../../../../content/ui.json"
import { VISIT_COUNT_MONTHS } from "../../../signup/retention"
import { DatabaseSync } from "node:sqlite"
import pg from "pg"
import { freshDatabase } from "../../../../test/postgres"
import { newSignupsFile } from "../../../../test/store-engines"
import { openEmbeddedStore, openPostgresStore } from "../../store/open-store"
import type { SignupStore } from "../../store/store"
import { createVisitCounter, type VisitCounter } from "../../store/visit-counter"
import { createRateLimiter } from "../rate-limit"
import { handleVisitRequest } from "../visit-handler"
import type { ApiRequest } from "../kit"

const NOW = new Date("2026-11-23T14:20:00.000Z")
const CLIENT = "198.51.100.77"
const AGENT = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36"

const paragraphs = privacy.sections.flatMap((section) => section.paragraphs)
const promise = (words: string): string => {
  const found = paragraphs.find((paragraph) => paragraph.includes(words))
  if (!found) throw new Error(`the privacy page no longer says "${words}": change this test with it`)
  return found
}

const beacon = (body: unknown, userAgent = AGENT): ApiRequest => ({
  method: "POST",
  headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": userAgent, "accept-language": "de-DE", "x-forwarded-for": CLIENT },
  query: new URLSearchParams(),
  clientKey: CLIENT,
  readBody: async () => ({ kind: "bytes", bytes: Buffer.from(JSON.stringify(body)) }),
})

/** The database as anyone with a copy of it could read it: every table's rows, and visit_counts' columns. */
interface Probe {
  dump(): Promise<string>
  visitColumns(): Promise<string[]>
  visitRows(): Promise<number>
}

const ENGINES: Array<[string, () => Promise<{ store: SignupStore; probe: Probe }>]> = [
  [
    "SQLite",
    async () => {
      const file = newSignupsFile()
      const read = <Result>(work: (db: DatabaseSync) => Result): Result => {
        const db = new DatabaseSync(file, { readOnly: true })
        try {
          return work(db)
        } finally {
          db.close()
        }
      }
      const probe: Probe = {
        dump: async () =>
          read((db) =>
            db
              .prepare("select name from sqlite_master where type = 'table'")
              .all()
              .map((table) => JSON.stringify(db.prepare(`select * from "${String(table.name)}"`).all()))
              .join("\n"),
          ),
        visitColumns: async () =>
          read((db) =>
            db
              .prepare("pragma table_info(visit_counts)")
              .all()
              .map((row) => String(row.name)),
          ),
        visitRows: async () => read((db) => Number(db.prepare("select count(*) as n from visit_counts").get()?.n)),
      }
      return { store: openEmbeddedStore(file, 10), probe }
    },
  ],
  [
    "PostgreSQL",
    async () => {
      const url = await freshDatabase()
      const read = async <Result>(work: (client: pg.Client) => Promise<Result>): Promise<Result> => {
        const client = new pg.Client({ connectionString: url })
        await client.connect()
        try {
          return await work(client)
        } finally {
          await client.end()
        }
      }
      const probe: Probe = {
        dump: () =>
          read(async (client) => {
            const { rows } = await client.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public'")
            const texts = await Promise.all(
              rows.map(async ({ table_name }) => (await client.query(`select t::text as row from "${table_name}" t`)).rows.map((row) => String(row.row))),
            )
            return texts.flat().join("\n")
          }),
        visitColumns: () =>
          read(async (client) =>
            (await client.query<{ column_name: string }>("select column_name from information_schema.columns where table_name = 'visit_counts'")).rows.map(
              (row) => row.column_name,
            ),
          ),
        visitRows: () => read(async (client) => Number((await client.query("select count(*) as n from visit_counts")).rows[0].n)),
      }
      return { store: openPostgresStore({ connectionString: url, poolSize: 2 }, 10), probe }
    },
  ],
]

describe.each(ENGINES)("the promises about counting page views, with %s", (_engine, open) => {
  let store: SignupStore
  let probe: Probe
  let counter: VisitCounter
  beforeEach(async () => {
    ;({ store, probe } = await open())
    counter = createVisitCounter(store, { serverless: false, logError: () => undefined })
  })
  afterEach(async () => {
    await counter.close()
    await store.close()
  })
  const send = (body: unknown, userAgent?: string) =>
    handleVisitRequest(beacon(body, userAgent), { visits: counter, limiter: createRateLimiter(100, 60_000), now: () => NOW, logError: () => undefined })

  it(`keeps "${"We only add these to counts per page, per hour and per day"}": nothing of the visitor in any table`, async () => {
    const words = promise("We only add these to counts per page, per hour and per day")
    expect(words).toContain("we keep no address, no device or browser details and nothing that could tell one person's visits from another's")
    await send({ path: "/", landing: true, referrer: "www.tiktok.com", source: "tiktok", campaign: "drop01", ref: "ABC123" })
    await send({ path: "/about/" })
    await counter.flush()
    expect((await probe.visitColumns()).sort()).toEqual(["dimension", "landings", "name", "period", "starts", "views"])
    const everything = await probe.dump()
    expect(everything).toContain("drop01")
    for (const visitor of [CLIENT, "198.51.100", AGENT, "Android", "Pixel", "de-DE"]) expect(everything).not.toContain(visitor)
    expect(await store.visitTotals()).toEqual({ views: 2, visits: 1 })
  })

  it(`keeps "${"Visits from known bots are not counted"}"`, async () => {
    expect(promise("Visits from known bots are not counted")).toBeTruthy()
    await send({ path: "/", landing: true }, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")
    await send({ path: "/", landing: true }, "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)")
    await counter.flush()
    expect(await store.visitTotals()).toEqual({ views: 0, visits: 0 })
  })

  it(`keeps "${"We keep the counts for {visitMonths} months, then delete them"}": the hourly purge deletes them after ${VISIT_COUNT_MONTHS} months`, async () => {
    expect(promise("We keep the counts for {visitMonths} months, then delete them")).toBeTruthy()
    await send({ path: "/", landing: true, ref: "ABC123" })
    await counter.flush()
    const almost = new Date(NOW)
    almost.setUTCMonth(almost.getUTCMonth() + VISIT_COUNT_MONTHS)
    expect(await store.purgeVisitCounts(almost)).toBe(0)
    const after = new Date(almost.getTime() + 24 * 60 * 60 * 1000)
    expect(await store.purgeVisitCounts(after)).toBeGreaterThan(0)
    expect(await probe.visitRows()).toBe(0)
  })
})

describe("the cookie notice", () => {
  it("says page views are counted, not people, as the privacy page does", () => {
    expect(ui.cookieNotice.text).toContain("we count page views, not people.")
    expect(promise("Counting page views stores nothing in your browser")).toBeTruthy()
  })
})

// `npm run bench:funnel [-- --engines sqlite,postgres --signups 1000000 --views 10000000 --seconds 10]`:
// counting visits against `serve:prod` on loopback, for each store. Prints
//   - page views taken per second (POST /api/visit at 50 connections, every one answered 204);
//   - rows written per 100,000 views (PostgreSQL's own count of rows inserted and updated in
//     visit_counts; the goal is one per counter per batch, so about the counters touched);
//   - a signup's p99 while 1,000 views a second arrive, beside its p99 without them (goal: at most 1.2x);
//   - GET /api/owner/funnel on a list of `--signups` people and `--views` counted views (goal: under 500 ms).
// Needs no build: the server serves a tiny static folder. Wrong answers fail the run (exit 1);
// timings never do. Smoke-run it small: `--signups 2000 --views 20000 --seconds 2`.
import autocannon from "autocannon"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { parseArgs } from "node:util"
import pg from "pg"
import { FUNNEL_DAYS } from "../../src/signup/funnel"
import { VISIT_COUNT_MONTHS } from "../../src/signup/retention"
import { openEmbeddedStore, openPostgresStore } from "../../src/server/store/open-store"
import type { SignupStore } from "../../src/server/store/store"
import { COUNTERS_PER_STATEMENT, type VisitCount } from "../../src/server/store/visit-store"
import { hashToken } from "../../src/server/keys/codes"
import { FILL_BATCH, fillList, signupFlood, tinySite } from "./shared"
import { decimal, heading, integer, table } from "./format"
import { startEmbeddedPostgres, type RunningPostgres } from "../dev/postgres"
import { serveProduction, type ProductionServer } from "../dev/serve"

/** Far above one run: every request comes from 127.0.0.1, one rate-limit client. */
const NO_RATE_LIMIT = "100000000"
const OWNER_TOKEN = "bench-funnel-owner-secret-0123456789"
const VISITOR = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
const CONNECTIONS = 50
const BEACON_RATE = 1_000
const ROWS_SAMPLE = 100_000
const FUNNEL_READS = 50
const DAY_MS = 24 * 60 * 60 * 1000
const PATHS = ["/", "/about/", "/contact/", "/privacy/", "/drop/", "/waitlist/", "/confirm/", "/invite/", "/unsubscribe/", "/no-such-page/"]
const SOURCES = ["tiktok", "instagram", "newsletter", "youtube", "x", "snapchat", "discord", "reddit"]
const CAMPAIGNS = ["drop-1", "launch-teaser", "restock", "giveaway"]
const REFERRERS = ["www.tiktok.com", "l.instagram.com", "t.co", "news.example", "blog.example", "www.google.com"]

type EngineName = "SQLite" | "PostgreSQL"

interface Engine {
  name: EngineName
  /** A new, empty store: how the bench opens it and how the server is pointed at it. */
  fresh(): Promise<{ open(): SignupStore; env: Record<string, string>; url?: string; remove(): Promise<void> }>
}

const problems: string[] = []
const pick = <Item>(items: readonly Item[]): Item => items[Math.floor(Math.random() * items.length)]
const percentile = (sorted: readonly number[], fraction: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]
const ms = (value: number): string => decimal(value, value < 10 ? 2 : 1)

/** A page view as the beacon sends it: a third of them landings with where they came from. */
const beaconBody = (codes: readonly string[]): string => {
  if (Math.random() < 2 / 3) return JSON.stringify({ path: pick(PATHS) })
  return JSON.stringify({
    path: pick(PATHS),
    landing: true,
    source: pick(SOURCES),
    campaign: pick(CAMPAIGNS),
    referrer: pick(REFERRERS),
    ...(codes.length > 0 && Math.random() < 0.3 ? { ref: pick(codes) } : {}),
  })
}

/** Sends views: for `seconds`, or `amount` of them, or at `rate` a second; counts the answers that were not 204. */
const sendViews = (baseUrl: string, codes: readonly string[], options: { seconds?: number; amount?: number; rate?: number; connections?: number }) =>
  new Promise<{ answered: number; perSecond: number; wrong: number }>((resolve, reject) => {
    let wrong = 0
    const started = performance.now()
    autocannon(
      {
        url: `${baseUrl}/api/visit`,
        connections: options.connections ?? CONNECTIONS,
        ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? 10 }),
        ...(options.rate ? { overallRate: options.rate } : {}),
        timeout: 10,
        requests: [
          {
            method: "POST",
            headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": VISITOR },
            setupRequest: (request) => ({ ...request, body: beaconBody(codes) }),
            onResponse: (status) => {
              if (status !== 204) wrong += 1
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error)
        const seconds = (performance.now() - started) / 1000
        resolve({ answered: result["2xx"], perSecond: result["2xx"] / seconds, wrong: wrong + result.errors + result.timeouts })
      },
    )
  })

/** Signups with a new address each for `seconds` at 10 connections: their p50 and p99. */
async function signupLoad(baseUrl: string, run: string, seconds: number) {
  const flood = await signupFlood(baseUrl, `funnel-${run}`, 10, seconds)
  if (flood.error) throw new Error(`signups (${run}): ${flood.error}`)
  return { p50: flood.p50, p99: flood.p99, accepted: flood.accepted, wrong: flood.failed }
}

/**
 * Fills a store through `add` (as bench:scale does): `size` signups over the last 30 days, a
 * tenth through an earlier signup's link, one in twenty still pending; returns their codes.
 */
const fillSignups = (store: SignupStore, size: number, log: (line: string) => void): Promise<string[]> => {
  const firstDay = Date.now() - FUNNEL_DAYS * DAY_MS
  return fillList(
    store,
    size,
    (index, earlier) => {
      const email = `funnel-fill-${index}@example.com`
      const pending = index % 20 === 19
      return {
        email,
        at: new Date(firstDay + (index * FUNNEL_DAYS * DAY_MS) / size).toISOString(),
        status: pending ? "pending" : "confirmed",
        referredBy: index % 10 === 9 && earlier.length > 0 ? pick(earlier) : null,
        confirmToken: pending ? { hash: hashToken(`confirm ${email}`), expiresAt: new Date(Date.now() + DAY_MS).toISOString() } : null,
        attribution: { source: SOURCES[index % SOURCES.length], campaign: CAMPAIGNS[index % CAMPAIGNS.length], referrer: REFERRERS[index % REFERRERS.length] },
      }
    },
    (done) => {
      if (done % (20 * FILL_BATCH) === FILL_BATCH || done === size) log(`${integer(done)} of ${integer(size)} signups`)
    },
  )
}

/**
 * Counters holding `views` counted views over the kept months, as the counter would have written
 * them: per day and hour, per page, source, campaign and referring site, and per referral code
 * (a fifth of the landings, spread over the list's codes). Written in statements of the server's size.
 */
const fillViews = async (store: SignupStore, views: number, codes: readonly string[], log: (line: string) => void): Promise<void> => {
  const days = VISIT_COUNT_MONTHS * 30
  const perDay = Math.floor(views / days)
  let batch: VisitCount[] = []
  const add = async (count: VisitCount) => {
    batch.push(count)
    if (batch.length >= COUNTERS_PER_STATEMENT) {
      await store.addVisitCounts(batch)
      batch = []
    }
  }
  const split = (total: number, parts: number, index: number) => Math.floor(total / parts) + (index < total % parts ? 1 : 0)
  for (let day = 0; day < days; day += 1) {
    const date = new Date(Date.now() - (days - 1 - day) * DAY_MS)
    const starts = date.toISOString().slice(0, 10)
    const landings = Math.floor(perDay * 0.4)
    const counters: Array<[VisitCount["dimension"], readonly string[], number, number]> = [
      ["all", [""], perDay, landings],
      ["path", PATHS, perDay, landings],
      ["source", SOURCES, landings, landings],
      ["campaign", CAMPAIGNS, landings, landings],
      ["referrer", REFERRERS, landings, landings],
    ]
    for (const [dimension, names, dimensionViews, dimensionLandings] of counters) {
      for (const [index, name] of names.entries()) {
        const nameViews = split(dimensionViews, names.length, index)
        const nameLandings = split(dimensionLandings, names.length, index)
        await add({ period: "day", starts, dimension, name, views: nameViews, landings: nameLandings })
        for (let hour = 0; hour < 24; hour += 1) {
          const hourViews = split(nameViews, 24, hour)
          if (hourViews > 0)
            await add({
              period: "hour",
              starts: `${starts}T${String(hour).padStart(2, "0")}`,
              dimension,
              name,
              views: hourViews,
              landings: split(nameLandings, 24, hour),
            })
        }
      }
    }
    const referred = Math.floor(landings / 5)
    const linkCount = Math.min(codes.length, referred, 2_000)
    for (let index = 0; index < linkCount; index += 1) {
      const count = split(referred, linkCount, index)
      await add({ period: "day", starts, dimension: "ref", name: codes[(day * 7919 + index) % codes.length], views: count, landings: count })
    }
    if (day % 60 === 0) log(`views of ${day + 1} of ${days} days`)
  }
  if (batch.length > 0) await store.addVisitCounts(batch)
}

/** Rows PostgreSQL inserted and updated in visit_counts, by its statistics. */
const rowsWritten = async (url: string): Promise<number> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string | null }>("select n_tup_ins + n_tup_upd as n from pg_stat_user_tables where relname = 'visit_counts'")
    return Number(rows[0]?.n ?? 0)
  } finally {
    await client.end()
  }
}

const start = (env: Record<string, string>): Promise<ProductionServer> =>
  serveProduction({ ...env, SIGNUP_RATE_LIMIT: NO_RATE_LIMIT, OWNER_TOKEN, PUBLIC_DIR: tinySite("funnel") })

interface Outcome {
  engine: EngineName
  beaconsPerSecond: number
  rowsPerSample: number | null
  countersTouched: number
  signupAlone: number
  signupWithViews: number
  funnel: { p50: number; p99: number }
  listSize: string
}

const runEngine = async (engine: Engine, options: { signups: number; views: number; seconds: number }): Promise<Outcome> => {
  const log = (line: string) => console.error(`bench:funnel: ${engine.name}: ${line}`)

  // 1. Views taken per second, and rows written per 100,000 of them, on a new store.
  const small = await engine.fresh()
  let server = await start(small.env)
  const beacons = await sendViews(server.baseUrl, [], { seconds: options.seconds })
  if (beacons.wrong > 0) problems.push(`${engine.name}: ${beacons.wrong} views not answered 204`)
  await server.stop()
  let rowsPerSample: number | null = null
  let countersTouched = 0
  if (small.url) {
    const fresh = await engine.fresh()
    server = await start(fresh.env)
    const before = await rowsWritten(fresh.url as string)
    const sample = await sendViews(server.baseUrl, [], { amount: ROWS_SAMPLE })
    if (sample.wrong > 0) problems.push(`${engine.name}: ${sample.wrong} of the sample's views not answered 204`)
    await server.stop()
    // A backend's statistics reach the collector when it ends; the server's have ended.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    rowsPerSample = (await rowsWritten(fresh.url as string)) - before
    countersTouched = await countersRows(fresh.url as string)
    const store = fresh.open()
    const { views } = await store.visitTotals()
    if (views !== ROWS_SAMPLE) problems.push(`${engine.name}: ${views} views counted of ${ROWS_SAMPLE} sent`)
    await store.close()
    await fresh.remove()
  }

  // 2. A signup's p99 alone, then while 1,000 views a second arrive.
  server = await start(small.env)
  await signupLoad(server.baseUrl, "warmup", 1)
  const alone = await signupLoad(server.baseUrl, "alone", options.seconds)
  const [withViews, background] = await Promise.all([
    signupLoad(server.baseUrl, "with-views", options.seconds),
    sendViews(server.baseUrl, [], { seconds: options.seconds, rate: BEACON_RATE, connections: 10 }),
  ])
  for (const [what, run] of [
    ["alone", alone],
    ["beside views", withViews],
  ] as const)
    if (run.wrong > 0) problems.push(`${engine.name}: ${run.wrong} signups ${what} not answered 201`)
  if (background.wrong > 0) problems.push(`${engine.name}: ${background.wrong} background views not answered 204`)
  await server.stop()
  await small.remove()

  // 3. The owner's funnel on a large list.
  const large = await engine.fresh()
  const store = large.open()
  log(`filling ${integer(options.signups)} signups`)
  const codes = await fillSignups(store, options.signups, log)
  log(`filling ${integer(options.views)} counted views`)
  await fillViews(store, options.views, codes, log)
  const { views: held } = await store.visitTotals()
  await store.close()
  server = await start(large.env)
  const read = () => fetch(`${server.baseUrl}/api/owner/funnel`, { headers: { authorization: `Bearer ${OWNER_TOKEN}` } })
  const times: number[] = []
  for (let index = 0; index < 5 + FUNNEL_READS; index += 1) {
    const started = performance.now()
    const answer = await read()
    const body = (await answer.json()) as { total?: { views?: number } }
    if (index >= 5) times.push(performance.now() - started)
    if (answer.status !== 200 || body.total?.views !== held)
      problems.push(`${engine.name}: the funnel answered ${answer.status} with ${body.total?.views} views, not ${held}`)
  }
  await server.stop()
  await large.remove()
  times.sort((a, b) => a - b)
  return {
    engine: engine.name,
    beaconsPerSecond: beacons.perSecond,
    rowsPerSample,
    countersTouched,
    signupAlone: alone.p99,
    signupWithViews: withViews.p99,
    funnel: { p50: percentile(times, 0.5), p99: percentile(times, 0.99) },
    listSize: `${integer(options.signups)} signups, ${integer(held)} views`,
  }
}

/** Counters in visit_counts. */
const countersRows = async (url: string): Promise<number> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return Number((await client.query<{ n: string }>("select count(*) as n from visit_counts")).rows[0].n)
  } finally {
    await client.end()
  }
}

const main = async () => {
  const { values } = parseArgs({
    options: {
      engines: { type: "string", default: "sqlite,postgres" },
      signups: { type: "string", default: "1000000" },
      views: { type: "string", default: "10000000" },
      seconds: { type: "string", default: "10" },
    },
  })
  const options = { signups: Number(values.signups), views: Number(values.views), seconds: Number(values.seconds) }
  let postgres: RunningPostgres | null = null
  const engines: Engine[] = [
    {
      name: "SQLite",
      fresh: async () => {
        const dir = mkdtempSync(join(tmpdir(), "block94-funnel-"))
        const file = join(dir, "signups.db")
        return { open: () => openEmbeddedStore(file, 10), env: { SIGNUPS_FILE: file }, remove: async () => rmSync(dir, { recursive: true, force: true }) }
      },
    },
    {
      name: "PostgreSQL",
      fresh: async () => {
        postgres ??= await startEmbeddedPostgres()
        const url = await postgres.createDatabase(`funnel_${Date.now()}_${Math.floor(Math.random() * 1e6)}`)
        return { open: () => openPostgresStore({ connectionString: url, poolSize: 4 }, 10), env: { DATABASE_URL: url }, url, remove: async () => undefined }
      },
    },
  ]
  const chosen = engines.filter((engine) => values.engines.split(",").some((name) => engine.name.toLowerCase().startsWith(name.trim().toLowerCase())))
  const outcomes: Outcome[] = []
  try {
    for (const engine of chosen) outcomes.push(await runEngine(engine, options))
  } finally {
    await (postgres as RunningPostgres | null)?.stop()
  }

  console.log(heading(`Counting visits against serve:prod on loopback (${CONNECTIONS} connections, ${options.seconds} s a run)`))
  console.log(
    table(
      [
        { header: "store" },
        { header: "views/s taken", align: "right" },
        { header: `rows written per ${integer(ROWS_SAMPLE)} views`, align: "right" },
        { header: "signup p99 alone", align: "right" },
        { header: `p99 beside ${BEACON_RATE} views/s`, align: "right" },
        { header: "ratio (goal <= 1.2)", align: "right" },
      ],
      outcomes.map((outcome) => [
        outcome.engine,
        integer(outcome.beaconsPerSecond),
        outcome.rowsPerSample === null
          ? "n/a (SQLite keeps no write counts)"
          : `${integer(outcome.rowsPerSample)} (${integer(outcome.countersTouched)} counters)`,
        `${ms(outcome.signupAlone)} ms`,
        `${ms(outcome.signupWithViews)} ms`,
        decimal(outcome.signupWithViews / Math.max(outcome.signupAlone, 1), 2),
      ]),
    ),
  )
  console.log(heading("GET /api/owner/funnel, one at a time (goal: under 500 ms)"))
  console.log(
    table(
      [{ header: "store" }, { header: "list" }, { header: "p50", align: "right" }, { header: "p99", align: "right" }],
      outcomes.map((outcome) => [outcome.engine, outcome.listSize, `${ms(outcome.funnel.p50)} ms`, `${ms(outcome.funnel.p99)} ms`]),
    ),
  )
  console.log(
    "\nRows written: one per counter per batch is the goal; the server writes a batch every 5 s, so a run writes about the counters touched times its batches.",
  )
  if (problems.length > 0) {
    console.log(heading("Wrong answers"))
    for (const problem of problems) console.log(problem)
    process.exitCode = 1
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error("bench:funnel:", error instanceof Error ? error.message : error)
    process.exit(1)
  })
}

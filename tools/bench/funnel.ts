// `npm run bench:funnel [-- --engines sqlite,postgres --signups 1000000 --views 10000000 --seconds 10]`:
// counting visits against `serve:prod` on loopback, for each store. Prints
//   - page views taken per second (POST /api/visit at 50 connections, every one answered 204);
//   - rows written per 100,000 views on a new store: inserted and updated rows of the visit
//     counters and the totals kept beside them (PostgreSQL's own statistics; on SQLite, counting
//     triggers the bench adds to its copy), beside the counters they hold: the goal is one row
//     per counter per batch;
//   - a signup's p99 while 1,000 views a second arrive (sent by a process of their own at the lowest
//     CPU priority), beside its p99 without them: signups at a steady 200 a second, three rounds each
//     way pooled (goal: at most 1.2x), and at full load;
//   - GET /api/owner/funnel on a list of `--signups` people and `--views` counted views, alone and
//     while 1,000 views and 10 connections of signups a second arrive (goal: under 500 ms).
// The large list is filled straight into the database: signup rows in bulk, with the tallies the
// store keeps beside them, and the view counters as the counter writes them, never through HTTP.
// Needs no build: the server serves a tiny static folder. Wrong answers fail the run (exit 1);
// timings never do. Smoke-run it small: `--signups 2000 --views 20000 --seconds 2`.
import autocannon from "autocannon"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { spawn } from "node:child_process"
import { Agent, request } from "node:http"
import { join } from "node:path"
import pg from "pg"
import { ATTRIBUTION_FIELDS } from "../../src/signup/attribution-fields"
import { FUNNEL_DAYS } from "../../src/signup/funnel"
import { VISIT_COUNT_MONTHS } from "../../src/signup/retention"
import { SIGNUP_SOURCE } from "../../src/signup/rules"
import { insertRows, type SqlDatabase } from "../../src/server/store/database"
import { migrate } from "../../src/server/store/migrations"
import { openEmbeddedStore, openPostgresStore } from "../../src/server/store/open-store"
import { openPostgresDatabase } from "../../src/server/store/postgres-database"
import { WRITTEN_SIGNUP_COLUMNS, writtenSignupValues } from "../../src/server/store/signup-rows"
import { openSqliteDatabase } from "../../src/server/store/sqlite-database"
import type { SignupStore } from "../../src/server/store/store"
import { tallySignups, type TalliedRow } from "../../src/server/store/tallies"
import { COUNTERS_PER_STATEMENT, type VisitCount } from "../../src/server/store/visit-store"
import { newReferralCode } from "../../src/server/keys/codes"
import { emailKey } from "../../src/server/waitlist/email-key"
import { LOAD_CONNECTIONS, NO_RATE_LIMIT, signupFlood, tinySite } from "./shared"
import { benchArgs } from "./args"
import { decimal, heading, integer, table } from "./format"
import { startEmbeddedPostgres, type RunningPostgres } from "../dev/postgres"
import { freePort, serveProduction, type ProductionServer } from "../dev/serve"
import { DAY_MS } from "../../src/signup/durations"

const OWNER_TOKEN = "bench-funnel-owner-secret-0123456789"
const VISITOR = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
const BEACON_RATE = 1_000
/**
 * The steady run: 200 signups a second (720,000 an hour, more than a launch's first hour brings,
 * the whole list being a million, and a tenth of what the server takes at full load), in 3 rounds
 * each way, pooled: a p99 on a few thousand answers each way.
 */
const STEADY = { signupsPerSecond: 200, rounds: 3 }
const ROWS_SAMPLE = 100_000
const FUNNEL_READS = 50
/** Signups written per transaction of the bulk fill. */
const FILL_TRANSACTION = 50_000
const PATHS = ["/", "/about/", "/contact/", "/privacy/", "/drop/", "/waitlist/", "/confirm/", "/invite/", "/unsubscribe/", "/no-such-page/"]
const SOURCES = ["tiktok", "instagram", "newsletter", "youtube", "x", "snapchat", "discord", "reddit"]
const CAMPAIGNS = ["drop-1", "launch-teaser", "restock", "giveaway"]
const REFERRERS = ["www.tiktok.com", "l.instagram.com", "t.co", "news.example", "blog.example", "www.google.com"]
/** The tables a batch of views writes: the counters and the totals kept beside them. */
const COUNTER_TABLES = ["visit_counts", "visit_totals", "link_visits", "link_visits_window"]

type EngineName = "SQLite" | "PostgreSQL"

interface Fresh {
  /** The store as the bench opens it, and its database underneath (migrated on first use). */
  open(): SignupStore
  database(): SqlDatabase
  /** How the server is pointed at it. */
  env: Record<string, string>
  /** Rows inserted and updated in COUNTER_TABLES so far, once `countWrites` was called. */
  rowsWritten(): Promise<number>
  /** Prepares `rowsWritten` (before the server opens the store). */
  countWrites(): Promise<void>
  remove(): Promise<void>
}

interface Engine {
  name: EngineName
  fresh(): Promise<Fresh>
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
        connections: options.connections ?? LOAD_CONNECTIONS,
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

/** Signups with a new address each for `seconds` at 10 connections, as fast as they are answered: their p50 and p99. */
async function signupLoad(baseUrl: string, run: string, seconds: number) {
  const flood = await signupFlood(baseUrl, `funnel-${run}`, 10, seconds)
  if (flood.error) throw new Error(`signups (${run}): ${flood.error}`)
  return { p50: flood.p50, p99: flood.p99, accepted: flood.accepted, wrong: flood.failed }
}

/**
 * Signups with a new address each, `rate` a second for `seconds`, sent on schedule whether or not
 * earlier ones were answered (as people arrive), each timed to a tenth of a millisecond: autocannon
 * rounds to whole milliseconds, coarser than a steady signup's answer.
 */
async function steadySignups(baseUrl: string, run: string, seconds: number, rate: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 10 })
  const times: number[] = []
  let wrong = 0
  const send = (index: number) =>
    new Promise<void>((done) => {
      const body = JSON.stringify({ email: `funnel-${run}-${index}@example.com`, source: SIGNUP_SOURCE, timestamp: new Date().toISOString() })
      const started = performance.now()
      const sent = request(`${baseUrl}/api/signup`, { method: "POST", agent, headers: { "content-type": "application/json" } }, (answer) => {
        answer.resume()
        answer.on("end", () => {
          times.push(performance.now() - started)
          if (answer.statusCode !== 201) wrong += 1
          done()
        })
      })
      sent.on("error", () => {
        wrong += 1
        done()
      })
      sent.end(body)
    })
  const answers: Array<Promise<void>> = []
  const startedAt = performance.now()
  for (let index = 0; index < rate * seconds; index++) {
    const due = startedAt + (index * 1000) / rate
    const wait = due - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    answers.push(send(index))
  }
  await Promise.all(answers)
  agent.destroy()
  return { times, wrong }
}

/**
 * Views at `rate` a second for `seconds`, sent by a process of their own at the lowest CPU
 * priority: visitors' browsers are never on the server, and on a 2-core machine their client
 * would otherwise take the server's CPU and hold up the signups' client too.
 */
const sendViewsAside = (baseUrl: string, options: { seconds: number; rate: number; connections: number }) =>
  new Promise<{ answered: number; wrong: number }>((resolve, reject) => {
    const plan = {
      ...options,
      url: `${baseUrl}/api/visit`,
      autocannon: require.resolve("autocannon"),
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": VISITOR },
      bodies: Array.from({ length: 1_000 }, () => beaconBody([])),
    }
    const sender = spawn("nice", ["-n", "19", process.execPath, "-e", VIEW_SENDER, JSON.stringify(plan)], { stdio: ["ignore", "pipe", "inherit"] })
    let printed = ""
    sender.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString()))
    sender.once("error", reject)
    sender.once("exit", (code) => {
      const result = code === 0 ? (JSON.parse(printed) as { answered: number; wrong: number } | { error: string }) : { error: `exit ${code}` }
      if ("error" in result) reject(new Error(`views: ${result.error}`))
      else resolve(result)
    })
  })

/** The views' sender, run by `node -e` with its plan as the argument; prints what came back. */
const VIEW_SENDER = `
const plan = JSON.parse(process.argv[1])
const autocannon = require(plan.autocannon)
let wrong = 0
let next = 0
autocannon(
  {
    url: plan.url,
    connections: plan.connections,
    duration: plan.seconds,
    overallRate: plan.rate,
    timeout: 10,
    requests: [
      {
        method: "POST",
        headers: plan.headers,
        setupRequest: (request) => ({ ...request, body: plan.bodies[next++ % plan.bodies.length] }),
        onResponse: (status) => { if (status !== 204) wrong += 1 },
      },
    ],
  },
  (error, result) => console.log(JSON.stringify(error ? { error: String(error) } : { answered: result["2xx"], wrong: wrong + result.errors + result.timeouts })),
)
`

const besideViews = (baseUrl: string, seconds: number) => sendViewsAside(baseUrl, { seconds, rate: BEACON_RATE, connections: 10 })

/**
 * A server that answers every request 204 and does nothing else, in a process of its own: views
 * sent to it cost the machine what sending and answering them costs, without the signup server.
 */
const startIdleServer = async (): Promise<{ baseUrl: string; stop(): void }> => {
  const port = await freePort()
  const code = `require("node:http").createServer((asked, answer) => { asked.resume(); asked.on("end", () => { answer.statusCode = 204; answer.end() }) }).listen(${port}, "127.0.0.1", () => console.log("ready"))`
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] })
  await new Promise((ready) => child.stdout.once("data", ready))
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => child.kill() }
}

/**
 * A steady signup's p99 alone, beside BEACON_RATE views a second sent to a server that does
 * nothing (what the views' client and a server's answers take from a 2-core machine by
 * themselves), and beside as many sent to the signup server: STEADY.rounds rounds of `seconds`
 * each, one after the other, their times pooled, so the disk's slow moments fall on all alike.
 */
async function steadyBesideViews(baseUrl: string, seconds: number, engine: EngineName) {
  const idle = await startIdleServer()
  const times = { alone: [] as number[], elsewhere: [] as number[], beside: [] as number[] }
  const signups = async (arm: keyof typeof times, round: number, viewsTo: string | null) => {
    const [answers, views] = await Promise.all([
      steadySignups(baseUrl, `steady-${arm}-${round}`, seconds, STEADY.signupsPerSecond),
      viewsTo ? besideViews(viewsTo, seconds) : null,
    ])
    times[arm].push(...answers.times)
    if (answers.wrong > 0) problems.push(`${engine}: ${answers.wrong} steady signups not answered 201`)
    if (views && views.wrong > 0) problems.push(`${engine}: ${views.wrong} background views not answered 204`)
    if (views && views.answered < BEACON_RATE * seconds * 0.95)
      problems.push(`${engine}: only ${views.answered} views of ${BEACON_RATE * seconds} sent beside steady signups`)
  }
  for (let round = 0; round < STEADY.rounds; round++) {
    await signups("alone", round, null)
    await signups("elsewhere", round, idle.baseUrl)
    await signups("beside", round, baseUrl)
  }
  idle.stop()
  return { alone: timings(times.alone).p99, elsewhere: timings(times.elsewhere).p99, beside: timings(times.beside).p99 }
}

/** A signup's p99 at full load, alone and beside BEACON_RATE views a second, a run of `seconds` each. */
async function fullLoadBesideViews(baseUrl: string, seconds: number, engine: EngineName) {
  const alone = await signupLoad(baseUrl, "full-alone", seconds)
  const [beside, views] = await Promise.all([signupLoad(baseUrl, "full-beside", seconds), besideViews(baseUrl, seconds)])
  if (alone.wrong + beside.wrong > 0) problems.push(`${engine}: ${alone.wrong + beside.wrong} signups at full load not answered 201`)
  if (views.wrong > 0) problems.push(`${engine}: ${views.wrong} background views not answered 204`)
  return { alone: alone.p99, beside: beside.p99 }
}

/**
 * Fills a new database with `size` signups over the last 30 days, written in bulk: the rows, and
 * in the same transaction the tallies the store keeps beside them (tallies.ts; the friends per
 * link and friends referred come from the schema's triggers). A tenth came through an earlier
 * signup's link; one in twenty of the last day's is still pending (older ones would be the
 * hourly purge's, which a live list has had). Places in line are not kept: the bench reads none.
 * Returns their referral codes.
 */
const fillSignups = async (db: SqlDatabase, size: number, log: (line: string) => void): Promise<string[]> => {
  await migrate(db)
  const now = Date.now()
  const firstDay = now - FUNNEL_DAYS * DAY_MS
  const codes: string[] = []
  for (let first = 0; first < size; first += FILL_TRANSACTION) {
    const rows: unknown[][] = []
    const tallied: TalliedRow[] = []
    const earlier = codes.length
    for (let index = first; index < Math.min(size, first + FILL_TRANSACTION); index += 1) {
      const email = `funnel-fill-${index}@example.com`
      const at = new Date(firstDay + (index * FUNNEL_DAYS * DAY_MS) / size).toISOString()
      const status = index % 20 === 19 && now - Date.parse(at) < DAY_MS ? "pending" : "confirmed"
      const confirmedAt = status === "confirmed" ? at : null
      const attribution = {
        source: SOURCES[index % SOURCES.length],
        campaign: CAMPAIGNS[index % CAMPAIGNS.length],
        referrer: REFERRERS[index % REFERRERS.length],
      }
      const referralCode = newReferralCode()
      codes.push(referralCode)
      rows.push(
        writtenSignupValues({
          email,
          emailKey: emailKey(email),
          source: SIGNUP_SOURCE,
          timestamp: at,
          receivedAt: at,
          status,
          confirmedAt,
          referralCode,
          referredBy: index % 10 === 9 && earlier > 0 ? codes[Math.floor(Math.random() * earlier)] : null,
          attribution,
        }),
      )
      tallied.push({
        received_at: at,
        confirmed_at: confirmedAt,
        status,
        [ATTRIBUTION_FIELDS.source.column]: attribution.source,
        [ATTRIBUTION_FIELDS.campaign.column]: attribution.campaign,
        [ATTRIBUTION_FIELDS.referrer.column]: attribution.referrer,
      } as TalliedRow)
    }
    await db.transaction(async (tx) => {
      await insertRows(tx, "signups", WRITTEN_SIGNUP_COLUMNS, rows)
      await tallySignups(tx, tallied, 1)
    })
    log(`${integer(codes.length)} of ${integer(size)} signups`)
  }
  return codes
}

/**
 * Counters holding `views` counted views over the kept months, written as the counter writes
 * them (the store's addVisitCounts, in statements of the server's size): per day and hour, per
 * page, source, campaign and referring site, and per referral code (a fifth of the landings,
 * spread over the list's codes).
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

/** How many rows each of COUNTER_TABLES holds: the counters a batch may touch. */
const countersHeld = async (db: SqlDatabase): Promise<number> => {
  let held = 0
  for (const name of COUNTER_TABLES) held += Number((await db.query<{ n: number | string }>(`select count(*) as n from ${name}`))[0].n)
  return held
}

const start = (env: Record<string, string>): Promise<ProductionServer> =>
  serveProduction({ ...env, SIGNUP_RATE_LIMIT: NO_RATE_LIMIT, OWNER_TOKEN, PUBLIC_DIR: tinySite("funnel") })

interface Timings {
  p50: number
  p99: number
  reads: number
}

interface Outcome {
  engine: EngineName
  beaconsPerSecond: number
  rowsPerSample: number
  countersTouched: number
  /** A signup's p99 alone and beside the views, at a steady rate (and beside views sent elsewhere) and at full load. */
  steady: { alone: number; elsewhere: number; beside: number }
  full: { alone: number; beside: number }
  funnelAlone: Timings
  funnelBusy: Timings
  listSize: string
}

const timings = (times: number[]): Timings => {
  const sorted = [...times].sort((a, b) => a - b)
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), reads: sorted.length }
}

/** GET /api/owner/funnel one at a time: `reads` of them, or until `until` settles; each answer checked by `check`. */
const readFunnel = async (
  server: ProductionServer,
  check: (views: number | undefined, status: number) => void,
  options: { reads?: number; until?: Promise<unknown> },
) => {
  let done = options.until === undefined
  void options.until?.finally(() => {
    done = true
  })
  const times: number[] = []
  while (options.reads === undefined ? !done : times.length < options.reads) {
    const started = performance.now()
    const answer = await fetch(`${server.baseUrl}/api/owner/funnel`, { headers: { authorization: `Bearer ${OWNER_TOKEN}` } }).catch((error: unknown) => {
      throw new Error(`the funnel could not be read (${String(error)}); the server said:\n${server.output()}`, { cause: error })
    })
    const body = (await answer.json()) as { total?: { views?: number } }
    times.push(performance.now() - started)
    check(body.total?.views, answer.status)
  }
  return times
}

/**
 * On SQLite, serve:prod takes a backup at start when none was taken, and checks it on its own
 * thread (an integrity check and a count of the copy), which every request waits for: on a large
 * list, seconds. The funnel is timed once that is over; how long it took is logged.
 */
const startupBackup = async (server: ProductionServer, log: (line: string) => void): Promise<void> => {
  const done = () => server.output().match(/backed up .*|the backup failed.*/)?.[0]
  const until = Date.now() + 20 * 60_000
  while (!done() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 500))
  log(`serve:prod's start-up backup: ${done() ?? "not over after 20 minutes"}`)
}

const runEngine = async (engine: Engine, options: { signups: number; views: number; seconds: number }): Promise<Outcome> => {
  const log = (line: string) => console.error(`bench:funnel: ${engine.name}: ${line}`)

  // 1. Views taken per second on a new store.
  const small = await engine.fresh()
  let server = await start(small.env)
  const beacons = await sendViews(server.baseUrl, [], { seconds: options.seconds })
  if (beacons.wrong > 0) problems.push(`${engine.name}: ${beacons.wrong} views not answered 204`)
  await server.stop()

  // 2. Rows written per 100,000 views, on a store of their own.
  const sample = await engine.fresh()
  await sample.countWrites()
  server = await start(sample.env)
  const sent = await sendViews(server.baseUrl, [], { amount: ROWS_SAMPLE })
  if (sent.wrong > 0) problems.push(`${engine.name}: ${sent.wrong} of the sample's views not answered 204`)
  await server.stop()
  const rowsPerSample = await sample.rowsWritten()
  const sampleStore = sample.open()
  const { views: sampled } = await sampleStore.visitTotals()
  if (sampled !== ROWS_SAMPLE) problems.push(`${engine.name}: ${sampled} views counted of ${ROWS_SAMPLE} sent`)
  await sampleStore.close()
  const sampleDb = sample.database()
  const countersTouched = await countersHeld(sampleDb)
  await sampleDb.close()
  await sample.remove()

  // 3. A signup's p99 alone and while 1,000 views a second arrive: signups arriving at a steady
  //    rate (the goal), and as many as the server takes (where any added work costs signups time).
  server = await start(small.env)
  await signupLoad(server.baseUrl, "warmup", 1)
  const baseUrl = server.baseUrl
  const steady = await steadyBesideViews(baseUrl, options.seconds, engine.name)
  const full = await fullLoadBesideViews(baseUrl, options.seconds, engine.name)
  await server.stop()
  await small.remove()

  // 4. The owner's funnel on a large list, alone and while views and signups arrive.
  const large = await engine.fresh()
  const db = large.database()
  const filling = performance.now()
  log(`filling ${integer(options.signups)} signups`)
  const codes = await fillSignups(db, options.signups, log)
  await db.close()
  const store = large.open()
  log(`filling ${integer(options.views)} counted views`)
  await fillViews(store, options.views, codes, log)
  const { views: held } = await store.visitTotals()
  await store.close()
  log(`filled in ${integer((performance.now() - filling) / 1000)} s`)
  server = await start(large.env)
  const exact = (views: number | undefined, status: number) => {
    if (status !== 200 || views !== held) problems.push(`${engine.name}: the funnel answered ${status} with ${views} views, not ${held}`)
  }
  if (engine.name === "SQLite") await startupBackup(server, log)
  // The first read counts the referral links' window from the day counters; the next few warm up.
  await readFunnel(server, exact, { reads: 5 })
  const funnelAlone = timings(await readFunnel(server, exact, { reads: FUNNEL_READS }))
  const arriving = Promise.all([
    sendViews(server.baseUrl, codes.slice(-10_000), { seconds: options.seconds, rate: BEACON_RATE, connections: 10 }),
    signupLoad(server.baseUrl, "beside-funnel", options.seconds),
  ])
  const busyTimes = await readFunnel(
    server,
    (views, status) => {
      if (status !== 200 || views === undefined || views < held)
        problems.push(`${engine.name}: the funnel answered ${status} with ${views} views while views arrived`)
    },
    { until: arriving },
  )
  const [busyViews, busySignups] = await arriving
  if (busyViews.wrong > 0 || busySignups.wrong > 0)
    problems.push(`${engine.name}: beside the funnel, ${busyViews.wrong} views not answered 204 and ${busySignups.wrong} signups not 201`)
  await server.stop()
  await large.remove()
  return {
    engine: engine.name,
    beaconsPerSecond: beacons.perSecond,
    rowsPerSample,
    countersTouched,
    steady,
    full,
    funnelAlone,
    funnelBusy: timings(busyTimes),
    listSize: `${integer(options.signups)} signups, ${integer(held)} views`,
  }
}

/** SQLite keeps no count of rows written: the sample's copy counts them with triggers of its own. */
const sqliteEngine: Engine = {
  name: "SQLite",
  fresh: async () => {
    const dir = mkdtempSync(join(tmpdir(), "block94-funnel-"))
    const file = join(dir, "signups.db")
    const database = () => openSqliteDatabase(file)
    return {
      open: () => openEmbeddedStore(file, 10),
      database,
      env: { SIGNUPS_FILE: file },
      countWrites: async () => {
        const db = database()
        await migrate(db)
        await db.query("create table bench_rows_written (n integer not null)")
        await db.query("insert into bench_rows_written (n) values (0)")
        for (const name of COUNTER_TABLES)
          for (const event of ["insert", "update"])
            await db.query(`create trigger bench_${event}_${name} after ${event} on ${name} begin update bench_rows_written set n = n + 1; end`)
        await db.close()
      },
      rowsWritten: async () => {
        const db = database()
        const [row] = await db.query<{ n: number }>("select n from bench_rows_written")
        await db.close()
        return Number(row.n)
      },
      remove: async () => rmSync(dir, { recursive: true, force: true }),
    }
  },
}

/** PostgreSQL counts rows inserted and updated per table; a backend's counts reach them when it ends. */
const postgresEngine = (server: () => Promise<RunningPostgres>): Engine => ({
  name: "PostgreSQL",
  fresh: async () => {
    const url = await (await server()).createDatabase(`funnel_${Date.now()}_${Math.floor(Math.random() * 1e6)}`)
    const written = async () => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        const { rows } = await client.query<{ n: string | null }>("select sum(n_tup_ins + n_tup_upd) as n from pg_stat_user_tables where relname = any($1)", [
          COUNTER_TABLES,
        ])
        return Number(rows[0]?.n ?? 0)
      } finally {
        await client.end()
      }
    }
    let before = 0
    return {
      open: () => openPostgresStore({ connectionString: url, poolSize: 4 }, 10),
      database: () => openPostgresDatabase({ connectionString: url, poolSize: 4 }),
      env: { DATABASE_URL: url },
      countWrites: async () => {
        before = await written()
      },
      rowsWritten: async () => {
        // The server's connections have closed; their statistics reach the collector a moment later.
        await new Promise((resolve) => setTimeout(resolve, 1_500))
        return (await written()) - before
      },
      remove: async () => undefined,
    }
  },
})

const main = async () => {
  const { engines: engineNames, ...options } = benchArgs({ signups: 1_000_000, views: 10_000_000, seconds: 10 }, { engines: "sqlite,postgres" })
  let postgres: RunningPostgres | null = null
  const engines: Engine[] = [sqliteEngine, postgresEngine(async () => (postgres ??= await startEmbeddedPostgres()))]
  const chosen = engines.filter((engine) => engineNames.split(",").some((name) => engine.name.toLowerCase().startsWith(name.trim().toLowerCase())))
  const outcomes: Outcome[] = []
  try {
    for (const engine of chosen) outcomes.push(await runEngine(engine, options))
  } finally {
    await (postgres as RunningPostgres | null)?.stop()
  }

  console.log(heading(`Counting visits against serve:prod on loopback (${LOAD_CONNECTIONS} connections, ${options.seconds} s a run)`))
  console.log(
    table(
      [{ header: "store" }, { header: "views/s taken", align: "right" }, { header: `rows written per ${integer(ROWS_SAMPLE)} views`, align: "right" }],
      outcomes.map((outcome) => [
        outcome.engine,
        integer(outcome.beaconsPerSecond),
        `${integer(outcome.rowsPerSample)} (${integer(outcome.countersTouched)} counters)`,
      ]),
    ),
  )
  console.log(heading(`A signup's p99 alone and beside ${BEACON_RATE} views/s (sent by a process of their own at the lowest priority)`))
  console.log(
    table(
      [
        { header: "store" },
        { header: `at ${STEADY.signupsPerSecond} signups/s (${STEADY.rounds} x ${options.seconds} s each): alone`, align: "right" },
        { header: "beside views to an idle server", align: "right" },
        { header: "beside views", align: "right" },
        { header: "ratio (goal <= 1.2)", align: "right" },
        { header: `at full load (10 connections, ${options.seconds} s): alone`, align: "right" },
        { header: "beside views", align: "right" },
        { header: "ratio", align: "right" },
      ],
      outcomes.map(({ engine, steady, full }) => [
        engine,
        `${ms(steady.alone)} ms`,
        `${ms(steady.elsewhere)} ms (${decimal(steady.elsewhere / steady.alone, 2)}x)`,
        `${ms(steady.beside)} ms`,
        decimal(steady.beside / steady.alone, 2),
        `${ms(full.alone)} ms`,
        `${ms(full.beside)} ms`,
        decimal(full.beside / Math.max(full.alone, 1), 2),
      ]),
    ),
  )
  console.log(heading("GET /api/owner/funnel, one at a time (goal: under 500 ms)"))
  console.log(
    table(
      [
        { header: "store" },
        { header: "list" },
        { header: "p50 alone", align: "right" },
        { header: "p99 alone", align: "right" },
        { header: `p50 beside ${BEACON_RATE} views/s and signups`, align: "right" },
        { header: "p99", align: "right" },
        { header: "reads", align: "right" },
      ],
      outcomes.map((outcome) => [
        outcome.engine,
        outcome.listSize,
        `${ms(outcome.funnelAlone.p50)} ms`,
        `${ms(outcome.funnelAlone.p99)} ms`,
        `${ms(outcome.funnelBusy.p50)} ms`,
        `${ms(outcome.funnelBusy.p99)} ms`,
        `${outcome.funnelAlone.reads} + ${outcome.funnelBusy.reads}`,
      ]),
    ),
  )
  console.log(
    "\nRows written: one per counter per batch is the goal; the server writes a batch every 5 s (or at 5,000 counters), so a run writes about the counters touched times its batches.",
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

// `npm run bench:scale [-- --sizes 0,100000,1000000 --engines sqlite,postgres --keep]`: the
// signup service as the list grows to a million, on each store. For each engine and size it
// fills a new store straight through the store API (the code the server runs), starts
// `serve:prod` on it and measures on loopback: status lookups one at a time and at 50
// connections, one signup and one confirmation at a time, the owner's summary (GET
// /api/owner/summary, one at a time), a restart, and the server's memory. On
// the largest SQLite store (1M) it also times `signups:export` and `signups:stats` while signups
// keep coming. Prints a table per engine with the targets beside it and saves it as Markdown in
// bench-results/. Needs no build: the server serves a tiny static folder. Wrong answers fail the
// run (exit 1); timings never do. Each store is deleted after its size; --keep keeps the SQLite
// files (for EXPLAIN QUERY PLAN) and says where.
import autocannon from "autocannon"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { cpus, loadavg, tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { parseArgs } from "node:util"
import pg from "pg"
import { CONFIRM_TOKEN_TTL_MS } from "../../src/server/waitlist/service"
import { DEFAULT_REFERRAL_BOOST } from "../../src/server/settings/settings"
import { openEmbeddedStore, openPostgresStore } from "../../src/server/store/open-store"
import type { SignupStore } from "../../src/server/store/store"
import { hashToken, newSecretToken } from "../../src/server/keys/codes"
import { SIGNUP_SOURCE } from "../../src/signup/rules"
import { FILL_BATCH, fillList, LOAD_CONNECTIONS, NO_RATE_LIMIT, startSignupFlood, tinySite, ownerCommandOn } from "./shared"
import { decimal, heading, integer, table } from "./format"
import { onInterrupt } from "./processes"
import { startEmbeddedPostgres, type RunningPostgres } from "../dev/postgres"
import { serveProduction, type ProductionServer } from "../dev/serve"
import { DAY_MS } from "../../src/signup/durations"

const ROOT = resolve(__dirname, "..", "..")
/** Pending signups made after the list, the newest, as unconfirmed ones are: their tokens are confirmed below. */
const PENDING = 3_000
/** Confirmed signups whose status tokens the bench keeps; also the least an "empty" store holds. */
const STATUS_SAMPLE = 1_000
/** Enough that a p99 rests on ten requests, not three. */
const SEQUENTIAL = 1_000
const WARMUP = 30
const LOAD_SECONDS = 10
/** Signups arriving beside the export and stats: steady traffic, not a flood that starves them. */
const BACKGROUND_CONNECTIONS = 10
const MILLION = 1_000_000
/** The owner's secret for the bench's server. */
const OWNER_TOKEN = "bench-scale-owner-secret-0123456789"
/** Summary reads one at a time: the owner's page is opened by one person, not fifty. */
const SUMMARIES = 200
/** Where the fill's signups came from, so the summary has sources, campaigns and sites to count. */
const FILL_SOURCES = ["tiktok", "instagram", "newsletter", undefined, undefined]
const FILL_CAMPAIGNS = ["drop-1", "launch-teaser", undefined]
const FILL_REFERRERS = [undefined, "news.example", undefined, "blog.example"]

type EngineName = "SQLite" | "PostgreSQL"

/** A new, empty store for one size: how the bench opens it and how the server is pointed at it. */
interface Storage {
  open(): SignupStore
  env: Record<string, string>
  /** Readies a filled store as a server would find it; answers its bytes on disk (the SQLite file, the PostgreSQL database). */
  afterFill(): Promise<number>
  /** The SQLite file, for the export check. */
  file?: string
  remove(): Promise<void>
}

/** What the bench keeps of a filled store: secrets it made, to use as visitors would. */
interface Fixtures {
  confirmed: number
  statusTokens: string[]
  /** Unused confirmation tokens of pending signups; each test takes one. */
  confirmTokens: string[]
}

interface Latency {
  p50: number
  p99: number
}

interface SizeResult {
  size: number
  confirmed: number
  fillMs: number
  diskBytes: number
  status: Latency
  statusPerSecond: number
  signup: Latency
  confirm: Latency
  summary: Latency
  restart: { healthyMs: number; firstLookupMs: number }
  rssBytes: number
}

interface ExportResult {
  exportMs: number
  statsMs: number
  /** The stats' first line, the totals. */
  statsTotals: string
  exported: number
  before: number
  after: number
  signupsPerSecond: number
  failedSignups: number
}

/** Problems that make the run wrong, not slow: printed at the end, exit 1. */
const problems: string[] = []

const sizeName = (size: number): string =>
  size === 0 ? "empty" : size >= MILLION && size % MILLION === 0 ? `${size / MILLION}M` : size >= 1000 && size % 1000 === 0 ? `${size / 1000}k` : integer(size)
const ms = (value: number): string => decimal(value, value < 10 ? 2 : 1)
const latency = ({ p50, p99 }: Latency): string => `${ms(p50)} / ${ms(p99)} ms`
const megabytes = (bytes: number): string => `${integer(bytes / 1e6)} MB`
const secondsOf = (value: number): string => `${decimal(value / 1000, 2)} s`
const pick = <Item>(items: readonly Item[]): Item => items[Math.floor(Math.random() * items.length)]

/** The percentile of sorted values, nearest rank. */
const percentile = (sorted: readonly number[], fraction: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]

/** `count` distinct whole numbers below `below`. */
const sampleIndices = (below: number, count: number): Set<number> => {
  const chosen = new Set<number>()
  while (chosen.size < Math.min(count, below)) chosen.add(Math.floor(Math.random() * below))
  return chosen
}

/**
 * Fills an empty store through `add`: `size` confirmed signups (single opt-in; at least
 * STATUS_SAMPLE), a tenth through the referral link of a signup from an earlier batch (already
 * confirmed, so it counts), spread over 29 days, then PENDING pending ones from the last day.
 */
const fillStore = async (store: SignupStore, size: number, progress: (done: number, total: number) => void): Promise<Fixtures> => {
  const confirmed = Math.max(size, STATUS_SAMPLE)
  const total = confirmed + PENDING
  const sample = sampleIndices(confirmed, STATUS_SAMPLE)
  const statusTokens: string[] = []
  const confirmTokens: string[] = []
  const firstDay = Date.now() - 30 * DAY_MS
  const expiresAt = new Date(Date.now() + CONFIRM_TOKEN_TTL_MS).toISOString()
  await fillList(
    store,
    total,
    (index, earlier) => {
      const pending = index >= confirmed
      const statusToken = newSecretToken()
      const confirmToken = pending ? newSecretToken() : null
      if (sample.has(index)) statusTokens.push(statusToken)
      if (confirmToken) confirmTokens.push(confirmToken)
      const referrers = Math.min(earlier.length, confirmed)
      return {
        email: `scale-${index}@example.com`,
        // The pending ones came in the last day: older ones are past PENDING_SIGNUP_DAYS, and the server's purge takes them at start.
        at: new Date(pending ? Date.now() - ((total - index) * DAY_MS) / PENDING : firstDay + (index * 29 * DAY_MS) / confirmed).toISOString(),
        status: pending ? "pending" : "confirmed",
        referredBy: index % 10 === 9 && referrers > 0 ? earlier[Math.floor(Math.random() * referrers)] : null,
        statusTokenHash: hashToken(statusToken),
        confirmToken: confirmToken ? { hash: hashToken(confirmToken), expiresAt } : null,
        attribution: {
          source: FILL_SOURCES[index % FILL_SOURCES.length],
          campaign: FILL_CAMPAIGNS[index % FILL_CAMPAIGNS.length],
          referrer: FILL_REFERRERS[index % FILL_REFERRERS.length],
        },
      }
    },
    (done) => progress(done, total),
  )
  return { confirmed, statusTokens, confirmTokens }
}

/** Sends `count` requests one after another; each must answer `expected`. */
const sequential = async (count: number, send: (index: number) => Promise<Response>, expected: number, what: string): Promise<Latency> => {
  const times: number[] = []
  for (let index = 0; index < count; index += 1) {
    const started = performance.now()
    const response = await send(index)
    const body = await response.text()
    times.push(performance.now() - started)
    if (response.status !== expected) throw new Error(`${what}: answered ${response.status}, not ${expected}: ${body}`)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) }
}

const postJson = (url: string, body: unknown): Promise<Response> =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })

const signupBody = (email: string) => ({ email, source: SIGNUP_SOURCE, timestamp: new Date().toISOString() })

/** Status lookups with random known tokens at `LOAD_CONNECTIONS` connections: 200s per second. */
const statusLoad = (baseUrl: string, tokens: readonly string[]): Promise<number> =>
  new Promise((resolvePromise, reject) => {
    let ok = 0
    let wrong = 0
    autocannon(
      {
        url: baseUrl,
        connections: LOAD_CONNECTIONS,
        duration: LOAD_SECONDS,
        timeout: 10,
        requests: [
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            setupRequest: (request) => ({ ...request, path: "/api/waitlist", body: JSON.stringify({ token: pick(tokens) }) }),
            onResponse: (status) => (status === 200 ? (ok += 1) : (wrong += 1)),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error)
        const failed = wrong + result.errors + result.timeouts
        if (failed > 0) problems.push(`status lookups at ${LOAD_CONNECTIONS} connections: ${wrong} answers not 200, ${result.errors + result.timeouts} errors`)
        resolvePromise(ok / LOAD_SECONDS)
      },
    )
  })

/** Signups with a new address each until stopped: how many were answered 2xx and how many were not. */
function backgroundSignups(baseUrl: string) {
  const flood = startSignupFlood(baseUrl, "scale-background", BACKGROUND_CONNECTIONS)
  return {
    async stop() {
      const result = await flood.stop()
      if (result.error) problems.push(`background signups: ${result.error}`)
      return { accepted: result.accepted, failed: result.failed, seconds: result.seconds }
    },
  }
}

const rssBytes = (pid: number): number => {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))
  if (!match) throw new Error(`no VmRSS for process ${pid}`)
  return Number(match[1]) * 1024
}

/**
 * Stops the server (SIGTERM) and starts it again on the same port and store: how long until
 * /healthz answers 200, and until a status lookup does. Polled every few ms, not serveProduction's 250.
 */
const restart = async (server: ProductionServer, env: Record<string, string>, token: string) => {
  await server.stop("SIGTERM")
  const port = Number(new URL(server.baseUrl).port)
  const started = performance.now()
  let gaveUp = false
  const starting = serveProduction(env, { port })
  starting.catch(() => (gaveUp = true))
  const answersOk = async (url: string, body?: unknown): Promise<boolean> => {
    try {
      const response = await (body === undefined ? fetch(url) : postJson(url, body))
      await response.arrayBuffer()
      return response.status === 200
    } catch {
      return false // not listening yet
    }
  }
  while (!(await answersOk(`${server.baseUrl}/healthz`))) {
    if (gaveUp) return { server: await starting, healthyMs: 0, firstLookupMs: 0 }
    await new Promise((resolveTimer) => setTimeout(resolveTimer, 5))
  }
  const healthyMs = performance.now() - started
  if (!(await answersOk(`${server.baseUrl}/api/waitlist`, { token }))) problems.push("the first status lookup after the restart did not answer 200")
  const firstLookupMs = performance.now() - started
  return { server: await starting, healthyMs, firstLookupMs }
}

/** Warms the server up, then measures status lookups, their throughput, signups and confirmations. */
const measure = async (server: ProductionServer, fixtures: Fixtures) => {
  const { baseUrl } = server
  const lookup = () => postJson(`${baseUrl}/api/waitlist`, { token: pick(fixtures.statusTokens) })
  const confirm = () => postJson(`${baseUrl}/api/confirm`, { token: fixtures.confirmTokens.pop() })
  // Start-up (module loading, prepared statements, JIT) is not what is measured.
  await sequential(WARMUP, lookup, 200, "warm-up status lookup")
  await sequential(WARMUP, (index) => postJson(`${baseUrl}/api/signup`, signupBody(`scale-warmup-${index}@example.com`)), 201, "warm-up signup")
  await sequential(WARMUP, confirm, 200, "warm-up confirmation")
  const status = await sequential(SEQUENTIAL, lookup, 200, "status lookup")
  const statusPerSecond = await statusLoad(baseUrl, fixtures.statusTokens)
  const signup = await sequential(SEQUENTIAL, (index) => postJson(`${baseUrl}/api/signup`, signupBody(`scale-new-${index}@example.com`)), 201, "signup")
  const confirmed = await sequential(SEQUENTIAL, confirm, 200, "confirmation")
  const readSummary = () => fetch(`${baseUrl}/api/owner/summary`, { headers: { authorization: `Bearer ${OWNER_TOKEN}` } })
  await sequential(WARMUP, readSummary, 200, "warm-up owner summary")
  const summary = await sequential(SUMMARIES, readSummary, 200, "owner summary")
  const counted = (await (await readSummary()).json()) as { confirmed: number; pending: number }
  // The fill, then the warm-up signups and the measured ones; confirmations add no one.
  const stored = fixtures.confirmed + PENDING + WARMUP + SEQUENTIAL
  if (counted.confirmed + counted.pending !== stored)
    problems.push(`the owner's summary counts ${counted.confirmed + counted.pending} signups; the store holds ${stored}`)
  return { status, statusPerSecond, signup, confirm: confirmed, summary }
}

const countSignups = (file: string): number => {
  const db = new DatabaseSync(file, { readOnly: true })
  try {
    return Number((db.prepare("select count(*) as n from signups").get() as { n: number }).n)
  } finally {
    db.close()
  }
}

/** `signups:export` and `signups:stats` on the SQLite file while the server takes signups. */
const exportWhileSigningUp = async (server: ProductionServer, file: string): Promise<ExportResult> => {
  const dir = mkdtempSync(join(tmpdir(), "block94-scale-export-"))
  const csv = join(dir, "signups.csv")
  const logFile = join(dir, "commands.log")
  // As typed on the server: npm run, the store named by SIGNUPS_FILE (DATABASE_URL unset).
  const npmRun = ownerCommandOn(file, { cwd: ROOT, logFile, timeoutMs: 5 * 60_000 })
  const load = backgroundSignups(server.baseUrl)
  const stopLoad = onInterrupt(async () => void (await load.stop()))
  try {
    await new Promise((resolveTimer) => setTimeout(resolveTimer, 1000))
    const before = countSignups(file)
    const exportMs = await npmRun("signups:export", csv)
    const after = countSignups(file)
    const statsMs = await npmRun("signups:stats")
    const signups = await load.stop()
    // One line a signup after the header; no field holds a line break.
    const exported =
      readFileSync(csv, "utf8")
        .split("\n")
        .filter((line) => line !== "").length - 1
    rmSync(csv) // a million addresses: not left lying in the temp folder
    if (exported < before || exported > after) problems.push(`the export has ${exported} rows, the list had ${before} before it and ${after} after`)
    if (signups.failed > 0) problems.push(`${signups.failed} signups failed while the export and stats ran`)
    const totals = /^Signups: .*$/m.exec(readFileSync(logFile, "utf8"))?.[0] ?? "no totals"
    if (!totals.startsWith("Signups: ")) problems.push(`signups:stats printed no totals; see ${logFile}`)
    return {
      exportMs,
      statsMs,
      statsTotals: totals,
      exported,
      before,
      after,
      signupsPerSecond: signups.accepted / signups.seconds,
      failedSignups: signups.failed,
    }
  } finally {
    stopLoad()
  }
}

interface Engine {
  name: EngineName
  create(size: number): Promise<Storage>
}

const sqliteEngine: Engine = {
  name: "SQLite",
  async create() {
    const dir = mkdtempSync(join(tmpdir(), "block94-scale-"))
    const file = join(dir, "signups.db")
    const size = (path: string) => (existsSync(path) ? statSync(path).size : 0)
    return {
      file,
      open: () => openEmbeddedStore(file, DEFAULT_REFERRAL_BOOST),
      env: { SIGNUPS_FILE: file, DATABASE_URL: "" },
      afterFill: async () => size(file) + size(`${file}-wal`),
      remove: async () => rmSync(dir, { recursive: true, force: true }),
    }
  },
}

/** Runs one statement on its own connection. */
const sqlAt = async <Row extends object>(url: string, text: string): Promise<Row[]> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<Row>(text)).rows
  } finally {
    await client.end()
  }
}

const postgresEngine = (server: () => Promise<RunningPostgres>): Engine => ({
  name: "PostgreSQL",
  async create(size) {
    const name = `scale_${size}_${Date.now()}`
    const url = await (await server()).createDatabase(name)
    return {
      open: () => openPostgresStore({ connectionString: url, poolSize: 2 }, DEFAULT_REFERRAL_BOOST),
      env: { DATABASE_URL: url },
      async afterFill() {
        // Autovacuum does this within a minute of a fill this size, and the fill's gigabyte of WAL
        // calls for a checkpoint: both done now, so neither lands in the measurements.
        await sqlAt(url, "vacuum analyze")
        await sqlAt(url, "checkpoint")
        const [row] = await sqlAt<{ bytes: string }>(url, "select pg_database_size(current_database()) as bytes")
        return Number(row.bytes)
      },
      remove: async () => void (await sqlAt((await server()).url(), `drop database ${pg.escapeIdentifier(name)}`)),
    }
  },
})

const runSize = async (
  engine: Engine,
  size: number,
  options: { site: string; withExport: boolean; keep: boolean },
): Promise<{ result: SizeResult; exported: ExportResult | null }> => {
  const storage = await engine.create(size)
  const store = storage.open()
  const fillStarted = performance.now()
  let fixtures: Fixtures
  try {
    fixtures = await fillStore(store, size, (done, total) => {
      if (done % 100_000 < FILL_BATCH || done === total)
        process.stderr.write(`\rbench:scale: ${engine.name} ${sizeName(size)}: ${integer(done)} of ${integer(total)} signups${done === total ? "\n" : ""}`)
    })
  } finally {
    await store.close()
  }
  const fillMs = performance.now() - fillStarted
  const diskBytes = await storage.afterFill()
  const rows = fixtures.confirmed + PENDING
  console.log(
    `${engine.name}, ${sizeName(size)}: filled ${integer(rows)} signups in ${secondsOf(fillMs)} (${integer(rows / (fillMs / 1000))}/s), ${megabytes(diskBytes)} on disk`,
  )

  if (options.keep && storage.file) console.log(`kept: ${storage.file}`)
  const env = { ...storage.env, PUBLIC_DIR: options.site, SIGNUP_RATE_LIMIT: NO_RATE_LIMIT, SMTP_URL: "", OWNER_TOKEN }
  let server = await serveProduction(env)
  const stopServer = onInterrupt(() => server.stop("SIGKILL"))
  try {
    console.error(`bench:scale: ${engine.name} ${sizeName(size)}: measuring`)
    const measured = await measure(server, fixtures)
    const rss = rssBytes(server.process.pid ?? 0)
    const restarted = await restart(server, env, pick(fixtures.statusTokens))
    server = restarted.server
    const exported = options.withExport && storage.file ? await exportWhileSigningUp(server, storage.file) : null
    return {
      result: {
        size,
        confirmed: fixtures.confirmed,
        fillMs,
        diskBytes,
        ...measured,
        restart: { healthyMs: restarted.healthyMs, firstLookupMs: restarted.firstLookupMs },
        rssBytes: rss,
      },
      exported,
    }
  } finally {
    await server.stop()
    stopServer()
    if (!options.keep) await storage.remove()
  }
}

interface TargetCheck {
  target: string
  measured: string
  met: boolean
}

/** The targets at 1M (restart and memory for SQLite only); none when 1M was not run. */
const targetChecks = (engine: EngineName, results: SizeResult[]): TargetCheck[] => {
  const million = results.find((result) => result.size === MILLION)
  if (!million) return []
  const empty = results.find((result) => result.size === 0)
  // A p99 of one-at-a-time signups is mostly the disk's flush time, which moves run to run.
  const noiseMargin = 1.2
  const checks: TargetCheck[] = [
    { target: "1M: status p99 <= 20 ms", measured: `${ms(million.status.p99)} ms`, met: million.status.p99 <= 20 },
    { target: "1M: confirm p99 <= 20 ms", measured: `${ms(million.confirm.p99)} ms`, met: million.confirm.p99 <= 20 },
    { target: "1M: owner summary p99 <= 50 ms", measured: `${ms(million.summary.p99)} ms`, met: million.summary.p99 <= 50 },
    { target: `1M: >= 1,000 status lookups/s @${LOAD_CONNECTIONS}`, measured: `${integer(million.statusPerSecond)}/s`, met: million.statusPerSecond >= 1000 },
  ]
  if (empty) {
    checks.push({
      target: "1M: signup p99 no worse than empty (+20% noise)",
      measured: `${ms(million.signup.p99)} ms vs ${ms(empty.signup.p99)} ms`,
      met: million.signup.p99 <= empty.signup.p99 * noiseMargin,
    })
  }
  if (engine === "SQLite") {
    checks.push(
      { target: "1M: restart <= 2 s (to first lookup)", measured: secondsOf(million.restart.firstLookupMs), met: million.restart.firstLookupMs <= 2000 },
      { target: "1M: RSS <= 300 MB", measured: megabytes(million.rssBytes), met: million.rssBytes <= 300e6 },
    )
  }
  return checks
}

const COLUMNS = [
  "store, signups",
  "status p50 / p99",
  `status/s @${LOAD_CONNECTIONS}`,
  "signup p50 / p99",
  "confirm p50 / p99",
  "owner summary p50 / p99",
  "restart (healthz / lookup)",
  "RSS",
  "fill",
  "on disk",
]

const rowOf = (engine: EngineName, result: SizeResult): string[] => [
  `${engine}, ${sizeName(result.size)} (${integer(result.confirmed)} + ${integer(PENDING)} pending)`,
  latency(result.status),
  integer(result.statusPerSecond),
  latency(result.signup),
  latency(result.confirm),
  latency(result.summary),
  `${secondsOf(result.restart.healthyMs)} / ${secondsOf(result.restart.firstLookupMs)}`,
  megabytes(result.rssBytes),
  secondsOf(result.fillMs),
  megabytes(result.diskBytes),
]

const markdownTable = (header: string[], rows: string[][]): string =>
  [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n")

const exportLines = (result: ExportResult): string[] => [
  `signups:export: ${secondsOf(result.exportMs)}, ${integer(result.exported)} rows (the list had ${integer(result.before)} before it, ${integer(result.after)} after)`,
  `signups:stats:  ${secondsOf(result.statsMs)} (${result.statsTotals})`,
  `beside them: ${integer(result.signupsPerSecond)} signups/s at ${BACKGROUND_CONNECTIONS} connections, ${result.failedSignups} failed`,
]

const main = async () => {
  const { values } = parseArgs({
    options: {
      sizes: { type: "string", default: `0,100000,${MILLION}` },
      engines: { type: "string", default: "sqlite,postgres" },
      keep: { type: "boolean", default: false },
    },
  })
  const sizes = values.sizes.split(",").map((text) => Number(text.trim()))
  if (sizes.some((size) => !Number.isSafeInteger(size) || size < 0)) throw new Error(`--sizes takes whole numbers, e.g. 0,100000: not ${values.sizes}`)
  const wanted = values.engines.toLowerCase().split(",")
  const started = performance.now()
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")
  console.log(`bench:scale: ${cpus().length} CPUs, load average ${load()} at the start; sizes ${sizes.map(sizeName).join(", ")}`)

  let postgres: RunningPostgres | null = null
  const startPostgres = async () => (postgres ??= await startEmbeddedPostgres())
  const stopPostgres = onInterrupt(() => postgres?.stop())
  const engines = [sqliteEngine, postgresEngine(startPostgres)].filter((engine) =>
    wanted.some((name) => name !== "" && engine.name.toLowerCase().startsWith(name)),
  )
  const site = tinySite("scale")
  const report: string[] = [`# bench:scale, ${new Date().toISOString()}`, "", `${cpus().length} CPUs, load average ${load()} at the start.`]
  try {
    for (const engine of engines) {
      const results: SizeResult[] = []
      let exported: { size: number; result: ExportResult } | null = null
      for (const size of sizes) {
        const run = await runSize(engine, size, { site, withExport: engine.name === "SQLite" && size === Math.max(...sizes), keep: values.keep })
        results.push(run.result)
        if (run.exported) exported = { size, result: run.exported }
      }
      const rows = results.map((result) => rowOf(engine.name, result))
      const checks = targetChecks(engine.name, results)
      const checkRows = checks.map((check) => [check.target, check.measured, check.met ? "pass" : "FAIL"])
      console.log(
        heading(
          `${engine.name}: sequential latency (${SEQUENTIAL} requests), status lookups at ${LOAD_CONNECTIONS} connections for ${LOAD_SECONDS} s, loopback`,
        ),
      )
      console.log(
        table(
          COLUMNS.map((header, index) => ({ header, align: index === 0 ? "left" : "right" })),
          rows,
        ),
      )
      console.log(
        checks.length > 0 ? `\n${table([{ header: "target" }, { header: "measured" }, { header: "" }], checkRows)}` : "\n(targets are at 1M: not run)",
      )
      report.push("", `## ${engine.name}`, "", markdownTable(COLUMNS, rows))
      if (checks.length > 0) report.push("", markdownTable(["target", "measured", ""], checkRows))
      if (exported) {
        const title = `${engine.name}, ${sizeName(exported.size)}: owner's tools while signups keep coming`
        console.log(heading(title))
        for (const line of exportLines(exported.result)) console.log(line)
        report.push("", `### ${title}`, "", ...exportLines(exported.result).map((line) => `- ${line}`))
      }
    }
  } finally {
    await (postgres as RunningPostgres | null)?.stop()
    rmSync(site, { recursive: true, force: true })
    stopPostgres()
  }
  console.log(`\nbench:scale: done in ${secondsOf(performance.now() - started)}; load average ${load()} at the end`)
  if (problems.length > 0) {
    console.log(heading("Wrong answers"))
    for (const problem of problems) console.log(problem)
    report.push("", "## Wrong answers", "", ...problems.map((problem) => `- ${problem}`))
    process.exitCode = 1
  }
  const resultsDir = join(ROOT, "bench-results")
  mkdirSync(resultsDir, { recursive: true })
  const saved = join(resultsDir, `scale-${new Date().toISOString().replace(/[:.]/g, "-")}.md`)
  writeFileSync(saved, `${report.join("\n")}\n`)
  console.log(`saved ${saved}`)
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error("\nbench:scale:", error instanceof Error ? error.message : error)
    process.exit(1)
  })
}

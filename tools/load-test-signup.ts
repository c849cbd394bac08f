// `npm run load:signup`: a bounded load test of POST /api/signup under `gatsby serve`, on
// loopback only, with a fresh temporary store. Needs a built site (`npm run build`).
// Prints throughput and latency (information only: timings never fail the run), then checks
// correctness: every answer is the right one for its request, no 5xx, and the store holds
// exactly the emails answered 201. Exits 1 when a correctness check fails.
import autocannon from "autocannon"
import { once } from "node:events"
import { existsSync, readFileSync } from "node:fs"
import { readFile } from "node:fs/promises"
import { createServer } from "node:net"
import { serveSite, stopSite, type ServedSite } from "./serve"
import { SIGNUP_SOURCE } from "../src/signup/rules"
import { checkStore } from "./load/store-check"
import { SignupTraffic, type RequestKind, type SentRequest } from "./load/signup-traffic"

const FIRST_PORT = 9500
const CONNECTIONS = 20
const DURATION_S = 15
/** Seconds autocannon waits for one answer; a timed-out request is settled after the run. */
const REQUEST_TIMEOUT_S = 10
/** Far above what one run sends: every request comes from 127.0.0.1, one rate-limit client. */
const RATE_LIMIT = "1000000"

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Stops with a clear message rather than load-testing a missing or half-built site. */
const requireBuiltSite = (): void => {
  const manifest = ".cache/functions/manifest.json"
  const hasSignupFunction =
    existsSync(manifest) && readFileSync(manifest, "utf8").includes('"functionRoute": "signup"')
  if (!existsSync("public/index.html") || !hasSignupFunction) {
    throw new Error("No built site with the signup Function: run `npm run build` first.")
  }
}

const isPortFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const probe = createServer()
    probe.once("error", () => resolve(false))
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)))
  })

/** serveSite only waits for an answer on the port, so the port must not be someone else's. */
const findFreePort = async (from: number, tries = 50): Promise<number> => {
  for (let port = from; port < from + tries; port++) {
    if (await isPortFree(port)) return port
  }
  throw new Error(`No free port on 127.0.0.1 between ${from} and ${from + tries - 1}`)
}

const runLoad = (url: string, traffic: SignupTraffic): Promise<autocannon.Result> => {
  // autocannon gives setupRequest and onResponse the connection's context object, which it renews
  // before each request (our `requests` list has one entry, so every request starts a new round).
  // With one request in flight per connection (pipelining 1) that object names the request an
  // answer belongs to.
  const inFlight = new WeakMap<object, SentRequest>()
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        pipelining: 1,
        timeout: REQUEST_TIMEOUT_S,
        requests: [
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            setupRequest: (request, context) => {
              const { body, sent } = traffic.next()
              inFlight.set(context, sent)
              return { ...request, body }
            },
            onResponse: (status, _body, context) => {
              const sent = inFlight.get(context)
              if (sent) traffic.record(sent, status)
            },
          },
        ],
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)))
        else resolve(result)
      },
    )
  })
}

/**
 * Sends each email whose request got no answer once more, one at a time, so that what the store
 * must hold is known exactly (see SignupTraffic.unansweredNewEmails). The store handles adds one
 * at a time, so once these are answered no request of the run can still append a line.
 */
const followUpUnanswered = async (url: string, traffic: SignupTraffic): Promise<void> => {
  for (const email of traffic.unansweredNewEmails()) {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, source: SIGNUP_SOURCE, timestamp: new Date().toISOString() }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_S * 1000),
      })
      traffic.recordFollowUp(email, response.status)
    } catch {
      traffic.recordFollowUp(email, "no answer")
    }
  }
}

const stopAndWait = async (site: ServedSite): Promise<void> => {
  const child = site.process
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, "exit")
  stopSite(child)
  await Promise.race([exited, sleep(10_000)])
  if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
    try {
      process.kill(-child.pid, "SIGKILL")
    } catch {
      // already gone
    }
  }
}

const formatKinds = (traffic: SignupTraffic): string[] =>
  (["new", "repeat", "malformed"] as RequestKind[]).map((kind) => {
    const statuses = [...(traffic.statusesByKind.get(kind) ?? new Map<number, number>())]
    const total = statuses.reduce((sum, [, count]) => sum + count, 0)
    const detail = statuses.map(([status, count]) => `${status} x${count}`).join(", ") || "none"
    return `  ${kind.padEnd(9)} ${String(total).padStart(6)}  (${detail})`
  })

/** Prints the report; true when every correctness check passed. */
const report = (result: autocannon.Result, traffic: SignupTraffic, storeText: string, storeFile: string): boolean => {
  const answered = result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"]
  console.log("")
  console.log(`Requests/s (mean): ${result.requests.mean.toFixed(1)} over ${result.duration.toFixed(1)} s`)
  console.log(`Latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`)
  console.log(
    `Status codes: 2xx ${result["2xx"]}, 4xx ${result["4xx"]}, 5xx ${result["5xx"]}, ` +
      `other ${result["1xx"] + result["3xx"]} (${answered} answers; ${result.errors} connection errors, ${result.timeouts} timeouts)`,
  )
  console.log(`  201 created ${traffic.countOf(201)}, 200 already subscribed ${traffic.countOf(200)} (own tracking)`)
  console.log("By request kind (expected: new 201, repeat 200, malformed 400):")
  for (const line of formatKinds(traffic)) console.log(line)
  if (traffic.followUpStatus.size > 0) {
    const followUps = [...traffic.followUpStatus.values()]
    const count = (status: number): number => followUps.filter((value) => value === status).length
    console.log(
      `Unanswered new emails (cut off at the end or timed out), sent again after the run: ${followUps.length} ` +
        `(200, stored by the first request: ${count(200)}; 201, not stored before: ${count(201)})`,
    )
  }

  const wrong = traffic.wrongAnswers()
  // Without a single 201 the store check below would pass on an empty store: the endpoint is broken.
  if (traffic.countOf(201) === 0) wrong.push("no request was answered 201")
  console.log(`Answers: ${wrong.length === 0 ? "PASS" : "FAIL"}`)
  for (const problem of wrong.slice(0, 10)) console.log(`  - ${problem}`)

  const expected = traffic.expectedStored()
  const store = checkStore({ text: storeText, expected })
  console.log(
    `Store check: ${store.problems.length === 0 ? "PASS" : "FAIL"} (${store.lineCount} lines; ${expected.size} emails answered 201, during or after the run; ${storeFile})`,
  )
  for (const problem of store.problems) console.log(`  - ${problem}`)

  if (result["5xx"] > 0) console.log(`FAIL: ${result["5xx"]} answers were 5xx`)
  const passed = wrong.length === 0 && store.problems.length === 0 && result["5xx"] === 0
  console.log(`Result: ${passed ? "PASS" : "FAIL"} (timings are information only)`)
  return passed
}

let site: ServedSite | null = null

// The server runs in its own process group, so Ctrl-C does not reach it: stop it ourselves.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    if (site) stopSite(site.process)
    process.exit(1)
  })
}

const main = async (): Promise<boolean> => {
  requireBuiltSite()
  const port = await findFreePort(FIRST_PORT)
  console.log(`Starting gatsby serve on 127.0.0.1:${port} with a fresh signup store...`)
  const served = await serveSite(port, { SIGNUP_RATE_LIMIT: RATE_LIMIT })
  site = served
  try {
    const url = `${served.baseUrl}/api/signup`
    console.log(`Load: POST ${url} for ${DURATION_S} s over ${CONNECTIONS} connections (80% new emails, 10% repeats, 10% malformed)`)
    const traffic = new SignupTraffic()
    const result = await runLoad(url, traffic)
    await followUpUnanswered(url, traffic)
    const storeText = existsSync(served.signupsFile) ? await readFile(served.signupsFile, "utf8") : ""
    return report(result, traffic, storeText, served.signupsFile)
  } finally {
    await stopAndWait(served)
  }
}

main().then(
  (passed) => process.exit(passed ? 0 : 1),
  (error: unknown) => {
    console.error("Load test could not run:", error instanceof Error ? error.message : error)
    process.exit(1)
  },
)

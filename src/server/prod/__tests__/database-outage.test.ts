// PostgreSQL goes away for 10 s in the middle of a 30 s load on the production server, then comes
// back. While it is away every signup is answered 503 with Retry-After (never a hang, never a 2xx
// that was not stored); once it is back signups succeed again within 5 s, and the server is the
// same process throughout.
import { tinySite } from "../../../../test/tiny-site"
import { serveProduction, type ProductionServer } from "../../../../tools/dev/serve"
import { freshDatabase } from "../../../../test/postgres"
import { startStoppablePostgres, type StoppablePostgres } from "../../../../test/stoppable-postgres"
import { errorMessage } from "../../../signup/errors"
import { openPostgresStore } from "../../store/open-store"
import { allRows } from "../../store/store"

// About 45 s on its own; room for a machine busy with other suites.
jest.setTimeout(120_000)

const LOAD_MS = 30_000
const STOP_AT_MS = 10_000
const START_AT_MS = 20_000
const WORKERS = 4
/** A request without an answer by then counts as hung. */
const REQUEST_TIMEOUT_MS = 15_000
const RECOVERY_MS = 5_000
/** A client told 503 waits this long before the next signup (not Retry-After: we measure recovery to the second). */
const PAUSE_AFTER_503_MS = 100

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Outcome {
  email: string
  /** Milliseconds since the load began. */
  sentAt: number
  answeredAt: number
  /** The HTTP status, or why there was none (a timeout: a hang). */
  status: number | string
  retryAfter: string | null
  error?: unknown
}

/** Fails with the end of what the server wrote if it is no longer running (a crash shows why). */
const expectRunning = (server: ProductionServer): void => {
  const { exitCode, signalCode } = server.process
  if (exitCode !== null || signalCode !== null) throw new Error(`serve:prod exited (${exitCode ?? signalCode}):\n${server.output().slice(-3000)}`)
}

let postgres: StoppablePostgres | undefined
let server: ProductionServer | undefined
afterAll(async () => {
  await server?.stop("SIGKILL")
  await postgres?.close()
})

it("answers 503 with Retry-After while PostgreSQL is down, stores every 2xx, and recovers by itself within 5 s", async () => {
  postgres = await startStoppablePostgres()
  const databaseUrl = await freshDatabase(postgres.url)
  server = await serveProduction({ DATABASE_URL: databaseUrl, PUBLIC_DIR: tinySite(), SIGNUP_RATE_LIMIT: "100000000" })
  const { baseUrl } = server
  const pid = server.process.pid

  const began = performance.now()
  const clock = () => performance.now() - began
  const until = (at: number) => sleep(Math.max(0, at - clock()))

  const outcomes: Outcome[] = []
  const worker = async (id: number) => {
    for (let index = 0; clock() < LOAD_MS; index += 1) {
      const email = `outage-${id}-${index}@example.com`
      const sentAt = clock()
      try {
        const response = await fetch(`${baseUrl}/api/signup`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, source: "website_signup", timestamp: new Date().toISOString() }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        })
        const body = (await response.json()) as { error?: unknown }
        outcomes.push({ email, sentAt, answeredAt: clock(), status: response.status, retryAfter: response.headers.get("retry-after"), error: body.error })
        if (response.status === 503) await sleep(PAUSE_AFTER_503_MS)
      } catch (error) {
        outcomes.push({ email, sentAt, answeredAt: clock(), status: error instanceof Error ? error.name : String(error), retryAfter: null })
      }
    }
  }
  const health = async (running: ProductionServer) => {
    const sentAt = clock()
    const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).catch((error: unknown) => {
      expectRunning(running)
      throw error
    })
    return { ms: clock() - sentAt, status: response.status, body: (await response.json()) as unknown }
  }

  const load = Promise.all(Array.from({ length: WORKERS }, (_, id) => worker(id)))
  await until(STOP_AT_MS)
  const stopAsked = clock()
  await postgres.stop()
  const stopped = clock()
  await until((STOP_AT_MS + START_AT_MS) / 2)
  const healthWhileDown = await health(server)
  await until(START_AT_MS)
  const startAsked = clock()
  await postgres.start()
  const started = clock()
  await load
  const healthAfter = await health(server)

  // The same process answered throughout: never crashed, never restarted.
  expectRunning(server)
  expect(server.process.pid).toBe(pid)

  const summary = (list: Outcome[]) => list.reduce<Record<string, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {})
  const firstBack = outcomes.filter((outcome) => outcome.status === 201 && outcome.answeredAt >= started).sort((a, b) => a.answeredAt - b.answeredAt)[0]
  console.info(
    `database outage: ${outcomes.length} signups ${JSON.stringify(summary(outcomes))}; PostgreSQL stopped ${Math.round(stopAsked)}–${Math.round(stopped)} ms, ` +
      `started ${Math.round(startAsked)}–${Math.round(started)} ms; first 201 after it ${firstBack ? Math.round(firstBack.answeredAt - started) : "never"} ms later; ` +
      `slowest answer ${Math.round(Math.max(...outcomes.map((outcome) => outcome.answeredAt - outcome.sentAt)))} ms; /healthz while down ${Math.round(healthWhileDown.ms)} ms`,
  )

  // Every request was answered, in time, with a signup or a 503; never a hang, never a 500.
  expect(outcomes.filter((outcome) => outcome.status !== 201 && outcome.status !== 503)).toEqual([])
  expect(outcomes.filter((outcome) => outcome.answeredAt - outcome.sentAt >= REQUEST_TIMEOUT_MS)).toEqual([])
  // Every 503 says when to try again and why, in words for a person.
  const unavailable = outcomes.filter((outcome) => outcome.status === 503)
  expect(unavailable.filter((outcome) => !/^[1-9]\d*$/.test(outcome.retryAfter ?? "") || outcome.error !== errorMessage("store_unavailable"))).toEqual([])

  // Signups went in before the stop; while the database was down, only 503s.
  expect(outcomes.some((outcome) => outcome.status === 201 && outcome.answeredAt < stopAsked)).toBe(true)
  const whileDown = outcomes.filter((outcome) => outcome.sentAt >= stopped && outcome.answeredAt <= startAsked)
  expect(whileDown.length).toBeGreaterThan(0)
  expect(summary(whileDown)).toEqual({ 503: whileDown.length })
  expect(healthWhileDown.status).toBe(503)
  expect(healthWhileDown.body).toMatchObject({ ok: false, error: expect.stringContaining("PostgreSQL") })
  expect(healthWhileDown.ms).toBeLessThan(RECOVERY_MS)

  // Back by itself: a signup succeeds within 5 s of the database's return, and every one after that.
  expect(firstBack).toBeDefined()
  expect(firstBack.answeredAt - started).toBeLessThanOrEqual(RECOVERY_MS)
  expect(summary(outcomes.filter((outcome) => outcome.sentAt >= started + RECOVERY_MS))).toEqual({ 201: expect.any(Number) })
  expect(healthAfter).toMatchObject({ status: 200, body: { ok: true, store: "postgresql" } })

  // Every address answered 2xx is on the list.
  const store = openPostgresStore({ connectionString: databaseUrl, poolSize: 2 }, 10)
  try {
    const stored = new Set((await allRows(store)).map((row) => row.signup.email))
    expect(outcomes.filter((outcome) => outcome.status === 201 && !stored.has(outcome.email)).map((outcome) => outcome.email)).toEqual([])
  } finally {
    await store.close()
  }
})

/**
 * What the benches share: a list filled through the store's own `add` (so every index and tally is
 * the one the service keeps), a flood of new signups against a running server, a site as small as
 * the server needs, and the owner's commands run as typed on the server.
 */
import autocannon from "autocannon"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { runTimed } from "./processes"
import type { NewSignup, SignupStore } from "../../src/server/store/store"
import { hashToken, newReferralCode } from "../../src/server/keys/codes"
import { emailKey } from "../../src/server/waitlist/email-key"
import { SIGNUP_SOURCE } from "../../src/signup/rules"

/** Signups added at once: a statement's worth on PostgreSQL, a transaction's on SQLite. */
export const FILL_BATCH = 5_000

/** The connections a bench's load comes over: its figures are "at 50 connections". */
export const LOAD_CONNECTIONS = 50

/** A rate limit far above one run: every request a bench sends comes from 127.0.0.1, one rate-limit client. */
export const NO_RATE_LIMIT = "100000000"

/**
 * The person at `index` of a fill: the bench's own fields over a confirmed signup's (received
 * `at`, its own referral code, a status token of `status <email>`). `earlierCodes` are the codes
 * of the batches before this one, all already on the list.
 */
export type FillPerson = (index: number, earlierCodes: readonly string[]) => Partial<NewSignup> & { email: string; at: string }

/** Adds `size` people to `store` in batches, calling `progress` after each; returns their referral codes, in order. */
export async function fillList(store: SignupStore, size: number, person: FillPerson, progress: (done: number) => void = () => undefined): Promise<string[]> {
  const codes: string[] = []
  for (let first = 0; first < size; first += FILL_BATCH) {
    const batch: NewSignup[] = []
    for (let index = first; index < Math.min(size, first + FILL_BATCH); index += 1) {
      const { at, ...chosen } = person(index, codes)
      batch.push({
        emailKey: emailKey(chosen.email),
        source: SIGNUP_SOURCE,
        timestamp: at,
        receivedAt: at,
        status: "confirmed",
        referralCode: newReferralCode(),
        referredBy: null,
        statusTokenHash: hashToken(`status ${chosen.email}`),
        confirmToken: null,
        attribution: null,
        consent: null,
        mail: null,
        ...chosen,
      })
    }
    const results = await Promise.all(batch.map((signup) => store.add(signup)))
    const refused = results.filter((result) => result.kind !== "added").length
    if (refused > 0) throw new Error(`${refused} signups of a fill batch were not added`)
    codes.push(...batch.map((signup) => signup.referralCode))
    progress(first + batch.length)
  }
  return codes
}

export interface FloodResult {
  /** Signups answered 2xx, and per second over the flood's whole time. */
  accepted: number
  perSecond: number
  /** Answers other than 201, errors and timeouts. */
  failed: number
  p50: number
  p99: number
  seconds: number
  /** What stopped autocannon, if anything did. */
  error: string | null
}

/**
 * Signups with a new address each (`<label>-<n>@example.com`) at `connections` connections until
 * stopped: the load every bench measures the rest of the service under. As fast as answers come,
 * or at most `rate` a second (all connections together).
 */
export function startSignupFlood(baseUrl: string, label: string, connections: number, rate?: number): { stop(): Promise<FloodResult> } {
  let sequence = 0
  let failed = 0
  const started = performance.now()
  let finish: (result: FloodResult) => void = () => undefined
  const finished = new Promise<FloodResult>((done) => (finish = done))
  const instance = autocannon(
    {
      url: `${baseUrl}/api/signup`,
      connections,
      duration: 3_600,
      timeout: 10,
      ...(rate ? { overallRate: rate } : {}),
      requests: [
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ email: `${label}-${sequence++}@example.com`, source: SIGNUP_SOURCE, timestamp: new Date().toISOString() }),
          }),
          onResponse: (status) => {
            if (status !== 201) failed += 1
          },
        },
      ],
    },
    (error, result) => {
      const seconds = (performance.now() - started) / 1000
      const accepted = result?.["2xx"] ?? 0
      finish({
        accepted,
        perSecond: accepted / seconds,
        failed: failed + (result ? result.errors + result.timeouts : 0),
        p50: result?.latency.p50 ?? NaN,
        p99: result?.latency.p99 ?? NaN,
        seconds,
        error: error ? (error instanceof Error ? error.message : String(error)) : null,
      })
    },
  )
  return {
    stop() {
      instance.stop()
      return finished
    },
  }
}

/** A flood of `seconds`, and for as long as `until` takes when given. */
export async function signupFlood(
  baseUrl: string,
  label: string,
  connections: number,
  seconds: number,
  until: Promise<unknown> = Promise.resolve(),
  rate?: number,
) {
  const flood = startSignupFlood(baseUrl, label, connections, rate)
  await Promise.all([until, new Promise((wait) => setTimeout(wait, seconds * 1000))])
  return flood.stop()
}

/** A built site as small as the server needs: a page, the 404 page, the headers file. */
export function tinySite(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `block94-${label}-site-`))
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>Block 94</title><h1>Block 94</h1>")
  writeFileSync(join(dir, "404.html"), "<!doctype html><title>Not found</title><h1>404 Page Not Found</h1>")
  writeFileSync(join(dir, "_headers"), "/*\n  X-Content-Type-Options: nosniff\n")
  return dir
}

/** Runs `npm run <script>` as typed on the server: the store named by SIGNUPS_FILE (DATABASE_URL unset), its output into `logFile`. */
export function ownerCommandOn(file: string, options: { cwd: string; logFile: string; timeoutMs: number }) {
  return (script: string, ...args: string[]) =>
    runTimed("env", ["-u", "DATABASE_URL", `SIGNUPS_FILE=${file}`, "npm", "run", "--silent", script, ...(args.length > 0 ? ["--", ...args] : [])], options)
}

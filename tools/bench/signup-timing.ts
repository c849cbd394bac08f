// bench:abuse's timing of signups and resends: an attacker times the answers for addresses they
// know are on the list (pending, confirmed, written another way) against new ones, in pairs,
// alternating which goes first, on a list kept on a real disk (the project's .data/, not a
// memory-backed temp folder), and compares the two as whole distributions: were the answers
// alike, about half of the known ones come in under the new ones' median, and the largest gap
// between the two cumulative distributions (Kolmogorov-Smirnov) is one chance would give.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { join, resolve } from "node:path"
import type { Inbox } from "../dev/smtp-inbox"
import { median, percentile, postJson, signupBody, type StartServer } from "./abuse-kit"
import { solveChallengeFrom } from "./altcha-solver"
import type { Reading } from "./reading"

const ROOT = resolve(__dirname, "..", "..")
const QUANTILES = [0.1, 0.25, 0.5, 0.75, 0.9]

const spread = (times: number[]): string => QUANTILES.map((q) => percentile(times, q).toFixed(2)).join(" / ")

/** Gmail's dots and "+tags" make another way to write a known address. */
const writtenAnotherWay = (email: string): string => email.replace(/^(.)(.*)@gmail\.com$/, "$1.$2+again@gmail.com")

/** The largest gap between the two samples' cumulative distributions (the two-sample Kolmogorov-Smirnov statistic). */
export function distributionGap(a: number[], b: number[]): number {
  const below = (values: number[], x: number) => values.filter((value) => value <= x).length / values.length
  return Math.max(0, ...[...a, ...b].map((x) => Math.abs(below(a, x) - below(b, x))))
}

/** The gap two samples of these sizes from one distribution stay under 19 times in 20 (Kolmogorov-Smirnov, 5%). */
export function chanceGap(sizeA: number, sizeB: number): number {
  return 1.358 * Math.sqrt((sizeA + sizeB) / (sizeA * sizeB))
}

/** The share of `known` under the median of `fresh`. */
export function shareUnderMedian(known: number[], fresh: number[]): number {
  const middle = median(fresh)
  return known.filter((ms) => ms < middle).length / known.length
}

interface Answer {
  status: number
  text: string
  ms: number
}

/** Known and new side by side in `pairs` pairs, alternating which goes first: the readings of what the answers gave away. */
async function timedPairs(what: string, pairs: number, ask: (index: number, kind: "known" | "new") => Promise<Answer>): Promise<Reading[]> {
  const times = { known: [] as number[], new: [] as number[] }
  let sameAnswers = 0
  for (let index = 0; index < pairs; index++) {
    const knownFirst = index % 2 === 1
    const first = await ask(index, knownFirst ? "known" : "new")
    const second = await ask(index, knownFirst ? "new" : "known")
    const [knownAnswer, newAnswer] = knownFirst ? [first, second] : [second, first]
    if (knownAnswer.status === newAnswer.status && knownAnswer.text === newAnswer.text) sameAnswers++
    times.known.push(knownAnswer.ms)
    times.new.push(newAnswer.ms)
  }
  const share = shareUnderMedian(times.known, times.new)
  const gap = distributionGap(times.known, times.new)
  const chance = chanceGap(pairs, pairs)
  return [
    {
      attack: `${what}, same code and body, known vs new (${pairs} pairs)`,
      figure: `${sameAnswers} of ${pairs}`,
      goal: `${pairs} of ${pairs}`,
      met: sameAnswers === pairs,
    },
    { attack: `${what}: new, p10 / p25 / p50 / p75 / p90`, figure: `${spread(times.new)} ms`, goal: "-", met: null },
    { attack: `${what}: known, p10 / p25 / p50 / p75 / p90`, figure: `${spread(times.known)} ms`, goal: "-", met: null },
    {
      attack: `${what}: known answers under the new ones' median`,
      figure: `${Math.round(share * pairs)} of ${pairs} (${Math.round(share * 100)}%)`,
      goal: "40%-60%",
      met: share >= 0.4 && share <= 0.6,
    },
    {
      attack: `${what}: largest gap between the two distributions (Kolmogorov-Smirnov)`,
      figure: gap.toFixed(3),
      goal: `< ${chance.toFixed(3)}`,
      met: gap < chance,
    },
  ]
}

export const signupTiming = async (startServer: StartServer, inbox: Inbox, pairs: number): Promise<Reading[]> => {
  const data = join(ROOT, ".data")
  mkdirSync(data, { recursive: true })
  const dir = mkdtempSync(join(data, "bench-abuse-timing-"))
  const server = await startServer({ SIGNUPS_FILE: join(dir, "signups.db"), SIGNUP_RATE_LIMIT: "100000" })
  try {
    const { baseUrl } = server
    const run = Date.now().toString(36)
    const post = async (path: string, email: string) => postJson(baseUrl, path, signupBody(email, { altcha: await solveChallengeFrom(baseUrl) }))
    // The known: on the list before the pairs start; every other one confirmed.
    const known = Array.from({ length: pairs }, (_, index) => `known${run}${index}@gmail.com`)
    for (const email of known) await post("/api/signup", email)
    for (const email of known.filter((_, index) => index % 2 === 1)) {
      const token = /\/confirm\/[#?]token=([A-Za-z0-9_-]+)/.exec((await inbox.waitFor(email, 20_000)).text ?? "")?.[1]
      await postJson(baseUrl, "/api/confirm", { token })
    }
    // Each request's solution is found before the clock starts: only the answer is timed.
    const timedPost = async (path: string, email: string): Promise<Answer> => {
      const altcha = await solveChallengeFrom(baseUrl)
      return postJson(baseUrl, path, path === "/api/signup" ? signupBody(email, { altcha }) : { email, altcha })
    }
    const signups = await timedPairs("/api/signup", pairs, (index, kind) =>
      // Every third known address is written another way, as a prober trying variants would.
      timedPost("/api/signup", kind === "new" ? `new${run}${index}@gmail.com` : index % 3 === 2 ? writtenAnotherWay(known[index]) : known[index]),
    )
    // Resends of the known were mailed within the hour (by the signups above): throttled, they write what an unknown address does.
    const resends = await timedPairs("/api/resend", pairs, (index, kind) =>
      timedPost("/api/resend", kind === "new" ? `nobody${run}${index}@gmail.com` : known[index]),
    )
    return [...signups, ...resends]
  } finally {
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

// bench:abuse's timing of signups: an attacker times the answer for addresses they know are on
// the list (pending, confirmed, written another way) against new ones, in pairs, alternating
// which goes first, on a list kept on a real disk (the project's .data/, not a memory-backed
// temp folder), and compares the two as distributions: were the answers alike, about half of
// the known ones come in under the new ones' median.
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

export const signupTiming = async (startServer: StartServer, inbox: Inbox, pairs: number): Promise<Reading[]> => {
  const data = join(ROOT, ".data")
  mkdirSync(data, { recursive: true })
  const dir = mkdtempSync(join(data, "bench-abuse-timing-"))
  const server = await startServer({ SIGNUPS_FILE: join(dir, "signups.db"), SIGNUP_RATE_LIMIT: "100000" })
  try {
    const { baseUrl } = server
    const run = Date.now().toString(36)
    const signUp = async (email: string) => postJson(baseUrl, "/api/signup", signupBody(email, { altcha: await solveChallengeFrom(baseUrl) }))
    // The known: on the list before the pairs start; every other one confirmed.
    const known = Array.from({ length: pairs }, (_, index) => `known${run}${index}@gmail.com`)
    for (const email of known) await signUp(email)
    for (const email of known.filter((_, index) => index % 2 === 1)) {
      const token = /\/confirm\/[#?]token=([A-Za-z0-9_-]+)/.exec((await inbox.waitFor(email, 20_000)).text ?? "")?.[1]
      await postJson(baseUrl, "/api/confirm", { token })
    }

    const times = { known: [] as number[], new: [] as number[] }
    let sameAnswers = 0
    for (let index = 0; index < pairs; index++) {
      // Every third known address is written another way, as a prober trying variants would.
      const knownEmail = index % 3 === 2 ? writtenAnotherWay(known[index]) : known[index]
      const newEmail = `new${run}${index}@gmail.com`
      // Solved before the clock starts: only the answer is timed.
      const solutions = [await solveChallengeFrom(baseUrl), await solveChallengeFrom(baseUrl)]
      const ask = (email: string, altcha: string | undefined) => postJson(baseUrl, "/api/signup", signupBody(email, { altcha }))
      const knownFirst = index % 2 === 1
      const first = await ask(knownFirst ? knownEmail : newEmail, solutions[0])
      const second = await ask(knownFirst ? newEmail : knownEmail, solutions[1])
      const [knownAnswer, newAnswer] = knownFirst ? [first, second] : [second, first]
      if (knownAnswer.status === newAnswer.status && knownAnswer.text === newAnswer.text) sameAnswers++
      times.known.push(knownAnswer.ms)
      times.new.push(newAnswer.ms)
    }
    const newMedian = median(times.new)
    const knownUnder = times.known.filter((ms) => ms < newMedian).length
    const share = knownUnder / pairs
    return [
      {
        attack: `/api/signup, same code and body, known vs new (${pairs} pairs)`,
        figure: `${sameAnswers} of ${pairs}`,
        goal: `${pairs} of ${pairs}`,
        met: sameAnswers === pairs,
      },
      { attack: "new signups' answers, p10 / p25 / p50 / p75 / p90", figure: `${spread(times.new)} ms`, goal: "-", met: null },
      { attack: "known addresses' answers, p10 / p25 / p50 / p75 / p90", figure: `${spread(times.known)} ms`, goal: "-", met: null },
      {
        attack: "known answers under the new signups' median",
        figure: `${knownUnder} of ${pairs} (${Math.round(share * 100)}%)`,
        goal: "40%-60%",
        met: share >= 0.4 && share <= 0.6,
      },
    ]
  } finally {
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

// bench:abuse's "leave with a reader open": a backup or an export holds a read transaction on the
// embedded database while someone leaves. Measured inside serve:prod (tools/bench/loop-gap-probe.mjs):
// the longest gap of its event loop; from outside: /healthz's p99 meanwhile, the leave's answer,
// and whether the address is in any of the database's files once the reader let go.
import { existsSync, mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import type { Inbox } from "../dev/smtp-inbox"
import { percentile, postJson, signupBody, type StartServer } from "./abuse-kit"
import { solveChallengeFrom } from "./altcha-solver"
import type { Reading } from "./reading"

const PROBE = join(__dirname, "loop-gap-probe.mjs")
/** How long the reader stays open after the leave was answered: the log waits for it meanwhile. */
const READER_HELD_MS = 2_000

/** Joins and confirms `email` through the inbox; resolves with its status token. */
const joinAndConfirm = async (baseUrl: string, inbox: Inbox, email: string): Promise<string> => {
  await postJson(baseUrl, "/api/signup", signupBody(email, { altcha: await solveChallengeFrom(baseUrl) }))
  const mail = await inbox.waitFor(email, 20_000)
  const token = /\/confirm\/[#?]token=([A-Za-z0-9_-]+)/.exec(mail.text ?? "")?.[1]
  const confirmed = JSON.parse((await postJson(baseUrl, "/api/confirm", { token })).text) as { statusUrl?: string }
  const status = confirmed.statusUrl && new URLSearchParams(new URL(confirmed.statusUrl).hash.slice(1)).get("token")
  if (!status) throw new Error(`${email} could not be confirmed`)
  return status
}

/** /healthz, one request after the other, until `stop()`: each answer's time. */
const pollHealth = (baseUrl: string) => {
  const times: number[] = []
  let running = true
  const done = (async () => {
    while (running) {
      const started = performance.now()
      const response = await fetch(`${baseUrl}/healthz`)
      await response.body?.cancel()
      times.push(performance.now() - started)
    }
  })()
  return {
    stop: async () => {
      running = false
      await done
      return times
    },
  }
}

export const erasureStall = async (startServer: StartServer, inbox: Inbox): Promise<Reading[]> => {
  const dir = mkdtempSync(join(tmpdir(), "block94-abuse-stall-"))
  const file = join(dir, "signups.db")
  const gapFile = join(dir, "loop-gaps.log")
  const server = await startServer({ SIGNUPS_FILE: file, NODE_OPTIONS: `--import ${PROBE}`, LOOP_GAP_FILE: gapFile })
  try {
    const { baseUrl } = server
    const run = Date.now().toString(36)
    const leaver = `leaver-${run}@example.com`
    for (let index = 0; index < 5; index++) await joinAndConfirm(baseUrl, inbox, `stays-${run}-${index}@example.com`)
    const token = await joinAndConfirm(baseUrl, inbox, leaver)

    // The reader a backup or an export holds: a read transaction on a connection of its own.
    const reader = new DatabaseSync(file, { readOnly: true })
    reader.exec("begin")
    reader.prepare("select count(*) from signups").get()
    const health = pollHealth(baseUrl)
    const from = Date.now()
    const leave = await postJson(baseUrl, "/api/leave", { token })
    await new Promise((wait) => setTimeout(wait, READER_HELD_MS))
    reader.exec("commit")
    reader.close()
    await new Promise((wait) => setTimeout(wait, 500))
    const healthTimes = await health.stop()
    const until = Date.now()

    const gaps = existsSync(gapFile)
      ? readFileSync(gapFile, "utf8")
          .trim()
          .split("\n")
          .map((line) => line.split(" ").map(Number))
          .filter(([at]) => at >= from && at <= until)
          .map(([, gap]) => gap)
      : []
    const longest = gaps.length > 0 ? Math.max(...gaps) : null
    const p99 = percentile(healthTimes, 0.99)
    const holds = [file, `${file}-wal`].filter((path) => existsSync(path) && readFileSync(path).includes(Buffer.from(leaver)))
    return [
      {
        attack: `longest event-loop gap while someone leaves with a reader open (${READER_HELD_MS / 1000} s)`,
        figure: longest === null ? "< 20 ms" : `${longest.toFixed(0)} ms`,
        goal: "< 100 ms",
        met: longest === null || longest < 100,
      },
      { attack: `/healthz p99 meanwhile (${healthTimes.length} requests)`, figure: `${p99.toFixed(1)} ms`, goal: "< 50 ms", met: p99 < 50 },
      { attack: "the leave's answer", figure: `${leave.status} in ${leave.ms.toFixed(0)} ms`, goal: "200", met: leave.status === 200 },
      {
        attack: "database files holding the address once the reader let go",
        figure: String(holds.length),
        goal: "0",
        met: holds.length === 0,
      },
    ]
  } finally {
    await server.stop()
  }
}

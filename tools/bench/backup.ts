// `npm run bench:backup [-- --size 1000000 --filled /tmp/filled.db]`: backups of the embedded
// store at launch-day size. --filled keeps the freshly filled store at that path and starts
// from a copy of it next time (filling a million takes most of the run).
// Fills a new SQLite store through the store API, starts `serve:prod` on it (no scheduled
// backups), and measures signups at 10 connections for 10 s without a backup, then while
// `npm run db:backup` runs beside them. Then some people in the snapshot leave (through the
// store the server runs, so the erasure log has them), the server stops, and
// `npm run db:restore` puts the snapshot back. Prints backup time, snapshot size, signups/s and
// p99 with and without the backup, restore time, and rows lost: everyone in the snapshot who
// did not leave must be back, and nobody who left. Wrong answers fail the run; timings never do.
import autocannon from "autocannon"
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { parseArgs } from "node:util"
import { appendErasure } from "../../src/server/backup/erasure-log"
import { snapshotTime } from "../../src/server/backup/rotation"
import { DEFAULT_REFERRAL_BOOST } from "../../src/server/settings/settings"
import { openEmbeddedStore } from "../../src/server/store/open-store"
import type { NewSignup } from "../../src/server/store/store"
import { hashToken, newReferralCode } from "../../src/server/waitlist/codes"
import { emailKey } from "../../src/server/waitlist/email-key"
import { SIGNUP_SOURCE } from "../../src/signup/rules"
import { decimal, heading, integer, table } from "./format"
import { runTimed } from "./processes"
import { serveProduction } from "../dev/serve"

const ROOT = resolve(__dirname, "..", "..")
const FILL_BATCH = 5_000
const CONNECTIONS = 10
const LOAD_SECONDS = 10
/** People in the snapshot who leave before the restore. */
const LEAVERS = 100
const DAY_MS = 24 * 60 * 60 * 1000

const problems: string[] = []

const fill = async (file: string, size: number): Promise<void> => {
  const store = openEmbeddedStore(file, DEFAULT_REFERRAL_BOOST)
  const codes: string[] = []
  const firstDay = Date.now() - 30 * DAY_MS
  try {
    for (let first = 0; first < size; first += FILL_BATCH) {
      const batch: NewSignup[] = []
      for (let index = first; index < Math.min(size, first + FILL_BATCH); index += 1) {
        const at = new Date(firstDay + (index * 30 * DAY_MS) / size).toISOString()
        const email = `backup-${index}@example.com`
        const referralCode = newReferralCode()
        batch.push({
          email,
          emailKey: emailKey(email),
          source: SIGNUP_SOURCE,
          timestamp: at,
          receivedAt: at,
          status: "confirmed",
          referralCode,
          // A tenth through the link of someone from an earlier batch.
          referredBy: index % 10 === 9 && first > 0 ? codes[Math.floor(Math.random() * first)] : null,
          statusTokenHash: hashToken(`status ${email}`),
          confirmToken: null,
          attribution: null,
          consent: null,
          mail: null,
        })
        codes.push(referralCode)
      }
      const results = await Promise.all(batch.map((signup) => store.add(signup)))
      if (results.some((result) => result.kind !== "added")) throw new Error("a fill batch was not added")
      process.stderr.write(`\rfilling: ${integer(first + batch.length)} of ${integer(size)}`)
    }
    process.stderr.write("\n")
  } finally {
    await store.close()
  }
}

interface Load {
  signupsPerSecond: number
  p99: number
  failed: number
}

/** Signups with a new address each, at CONNECTIONS, until `until` resolves (and for at least `seconds`). */
const signupLoad = async (baseUrl: string, run: string, seconds: number, until: Promise<unknown> = Promise.resolve()): Promise<Load> => {
  let sequence = 0
  let failed = 0
  const started = performance.now()
  let finish: (result: autocannon.Result) => void = () => undefined
  const finished = new Promise<autocannon.Result>((done) => (finish = done))
  const instance = autocannon(
    {
      url: `${baseUrl}/api/signup`,
      connections: CONNECTIONS,
      duration: 3_600,
      timeout: 10,
      requests: [
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ email: `load-${run}-${sequence++}@example.com`, source: SIGNUP_SOURCE, timestamp: new Date().toISOString() }),
          }),
          onResponse: (status) => {
            if (status !== 201) failed += 1
          },
        },
      ],
    },
    (error, result) => {
      if (error) problems.push(`signups (${run}): ${error instanceof Error ? error.message : String(error)}`)
      finish(result)
    },
  )
  await Promise.all([until, new Promise((wait) => setTimeout(wait, seconds * 1000))])
  instance.stop()
  const result = await finished
  return { signupsPerSecond: result["2xx"] / ((performance.now() - started) / 1000), p99: result.latency.p99, failed: failed + result.errors + result.timeouts }
}

const emailsIn = (file: string): Set<string> => {
  const db = new DatabaseSync(file, { readOnly: true })
  try {
    return new Set(
      db
        .prepare("select email from signups")
        .all()
        .map((row) => String(row.email)),
    )
  } finally {
    db.close()
  }
}

const main = async () => {
  const { values } = parseArgs({ options: { size: { type: "string", default: "1000000" }, filled: { type: "string" } } })
  const size = Number(values.size)
  const dir = mkdtempSync(join(tmpdir(), "block94-bench-backup-"))
  const file = join(dir, "signups.db")
  const env = { SIGNUPS_FILE: file, DATABASE_URL: "", BACKUP_INTERVAL_MINUTES: "0", SIGNUP_RATE_LIMIT: "100000000" }
  const logFile = join(dir, "commands.log")
  const npmRun = (script: string, ...args: string[]) =>
    runTimed("env", ["-u", "DATABASE_URL", `SIGNUPS_FILE=${file}`, "npm", "run", "--silent", script, ...(args.length > 0 ? ["--", ...args] : [])], {
      cwd: ROOT,
      logFile,
      timeoutMs: 10 * 60_000,
    })
  try {
    if (values.filled && existsSync(values.filled)) copyFileSync(values.filled, file)
    else {
      await fill(file, size)
      if (values.filled) copyFileSync(file, values.filled)
    }
    const server = await serveProduction(env)
    let backupMs = 0
    let without: Load
    let during: Load
    try {
      without = await signupLoad(server.baseUrl, "without", LOAD_SECONDS)
      // The backup starts a second into the load; the load runs on until it is done.
      const backup = new Promise<void>((started) => setTimeout(started, 1000)).then(async () => {
        backupMs = await npmRun("db:backup")
      })
      during = await signupLoad(server.baseUrl, "during", 2, backup)
      // Some in the snapshot leave, through a store as the server's, which logs them.
      const store = openEmbeddedStore(file, DEFAULT_REFERRAL_BOOST, { recordErasure: (entry) => appendErasure(join(dir, "erasures.log"), entry) })
      try {
        for (let index = 0; index < LEAVERS; index += 1) {
          const result = await store.erase({ emailKey: emailKey(`backup-${index * Math.floor(size / LEAVERS)}@example.com`) }, new Date())
          if (result.kind !== "erased") problems.push(`backup-${index * Math.floor(size / LEAVERS)} was not erased`)
        }
      } finally {
        await store.close()
      }
    } finally {
      await server.stop("SIGTERM")
    }
    const backups = join(dir, "backups")
    const [snapshot] = readdirSync(backups).filter((name) => snapshotTime(name) !== null)
    const snapshotFile = join(backups, snapshot)
    const inSnapshot = emailsIn(snapshotFile)
    const restoreMs = await npmRun("db:restore", snapshotFile)
    const restored = emailsIn(file)
    const left = new Set(Array.from({ length: LEAVERS }, (_, index) => `backup-${index * Math.floor(size / LEAVERS)}@example.com`))
    const lost = [...inSnapshot].filter((email) => !left.has(email) && !restored.has(email)).length
    const back = [...left].filter((email) => restored.has(email)).length
    const extra = [...restored].filter((email) => !inSnapshot.has(email)).length
    if (lost > 0) problems.push(`${lost} signups in the snapshot are missing after the restore`)
    if (back > 0) problems.push(`${back} who left are back after the restore`)
    if (extra > 0) problems.push(`${extra} signups not in the snapshot appeared`)
    if (during.failed + without.failed > 0) problems.push(`${during.failed + without.failed} signups failed`)

    console.log(heading(`Backups of the embedded store at ${integer(size)} signups`))
    console.log(
      table(
        [{ header: "measure" }, { header: "value", align: "right" }, { header: "goal" }],
        [
          ["backup time (db:backup, checked)", `${decimal(backupMs / 1000, 1)} s`, ""],
          ["snapshot size", `${integer(statSync(snapshotFile).size / 1e6)} MB`, ""],
          ["signups/s without a backup", integer(without.signupsPerSecond), ""],
          ["signups/s during the backup", integer(during.signupsPerSecond), ""],
          [
            "signup p99 without / during",
            `${integer(without.p99)} / ${integer(during.p99)} ms`,
            `during <= 2x (${integer(2 * without.p99)} ms): ${during.p99 <= 2 * without.p99 ? "met" : "MISSED"}`,
          ],
          ["failed signups", integer(without.failed + during.failed), "0"],
          ["restore time (db:restore, with erasures)", `${decimal(restoreMs / 1000, 1)} s`, `under 60 s: ${restoreMs < 60_000 ? "met" : "MISSED"}`],
          ["in the snapshot / who left since / restored", `${integer(inSnapshot.size)} / ${LEAVERS} / ${integer(restored.size)}`, ""],
          ["rows lost", integer(lost), "0"],
          ["people who left, back", integer(back), "0"],
        ],
      ),
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  if (problems.length > 0) {
    console.error(`\nProblems:\n${problems.map((problem) => `- ${problem}`).join("\n")}`)
    process.exit(1)
  }
}

main().catch((error: unknown) => {
  console.error("bench:backup failed:", error instanceof Error ? error.message : error)
  process.exit(1)
})

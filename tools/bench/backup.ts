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
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { parseArgs } from "node:util"
import { appendErasure } from "../../src/server/backup/erasure-log"
import { snapshotTime } from "../../src/server/backup/rotation"
import { DEFAULT_REFERRAL_BOOST } from "../../src/server/settings/settings"
import { openEmbeddedStore } from "../../src/server/store/open-store"
import { emailKey } from "../../src/server/waitlist/email-key"
import { fillList, signupFlood, ownerCommandOn } from "./shared"
import { decimal, heading, integer, table } from "./format"
import { serveProduction } from "../dev/serve"
import { DAY_MS } from "../../src/signup/durations"

const ROOT = resolve(__dirname, "..", "..")
const CONNECTIONS = 10
const LOAD_SECONDS = 10
/** People in the snapshot who leave before the restore. */
const LEAVERS = 100

const problems: string[] = []

/** `size` confirmed signups over the last 30 days, a tenth through the link of someone from an earlier batch. */
const fill = async (file: string, size: number): Promise<void> => {
  const store = openEmbeddedStore(file, DEFAULT_REFERRAL_BOOST)
  const firstDay = Date.now() - 30 * DAY_MS
  try {
    await fillList(
      store,
      size,
      (index, earlier) => ({
        email: `backup-${index}@example.com`,
        at: new Date(firstDay + (index * 30 * DAY_MS) / size).toISOString(),
        referredBy: index % 10 === 9 && earlier.length > 0 ? earlier[Math.floor(Math.random() * earlier.length)] : null,
      }),
      (done) => process.stderr.write(`\rfilling: ${integer(done)} of ${integer(size)}`),
    )
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
  const flood = await signupFlood(baseUrl, `load-${run}`, CONNECTIONS, seconds, until)
  if (flood.error) problems.push(`signups (${run}): ${flood.error}`)
  return { signupsPerSecond: flood.perSecond, p99: flood.p99, failed: flood.failed }
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
  const npmRun = ownerCommandOn(file, { cwd: ROOT, logFile, timeoutMs: 10 * 60_000 })
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

/**
 * The seal and the check of a snapshot file. The seal marks a fresh copy as a snapshot: when it
 * was taken and what it held, in one file of its own (no write-ahead log). The check: SQLite's
 * integrity check, the list's own bookkeeping (the confirmed in line are exactly those the bands count, from which every place is worked out), and what the
 * snapshot says of itself. At a million signups both read for seconds, so serve:prod runs them in a
 * worker thread and keeps answering; db:restore runs the check in its own thread. Each is a text
 * of plain JavaScript that needs no imports, so the same code runs in both places under any runner
 * (tsx, Jest, a compiled bundle) without a loader in the worker.
 */
import { existsSync } from "node:fs"
import { DatabaseSync } from "node:sqlite"
import { Worker } from "node:worker_threads"

export interface SnapshotFacts {
  takenAt: string
  signups: number
  confirmed: number
}

/** What a snapshot holds, counted the same way when it is sealed and when it is checked. */
const COUNT_SIGNUPS = "select count(*) as signups, coalesce(sum(status = 'confirmed'), 0) as confirmed from signups"

/** The body of `(file, DatabaseSync, existsSync) => SnapshotFacts`; throws with the reason. */
const CHECK_BODY = `
  if (!existsSync(file)) throw new Error(file + " does not exist")
  const db = new DatabaseSync(file, { readOnly: true })
  try {
    const integrity = db.prepare("pragma integrity_check").all().map((row) => String(Object.values(row)[0]))
    if (integrity.join() !== "ok") throw new Error(file + " is damaged: " + integrity.slice(0, 3).join("; "))
    const tables = new Set(db.prepare("select name from sqlite_master where type = 'table'").all().map((row) => String(row.name)))
    if (!tables.has("signups") || !tables.has("backup_info"))
      throw new Error(file + " is not a snapshot db:backup made (no " + (tables.has("signups") ? "backup_info" : "signups") + " table)")
    const info = db.prepare("select taken_at, signups, confirmed from backup_info").get()
    if (!info) throw new Error(file + " does not say when it was taken")
    const counted = db.prepare("${COUNT_SIGNUPS}").get()
    const banded = db.prepare("select coalesce(sum(confirmed), 0) as confirmed from standing_buckets").get()
    if (Number(counted.signups) !== Number(info.signups) || Number(counted.confirmed) !== Number(info.confirmed))
      throw new Error(file + " holds " + counted.signups + " signups, but was taken with " + info.signups)
    if (Number(banded.confirmed) !== Number(counted.confirmed))
      throw new Error(file + "'s places do not add up: " + counted.confirmed + " confirmed, " + banded.confirmed + " in line")
    return { takenAt: info.taken_at, signups: Number(info.signups), confirmed: Number(info.confirmed) }
  } finally {
    db.close()
  }
`

/** The body of `(file, takenAt, DatabaseSync) => void`: counts what the copy holds and writes it down with the time. */
const SEAL_BODY = `
  const db = new DatabaseSync(file)
  try {
    db.exec("pragma journal_mode = delete")
    const counted = db.prepare("${COUNT_SIGNUPS}").get()
    db.exec("create table backup_info (taken_at text not null, signups integer not null, confirmed integer not null)")
    db.prepare("insert into backup_info (taken_at, signups, confirmed) values (?, ?, ?)").run(takenAt, counted.signups, counted.confirmed)
  } finally {
    db.close()
  }
`

type Check = (file: string, database: typeof DatabaseSync, exists: typeof existsSync) => SnapshotFacts
// The same text the worker runs, made a function here (it is a constant of this module, never input).
const check = new Function("file", "DatabaseSync", "existsSync", CHECK_BODY) as Check

/** Checks a snapshot file on this thread (db:restore). Throws with the reason. */
export const checkSnapshot = (file: string): SnapshotFacts => check(file, DatabaseSync, existsSync)

/** What the worker runs: the seal when asked for, then the check, its answer posted back as facts or the reason it failed. */
const WORKER_CODE = `
const { parentPort, workerData } = require("node:worker_threads")
const { DatabaseSync } = require("node:sqlite")
const { existsSync } = require("node:fs")
const seal = (file, takenAt, DatabaseSync) => {${SEAL_BODY}}
const check = (file, DatabaseSync, existsSync) => {${CHECK_BODY}}
try {
  if (workerData.sealAt !== null) seal(workerData.file, workerData.sealAt, DatabaseSync)
  parentPort.postMessage({ facts: check(workerData.file, DatabaseSync, existsSync) })
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) })
}
`

type CheckAnswer = { facts: SnapshotFacts } | { error: string }

/** Checks a snapshot file in a worker thread, so the server's own thread keeps answering. Rejects with the same reasons as checkSnapshot. */
export function checkSnapshotOffThread(file: string): Promise<SnapshotFacts> {
  return inWorker(file, null)
}

/** Seals a fresh copy taken at `takenAt` as a snapshot, then checks it, both in a worker thread. */
export function sealAndCheckOffThread(file: string, takenAt: Date): Promise<SnapshotFacts> {
  return inWorker(file, takenAt.toISOString())
}

function inWorker(file: string, sealAt: string | null): Promise<SnapshotFacts> {
  return new Promise((resolve, reject) => {
    // Plain JavaScript, so the worker needs none of the runner's loaders (tsx's are not passed on).
    const worker = new Worker(WORKER_CODE, { eval: true, workerData: { file, sealAt }, execArgv: [] })
    let answered = false
    worker.once("message", (answer: CheckAnswer) => {
      answered = true
      if ("facts" in answer) resolve(answer.facts)
      else reject(new Error(answer.error))
    })
    worker.once("error", reject)
    worker.once("exit", (code) => {
      if (!answered) reject(new Error(`the check of ${file} stopped (exit code ${code}) before it answered`))
    })
  })
}

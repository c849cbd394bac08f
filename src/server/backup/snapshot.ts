/**
 * `db:backup` and serve:prod's scheduled backup: a consistent snapshot of the embedded database
 * taken while the server keeps taking signups, checked, rotated, and optionally copied off the
 * machine. SQLite's online backup copies every page in one step from a read transaction of its
 * own, so writers are never held up (WAL) and the copy is of one instant; Node runs that copy on
 * its thread pool and the check in a worker thread, so the server keeps answering meanwhile. It is written under a
 * temporary name and renamed only once checked, so a backup killed halfway leaves the earlier
 * snapshots as they were; the next run clears what it left.
 */
import { execFile } from "node:child_process"
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs"
import { open } from "node:fs/promises"
import path from "node:path"
import { backup, DatabaseSync } from "node:sqlite"
import { promisify } from "node:util"
import type { BackupSummary } from "../../signup/owner-summary"
import type { BackupSettings } from "./settings"
import { snapshotName, snapshotsToKeep, snapshotTime } from "./rotation"
import { sealAndCheckOffThread, type SnapshotFacts } from "./snapshot-check"

export { checkSnapshot, type SnapshotFacts } from "./snapshot-check"

/** SQLite copies this many pages per step at most: all of them, so the copy is of one instant. */
const ALL_PAGES = 2 ** 31 - 1
/** How long the copy-off command may run. */
const COMMAND_TIMEOUT_MS = 10 * 60_000
export const STATUS_FILE = "last-backup.json"
export const ERASURE_LOG_COPY = "erasures.log"

export interface BackupStatus {
  lastGood: (SnapshotFacts & { file: string; bytes: number; durationMs: number }) | null
  lastFailure: { at: string; error: string } | null
  /** The copy-off command's last failure (BACKUP_COMMAND). */
  copyFailure: { at: string; error: string } | null
}

const EMPTY_STATUS: BackupStatus = { lastGood: null, lastFailure: null, copyFailure: null }

export const readBackupStatus = (dir: string): BackupStatus => {
  try {
    return { ...EMPTY_STATUS, ...(JSON.parse(readFileSync(path.join(dir, STATUS_FILE), "utf8")) as Partial<BackupStatus>) }
  } catch {
    return EMPTY_STATUS
  }
}

const writeBackupStatus = (dir: string, status: BackupStatus): void => {
  const temporary = path.join(dir, `.${STATUS_FILE}.${process.pid}`)
  writeFileSync(temporary, `${JSON.stringify(status, null, 2)}\n`, { mode: 0o600 })
  renameSync(temporary, path.join(dir, STATUS_FILE))
}

/** What is wrong with the backups at `now`, for the owner, or null. `intervalMs` 0: taken by a scheduler, expected daily. */
export const backupProblem = (status: BackupStatus, now: Date, intervalMs: number): string | null => {
  const { lastGood, lastFailure, copyFailure } = status
  if (!lastGood)
    return lastFailure ? `No backup has succeeded yet; the last try failed: ${lastFailure.error}` : "No backup has been taken yet: the list lives on one disk"
  if (lastFailure && lastFailure.at > lastGood.takenAt) return `The last backup failed: ${lastFailure.error}`
  if (copyFailure && copyFailure.at >= lastGood.takenAt) return `The last backup was not copied off the machine: ${copyFailure.error}`
  const ageMs = now.getTime() - Date.parse(lastGood.takenAt)
  const expectedMs = intervalMs > 0 ? intervalMs : 24 * 60 * 60_000
  if (ageMs > 2 * expectedMs) return `The last good backup is ${Math.round(ageMs / 3_600_000)} hours old`
  return null
}

/** What the owner's page shows of the backups. */
export const backupSummary = (settings: Pick<BackupSettings, "dir" | "intervalMs">, now: Date): BackupSummary => {
  const status = readBackupStatus(settings.dir)
  return {
    lastGood: status.lastGood ? { takenAt: status.lastGood.takenAt, signups: status.lastGood.signups } : null,
    problem: backupProblem(status, now, settings.intervalMs),
  }
}

/** The backups part of `signups:stats`: the last good snapshot and its age, or the problem in capitals. */
export const formatBackupStatus = (status: BackupStatus, now: Date, intervalMs: number): string => {
  const problem = backupProblem(status, now, intervalMs)
  const good = status.lastGood
  return [
    "Backups",
    good
      ? `  last good: ${good.takenAt} (${Math.round((now.getTime() - Date.parse(good.takenAt)) / 60_000)} min ago), ${good.signups} signups, ${good.file}`
      : "  last good: none",
    ...(problem ? [`  PROBLEM: ${problem}`] : []),
    "",
  ].join("\n")
}

/** Flushes a file (or folder) to disk on Node's thread pool: a snapshot of the whole list takes a while to reach the disk. */
const fsyncPath = async (target: string): Promise<void> => {
  const handle = await open(target, "r")
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** A partial snapshot's name carries its process, so a live backup's is never cleared by another. */
const partialName = (takenAt: Date): string => `.partial-${process.pid}-${snapshotName(takenAt)}`
const partialOwner = (name: string): number | null => {
  const match = /^\.partial-(\d+)-/.exec(name)
  return match ? Number(match[1]) : null
}

export interface BackupResult extends SnapshotFacts {
  file: string
  bytes: number
  durationMs: number
  /** Snapshots the rotation deleted. */
  deleted: string[]
  /** Whether BACKUP_COMMAND ran and copied it off the machine (null: no command). */
  copied: boolean | null
}

/** Takes, checks and rotates one snapshot, and runs the copy-off command. Records the outcome for the owner. Throws on failure. */
export const takeBackup = async (settings: BackupSettings, now: () => Date = () => new Date()): Promise<BackupResult> => {
  const { database, dir } = settings
  const started = now()
  const status = readBackupStatus(dir)
  let partial: string | null = null
  try {
    if (!existsSync(database)) throw new Error(`there is no database at ${database} yet`)
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    for (const name of readdirSync(dir)) {
      const owner = partialOwner(name)
      if (owner !== null && (owner === process.pid || !isAlive(owner))) rmSync(path.join(dir, name), { force: true })
    }
    partial = path.join(dir, partialName(started))
    // Made private before SQLite writes a page into it: a snapshot holds everyone's address.
    closeSync(openSync(partial, "wx", 0o600))
    const source = new DatabaseSync(database, { readOnly: true, timeout: 5_000 })
    try {
      await backup(source, partial, { rate: ALL_PAGES })
    } finally {
      source.close()
    }
    // At a million signups the seal and the check read for seconds: in a worker, so serve:prod keeps answering meanwhile.
    const facts = await sealAndCheckOffThread(partial, started)
    chmodSync(partial, 0o600)
    await fsyncPath(partial)
    const file = path.join(dir, snapshotName(started))
    renameSync(partial, file)
    partial = null
    await fsyncPath(dir)
    if (existsSync(settings.erasureLog)) {
      copyFileSync(settings.erasureLog, path.join(dir, `.${ERASURE_LOG_COPY}.${process.pid}`))
      chmodSync(path.join(dir, `.${ERASURE_LOG_COPY}.${process.pid}`), 0o600)
      renameSync(path.join(dir, `.${ERASURE_LOG_COPY}.${process.pid}`), path.join(dir, ERASURE_LOG_COPY))
    }
    const names = readdirSync(dir).filter((name) => snapshotTime(name) !== null)
    const keep = snapshotsToKeep(names, started, settings.rotation)
    const deleted = names.filter((name) => !keep.has(name))
    for (const name of deleted) rmSync(path.join(dir, name), { force: true })
    const result: BackupResult = { ...facts, file, bytes: statSync(file).size, durationMs: now().getTime() - started.getTime(), deleted, copied: null }
    status.lastGood = { ...facts, file, bytes: result.bytes, durationMs: result.durationMs }
    if (settings.command) {
      try {
        // The owner's copy command runs with the server's whole environment (PATH, its credentials), not a setting read here.
        // eslint-disable-next-line no-restricted-properties
        await promisify(execFile)("sh", ["-c", settings.command], { env: { ...process.env, BACKUP_FILE: file, BACKUP_DIR: dir }, timeout: COMMAND_TIMEOUT_MS })
        status.copyFailure = null
        result.copied = true
      } catch (error) {
        const failed = error as { stderr?: string; message: string }
        status.copyFailure = { at: now().toISOString(), error: `BACKUP_COMMAND failed: ${(failed.stderr || failed.message).trim().split("\n").slice(-1)[0]}` }
        result.copied = false
      }
    }
    writeBackupStatus(dir, status)
    return result
  } catch (error) {
    if (partial) rmSync(partial, { force: true })
    const message = error instanceof Error ? error.message : String(error)
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 })
      writeBackupStatus(dir, { ...status, lastFailure: { at: now().toISOString(), error: message } })
    } catch {
      // The folder itself cannot be written: the error below says why.
    }
    throw error
  }
}

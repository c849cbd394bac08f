/**
 * serve:prod's part in backups: it marks the embedded database as held (so db:restore waits for
 * it to stop) and takes a snapshot whenever the last good one is BACKUP_INTERVAL_MINUTES old (or
 * there is none), looking every minute: a new list gets its first backup within a minute of
 * its first signup, and a restart does not reset the clock.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import { holderFile } from "./restore"
import type { BackupSettings } from "./settings"
import { readBackupStatus, takeBackup } from "./snapshot"

const LOOK_EVERY_MS = 60_000

export const scheduleBackups = (settings: BackupSettings, log: (line: string) => void, now: () => Date = () => new Date()): void => {
  const holder = holderFile(settings.database)
  mkdirSync(dirname(holder), { recursive: true, mode: 0o700 })
  writeFileSync(holder, `${process.pid}\n`, { mode: 0o600 })
  process.once("exit", () => rmSync(holder, { force: true }))
  if (settings.intervalMs === 0) return
  let running = false
  const run = async () => {
    // Nothing to copy before the first signup opens the database.
    if (running || !existsSync(settings.database)) return
    running = true
    try {
      const result = await takeBackup(settings, now)
      log(
        `backed up ${result.signups} signups to ${result.file} in ${(result.durationMs / 1000).toFixed(1)} s${result.copied === false ? "; BACKUP_COMMAND failed" : ""}`,
      )
    } catch (error) {
      log(`the backup failed: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      running = false
    }
  }
  const due = () => {
    const last = readBackupStatus(settings.dir).lastGood
    if (!last || now().getTime() - Date.parse(last.takenAt) >= settings.intervalMs) void run()
  }
  due()
  setInterval(due, Math.min(settings.intervalMs, LOOK_EVERY_MS)).unref()
}

/**
 * serve:prod's part in backups: it marks the embedded database as held (so db:restore waits for
 * it to stop) and takes a snapshot every BACKUP_INTERVAL_MINUTES, starting at once when the last
 * good one is older than that.
 */
import { existsSync, rmSync, writeFileSync } from "node:fs"
import { holderFile } from "./restore"
import type { BackupSettings } from "./settings"
import { readBackupStatus, takeBackup } from "./snapshot"

export const scheduleBackups = (settings: BackupSettings, log: (line: string) => void, now: () => Date = () => new Date()): void => {
  const holder = holderFile(settings.database)
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
      log(`backed up ${result.signups} signups to ${result.file} in ${(result.durationMs / 1000).toFixed(1)} s${result.copied === false ? "; BACKUP_COMMAND failed" : ""}`)
    } catch (error) {
      log(`the backup failed: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      running = false
    }
  }
  const last = readBackupStatus(settings.dir).lastGood
  if (!last || now().getTime() - Date.parse(last.takenAt) >= settings.intervalMs) void run()
  setInterval(() => void run(), settings.intervalMs).unref()
}

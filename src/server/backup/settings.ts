/**
 * Backup settings, read when a server or command runs (docs/settings.md, "Backups"); settings/backup.ts
 * reads them from the environment and hands them here:
 *
 *   BACKUP_DIR                where snapshots go (default: `backups/` beside the database)
 *   BACKUP_INTERVAL_MINUTES   how often serve:prod takes one (60; 0: never, a scheduler runs db:backup)
 *   BACKUP_KEEP_HOURLY        the newest of each of this many hours is kept (24)
 *   BACKUP_KEEP_DAILY         the newest of each of this many days is kept (14, at most BACKUP_MAX_DAYS)
 *   BACKUP_COMMAND            run after each snapshot to copy it off the machine ($BACKUP_FILE, $BACKUP_DIR)
 *   ERASURE_LOG               the erasure log (default: `erasures.log` beside the database)
 */
import path from "node:path"
import { BACKUP_MAX_DAYS } from "../../signup/retention"
import type { Rotation } from "./rotation"
import { PEPPER_FILE } from "../keys/pepper"

export interface BackupSettings {
  /** The embedded database the snapshots are of. */
  database: string
  dir: string
  /** How often serve:prod takes a snapshot; 0: it does not. */
  intervalMs: number
  rotation: Rotation
  /** A shell command that copies each snapshot off the machine, or undefined. */
  command: string | undefined
  erasureLog: string
  problems: string[]
}

const DEFAULTS = { intervalMinutes: 60, hourly: 24, daily: BACKUP_MAX_DAYS }

/** The embedded database's backups, for the list the signup settings name (its erasure log among them), each setting as `readSetting` gives it. */
export const parseBackupSettings = (
  readSetting: (name: string) => string | undefined,
  { signupsFile, erasureLog }: { signupsFile: string; erasureLog: string | null },
): BackupSettings => {
  const problems: string[] = []
  const whole = (name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER, why = ""): number => {
    const raw = readSetting(name)
    if (raw === undefined) return fallback
    const value = Number(raw)
    if (Number.isInteger(value) && value >= min && value <= max) return value
    problems.push(
      `${name} is "${raw}": give a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? " up" : ` to ${max}`}${why}; until then it is ${fallback}`,
    )
    return fallback
  }
  const beside = (name: string) => path.join(path.dirname(signupsFile), name)
  const dir = path.resolve(readSetting("BACKUP_DIR") ?? beside("backups"))
  // What BACKUP_COMMAND copies off is the folder: the pepper beside the database must not be in it.
  if (dir === path.dirname(path.resolve(signupsFile)))
    problems.push(`BACKUP_DIR is the database's own folder, so the list's pepper (${PEPPER_FILE}) would be copied off with the backups: choose another folder`)
  return {
    database: signupsFile,
    dir,
    intervalMs: whole("BACKUP_INTERVAL_MINUTES", DEFAULTS.intervalMinutes, 0) * 60_000,
    rotation: {
      hourly: whole("BACKUP_KEEP_HOURLY", DEFAULTS.hourly, 1),
      daily: whole("BACKUP_KEEP_DAILY", DEFAULTS.daily, 1, BACKUP_MAX_DAYS, ` (the privacy page promises no backup is older than ${BACKUP_MAX_DAYS} days)`),
    },
    command: readSetting("BACKUP_COMMAND"),
    erasureLog: erasureLog ?? beside("erasures.log"),
    problems,
  }
}

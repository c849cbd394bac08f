// `npm run db:backup`: takes a consistent snapshot of the embedded signup database while the
// server keeps taking signups, checks it, keeps a rotation (24 hourly, 14 daily) in BACKUP_DIR,
// copies the erasure log beside it, and runs BACKUP_COMMAND to copy it off the machine. serve:prod
// does the same every BACKUP_INTERVAL_MINUTES. With DATABASE_URL it says what to use instead.
import { readBackupSettings } from "../../src/server/settings/backup"
import { takeBackup } from "../../src/server/backup/snapshot"
import { noArguments, runWhenMain, type CommandContext } from "./command"

export const POSTGRES_BACKUPS =
  'The list is in PostgreSQL (DATABASE_URL): db:backup copies only the embedded database. Use your provider\'s point-in-time recovery, or `pg_dump --format=custom` on a schedule (see docs/operations.md, "Backups and restore").'

async function backUp(_: object, { settings: signups }: CommandContext): Promise<number> {
  if (signups.databaseUrl) {
    console.error(POSTGRES_BACKUPS)
    return 2
  }
  const settings = readBackupSettings(signups)
  for (const problem of settings.problems) console.error(`settings: ${problem}`)
  const result = await takeBackup(settings)
  const copied = result.copied === null ? "" : result.copied ? "; copied off the machine (BACKUP_COMMAND)" : "; BACKUP_COMMAND FAILED (see signups:stats)"
  console.log(
    `Backed up ${result.signups} signups (${result.confirmed} confirmed) to ${result.file}: ${(result.bytes / 1_048_576).toFixed(1)} MB in ${(result.durationMs / 1000).toFixed(1)} s, checked${copied}.` +
      (result.deleted.length > 0 ? ` Rotated out ${result.deleted.length} older snapshot${result.deleted.length === 1 ? "" : "s"}.` : ""),
  )
  return result.copied === false ? 1 : 0
}

runWhenMain(module, { name: "db:backup", usage: "Usage: npm run db:backup", parse: noArguments("db:backup"), run: backUp })

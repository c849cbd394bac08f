// `npm run db:restore -- FILE`: puts a snapshot from db:backup back as the embedded signup
// database. It checks the snapshot, refuses while serve:prod holds the database, erases again
// everyone the erasure log says left after the snapshot was taken, deletes what retention would
// have, and keeps the database it replaces beside it (delete that once you are satisfied).
import { existsSync } from "node:fs"
import path from "node:path"
import { leftSince, readErasures } from "../../src/server/backup/erasure-log"
import { reapplyErasures, restoreSnapshot } from "../../src/server/backup/restore"
import { readBackupSettings } from "../../src/server/settings/backup"
import { ERASURE_LOG_COPY } from "../../src/server/backup/snapshot"
import { listPepper } from "../../src/server/runtime/runtime"
import type { SignupSettings } from "../../src/server/settings/settings"
import { openPostgresDatabase } from "../../src/server/store/postgres-database"
import { createSqlStore } from "../../src/server/store/sql-store"
import { isArgumentError, readCommandLine, runWhenMain, type CommandContext } from "./command"

interface RestoreCommand {
  snapshot: string | null
  erasuresSince: string | null
}

const USAGE = `Usage:
  npm run db:restore -- .data/backups/signups-20261125T040000Z.db       put a snapshot back as the embedded database
  npm run db:restore -- --erasures-since 2026-11-25T04:00:00Z          on PostgreSQL, after restoring with its tools`

function parseRestore(args: readonly string[]): RestoreCommand | { error: string } {
  const line = readCommandLine("db:restore", { "erasures-since": { type: "string", needs: "the time the database was restored to" } }, args)
  if (isArgumentError(line)) return line
  if (line.positionals.length > 1) return { error: "give one snapshot to restore" }
  const since = line.values["erasures-since"]
  return { snapshot: line.positionals[0] ?? null, erasuresSince: typeof since === "string" ? since : null }
}

async function restore({ snapshot, erasuresSince }: RestoreCommand, { settings: signups }: CommandContext): Promise<void> {
  if (signups.databaseUrl) return reapplyToPostgres(signups, erasuresSince)
  if (!snapshot) throw new Error("give the snapshot to restore: npm run db:restore -- .data/backups/signups-20261125T040000Z.db")
  const settings = readBackupSettings(signups)
  // The live erasure log is the newest; if the disk that held it is gone, the copy beside the snapshot.
  const besideSnapshot = path.join(path.dirname(path.resolve(snapshot)), ERASURE_LOG_COPY)
  const erasureLog = existsSync(settings.erasureLog) ? settings.erasureLog : besideSnapshot
  if (!existsSync(erasureLog))
    console.error(`No erasure log at ${settings.erasureLog} or ${besideSnapshot}: nobody who left after the snapshot can be taken out again.`)
  const report = await restoreSnapshot({
    snapshot: path.resolve(snapshot),
    database: settings.database,
    erasureLog,
    boost: signups.referralBoost,
    pepper: listPepper(signups),
    retention: signups.retention,
    now: new Date(),
  })
  console.log(
    [
      `Restored ${settings.database} from the snapshot taken ${report.takenAt} (${report.inSnapshot} signups).`,
      `Erased again ${report.erasedAgain} who left after it (erasure log ${erasureLog}); deleted ${report.expired} unconfirmed past PENDING_SIGNUP_DAYS; ${report.restored} signups now.`,
      report.unreadable > 0 ? `${report.unreadable} erasure log lines were cut short and skipped.` : "",
      report.replacedKeptAs ? `The database it replaced is kept as ${report.replacedKeptAs}: delete it once you are satisfied.` : "",
    ]
      .filter(Boolean)
      .join("\n"),
  )
}

/**
 * PostgreSQL is restored with the provider's tools; afterwards `db:restore -- --erasures-since
 * TIME` (the time restored to) erases again those the erasure log says left since.
 */
async function reapplyToPostgres(signups: SignupSettings & { databaseUrl?: string }, since: string | null): Promise<void> {
  const { erasureLog } = signups
  if (!since || Number.isNaN(Date.parse(since)) || !erasureLog) {
    throw new Error(
      'the list is in PostgreSQL (DATABASE_URL): restore it with your provider\'s point-in-time recovery or pg_restore, then run `npm run db:restore -- --erasures-since 2026-11-25T04:00:00Z` (the time restored to) with ERASURE_LOG set, to erase again those who left since (see docs/operations.md, "Backups and restore")',
    )
  }
  const db = openPostgresDatabase({ connectionString: signups.databaseUrl as string, poolSize: 2 })
  const pepper = listPepper(signups)
  const store = createSqlStore(db, { boost: signups.referralBoost, pepper })
  try {
    const { entries, unreadable } = readErasures(erasureLog, pepper)
    const erased = await reapplyErasures(db, store, leftSince(entries, new Date(since).toISOString()), new Date(), pepper)
    console.log(
      `Erased again ${erased} who left since ${since} (erasure log ${erasureLog}).${unreadable > 0 ? ` ${unreadable} lines were cut short and skipped.` : ""}`,
    )
  } finally {
    await store.close()
  }
}

runWhenMain(module, { name: "db:restore", usage: USAGE, parse: parseRestore, run: restore })

/**
 * `db:restore`: puts a snapshot back in place of the embedded database, keeping the list's
 * promises. The snapshot is checked, and refused while a server holds the database; it is
 * restored into a copy, where everyone the erasure log says left after the snapshot was taken is
 * erased again (and suppressed, so no import brings them back), and what retention would have
 * deleted since is deleted. Only then does the copy replace the database; the database it
 * replaces, with any write-ahead files a crash left, is moved aside, never mixed in.
 */
import { chmodSync, copyFileSync, existsSync, readFileSync, renameSync, rmSync } from "node:fs"
import type { SqlDatabase } from "../store/database"
import { openSqliteDatabase } from "../store/sqlite-database"
import type { SignupStore } from "../store/store"
import { createSqlStore } from "../store/sql-store"
import { suppressionKey } from "../keys/suppression-key"
import { leftSince, readErasures } from "./erasure-log"
import { checkSnapshot } from "./snapshot"

/** The file serve:prod writes its process id to while it holds the database. */
export const holderFile = (database: string): string => `${database}.pid`

/** The process that holds the database now, or null (a holder file a SIGKILL left is no holder). */
export const heldBy = (database: string): number | null => {
  if (!existsSync(holderFile(database))) return null
  const pid = Number(readFileSync(holderFile(database), "utf8").trim())
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return null
  try {
    process.kill(pid, 0)
    return pid
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null
  }
}

/**
 * Erases again, in a restored list, everyone whose suppression key is in `keys` (made with
 * `pepper`, the list's own), and suppresses the keys of those not in it, so no import brings them
 * back. Returns how many were erased.
 */
export const reapplyErasures = async (
  db: SqlDatabase,
  store: Pick<SignupStore, "erase" | "ping">,
  keys: readonly string[],
  now: Date,
  pepper: string,
): Promise<number> => {
  if (keys.length === 0) return 0
  // The store first checks its pepper (and keys a list from before keys were keyed).
  await store.ping()
  const left = new Set(keys)
  let erased = 0
  const rows = await db.query<{ email_key: string }>("select email_key from signups")
  for (const { email_key } of rows) {
    if (left.has(suppressionKey(pepper, email_key)) && (await store.erase({ emailKey: email_key }, now)).kind === "erased") erased += 1
  }
  for (const key of left) {
    await db.query("insert into signup_suppressions (key_hash, created_at) values ($1, $2) on conflict (key_hash) do nothing", [key, now.toISOString()])
  }
  return erased
}

export interface RestoreOptions {
  snapshot: string
  database: string
  erasureLog: string
  /** Places per referral: part of the list's index, so the server's own setting. */
  boost: number
  /** The list's pepper (LIST_PEPPER or the file beside the database): the erasure log's keys are made with it. */
  pepper: string
  retention: { pendingMs: number }
  now: Date
}

export interface RestoreReport {
  takenAt: string
  /** Signups in the snapshot, and in the database once restored. */
  inSnapshot: number
  restored: number
  /** People in the snapshot who left after it was taken, erased again. */
  erasedAgain: number
  /** Unconfirmed signups that retention deleted. */
  expired: number
  /** Where the database that was replaced now is (null: there was none). */
  replacedKeptAs: string | null
  /** Erasure log lines a crash cut short, skipped. */
  unreadable: number
}

const SIDE_FILES = ["", "-wal", "-shm"]

export const restoreSnapshot = async ({ snapshot, database, erasureLog, boost, pepper, retention, now }: RestoreOptions): Promise<RestoreReport> => {
  const facts = checkSnapshot(snapshot)
  const holder = heldBy(database)
  if (holder !== null) throw new Error(`a server (process ${holder}) holds ${database}: stop it first (SIGTERM), then restore`)
  const restoring = `${database}.restoring`
  for (const suffix of SIDE_FILES) rmSync(`${restoring}${suffix}`, { force: true })
  copyFileSync(snapshot, restoring)
  // It holds everyone's address, whatever mode the snapshot's copy came with: its user's alone.
  chmodSync(restoring, 0o600)

  const db = openSqliteDatabase(restoring)
  const store = createSqlStore(db, { boost, pepper })
  let erasedAgain: number
  let expired: number
  const { entries, unreadable } = readErasures(erasureLog, pepper)
  try {
    await db.query("drop table backup_info")
    erasedAgain = await reapplyErasures(db, store, leftSince(entries, facts.takenAt), now, pepper)
    expired = (await store.purgeStale(now, retention)).pending
  } finally {
    await store.close()
  }
  const [{ signups }] = await (async () => {
    const check = openSqliteDatabase(restoring)
    try {
      return await check.query<{ signups: number }>("select count(*) as signups from signups")
    } finally {
      await check.close()
    }
  })()

  // Closed cleanly, the copy is one file; an empty write-ahead log left beside it is not carried over.
  for (const suffix of ["-wal", "-shm"]) rmSync(`${restoring}${suffix}`, { force: true })
  let replacedKeptAs: string | null = null
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d+/, "")
  for (const suffix of SIDE_FILES) {
    if (!existsSync(`${database}${suffix}`)) continue
    const aside = `${database}.replaced-${stamp}`
    renameSync(`${database}${suffix}`, `${aside}${suffix}`)
    if (suffix === "") replacedKeptAs = aside
  }
  renameSync(restoring, database)
  return { takenAt: facts.takenAt, inSnapshot: facts.signups, restored: Number(signups), erasedAgain, expired, replacedKeptAs, unreadable }
}

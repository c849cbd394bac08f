/**
 * What the parts of the signup store share (sql-store.ts builds it once, with `createStoreContext`):
 * the database, the options, the line's SQL, the list's pepper, and queries that first make sure
 * the database is migrated.
 */
import type { SqlDatabase, SqlExecutor } from "./database"
import { lineSql } from "./line-sql"
import { applyMigrations } from "./migrations"
import { standingOf, type PlaceColumns, type SignupRow } from "./signup-rows"
import type { Milestone } from "./contract/mail"
import type { Standing } from "./contract/signups"
import { keySuppressions } from "./suppressions"

/** Standings per band: small enough to count inside one quickly, few enough bands to sum. */
export const BUCKET_WIDTH = 1000

/** An address that left the list or came back, as the store tells the erasure log (src/server/backup/). */
export interface ErasureEntry {
  /** When it happened (ISO 8601). */
  at: string
  /** suppressionKey(pepper, emailKey): see src/server/keys/suppression-key.ts. */
  key: string
  /** left: erased or unsubscribed; back: confirmed again from their own inbox. */
  kind: "left" | "back"
}

export interface SqlStoreOptions {
  /** Places a signup moves up per confirmed referral: part of the index, so fixed per store. */
  boost: number
  /**
   * The list's pepper, which keys suppression keys (src/server/keys/); the same for the list's
   * whole life. A function is called on first use (a file beside the embedded database, made
   * then), so a folder that cannot be made fails a request, not the process.
   */
  pepper: string | (() => string)
  /** Standings per band; BUCKET_WIDTH unless a test wants many bands from a short list. */
  bucketWidth?: number
  /**
   * The reward tiers (content/rewards.json), by increasing `referrals`. When a confirmed referral
   * brings a confirmed signup to or past a tier it was not told of, the same transaction raises
   * its `milestone` (so no tier is announced twice, even after a friend leaves and another comes)
   * and announces it. None: no milestones.
   */
  milestones?: readonly Milestone[]
  /** Announce a reached tier by email (only where mail goes out: SMTP_URL set). */
  milestoneEmails?: boolean
  /**
   * Records list events (signup.created, signup.confirmed, milestone.reached, ...) in the outbox
   * with the change that causes them; off by default, so a list with no webhook or email provider
   * writes nothing more on its busy path.
   */
  events?: boolean
  /** Credited referrals per referrer per day; the rest are held for the owner (DEFAULT_REFERRAL_DAILY_CAP). */
  referralDailyCap?: number
  /**
   * Told of every address that leaves the list and every one that comes back; the change commits
   * once it resolves (the erasure log, on disk, which a restore re-applies: see src/server/backup).
   */
  recordErasure?(entry: ErasureEntry): Promise<void>
  /** Rewrites the erasure log's lines from before keys were keyed with `pepper`, once, as the store keys its own (see suppressions.ts). */
  rekeyErasureLog?(pepper: string): void
}

export interface StoreContext {
  db: SqlDatabase
  options: SqlStoreOptions
  line: ReturnType<typeof lineSql>
  /** The list's pepper, read on first use. */
  pepper(): string
  /** Migrates and readies the database on first use. */
  ready(): Promise<void>
  query<Result extends object>(text: string, values?: readonly unknown[]): Promise<Result[]>
  transaction<Result>(work: (tx: SqlExecutor) => Promise<Result>): Promise<Result>
}

/** A signup's standing now, chosen by `where` over alias s, inside the caller's transaction. */
export type StandingWhere = (tx: SqlExecutor, where: string, values: readonly unknown[]) => Promise<(Standing & { id: number | string }) | null>

/** The context every part of one store shares: the database is migrated and readied on first use. */
export function createStoreContext(db: SqlDatabase, options: SqlStoreOptions): StoreContext {
  const width = options.bucketWidth ?? BUCKET_WIDTH
  const line = lineSql(options.boost, width, db.engine)
  // Part of the version: the index's shape, so a database built before it changed is rebuilt.
  const lineVersion = `${options.boost}/${width}/2`

  let pepperRead: string | null = null
  function pepper(): string {
    return (pepperRead ??= typeof options.pepper === "function" ? options.pepper() : options.pepper)
  }
  let opening: Promise<void> | null = null
  /** Migrates and readies the database on first use; a failure (database down) is tried again next time. */
  function ready(): Promise<void> {
    opening ??= (async () => {
      await db.transaction(async (tx) => {
        await applyMigrations(tx, db.engine)
        await keySuppressions(tx, db.engine, pepper(), options.rekeyErasureLog)
        const [current] = await tx.query<{ value: string }>("select value from store_settings where name = 'line'")
        if (current?.value !== lineVersion) {
          for (const text of line.lineIndex) await tx.query(text)
          await tx.query(
            current ? "update store_settings set value = $1 where name = 'line'" : "insert into store_settings (name, value) values ('line', $1)",
            [lineVersion],
          )
        }
      })
    })()
    opening.catch(() => {
      opening = null
    })
    return opening
  }
  async function query<Result extends object>(text: string, values: readonly unknown[] = []): Promise<Result[]> {
    await ready()
    return (await db.query(text, values)) as Result[]
  }
  async function transaction<Result>(work: (tx: SqlExecutor) => Promise<Result>): Promise<Result> {
    await ready()
    return db.transaction(work)
  }
  return { db, options, line, pepper, ready, query, transaction }
}

/** Reads a signup's standing now, chosen by `where` over alias s, inside the caller's transaction. */
export function standingReader(line: StoreContext["line"]): StandingWhere {
  return async (tx, where, values) => {
    const [row] = await tx.query<SignupRow & PlaceColumns>(line.standing("signups s", where), values)
    return row ? { ...standingOf(row), id: row.id } : null
  }
}

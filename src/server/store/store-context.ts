/**
 * What the parts of the signup store share (sql-store.ts builds it once): the database, the
 * options, the line's SQL, and queries that first make sure the database is migrated.
 */
import type { SqlDatabase, SqlExecutor } from "./database"
import type { lineSql } from "./line-sql"
import type { Milestone } from "./contract/mail"
import type { Standing } from "./contract/signups"
import type { ErasureEntry } from "../backup/erasure-log"

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
  /** Migrates and readies the database on first use. */
  ready(): Promise<void>
  query<Result extends object>(text: string, values?: readonly unknown[]): Promise<Result[]>
  transaction<Result>(work: (tx: SqlExecutor) => Promise<Result>): Promise<Result>
}

/** A signup's standing now, chosen by `where` over alias s, inside the caller's transaction. */
export type StandingWhere = (tx: SqlExecutor, where: string, values: readonly unknown[]) => Promise<(Standing & { id: number | string }) | null>

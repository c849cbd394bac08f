/**
 * The bot check's part of the store: each solved challenge is taken once (its signature kept
 * until the challenge expires, so a replay is refused on every instance that shares the store),
 * and what the check decided is counted for the owner (`list_counters`), in one transaction.
 */
import type { SqlExecutor } from "./database"
import { bumpCounters } from "./events"

/** What the bot check made of a request's solution. */
export type ChallengeVerdict = "passed" | "missing" | "invalid" | "expired" | "replayed"

/** Expired challenges deleted per check: a few at a time keeps the table small without a sweep of its own. */
const PURGE_BATCH = 20

/**
 * Records the check of one request: a solution that passed is taken (or found taken: "replayed"),
 * and the outcome counted, as `bot_<verdict>` and, for one that would be refused, as
 * `bot_refused` (enforce) or `bot_would_refuse` (monitor). Returns the verdict as it stands.
 */
export const recordChallenge = async (
  tx: SqlExecutor,
  check: { verdict: ChallengeVerdict; signature: string | null; expiresAt: string | null; enforce: boolean },
  now: Date,
): Promise<ChallengeVerdict> => {
  let verdict = check.verdict
  if (verdict === "passed" && check.signature && check.expiresAt) {
    const taken = await tx.query<{ signature: string }>(
      "insert into used_challenges (signature, expires_at) values ($1, $2) on conflict (signature) do nothing returning signature",
      [check.signature, check.expiresAt],
    )
    if (taken.length === 0) verdict = "replayed"
    await tx.query("delete from used_challenges where signature in (select signature from used_challenges where expires_at < $1 limit $2)", [
      now.toISOString(),
      PURGE_BATCH,
    ])
  }
  const refused = verdict !== "passed"
  await bumpCounters(tx, { [`bot_${verdict}`]: 1, ...(refused ? { [check.enforce ? "bot_refused" : "bot_would_refuse"]: 1 } : {}) })
  return verdict
}

/** The counts the owner sees. */
export interface BotCheckCounts {
  passed: number
  /** Refused in `enforce`. */
  refused: number
  /** Let through in `monitor`, but would have been refused. */
  wouldRefuse: number
  /** Solutions sent again (part of refused or would-refuse). */
  replayed: number
  /** Requests without any solution (part of refused or would-refuse). */
  missing: number
}

export const BOT_CHECK_COUNTERS = ["bot_passed", "bot_refused", "bot_would_refuse", "bot_replayed", "bot_missing"] as const

export const botCheckCounts = (counter: (name: string) => number): BotCheckCounts => ({
  passed: counter("bot_passed"),
  refused: counter("bot_refused"),
  wouldRefuse: counter("bot_would_refuse"),
  replayed: counter("bot_replayed"),
  missing: counter("bot_missing"),
})

/**
 * The bot check's part of the store: each solved challenge is taken once (its signature kept
 * until the challenge expires, so a replay is refused on every instance that shares the store),
 * and what the check decided is counted for the owner (`list_counters`), in one transaction.
 */
import type { SqlExecutor } from "./database"
import { bumpCounters, type ListCounter } from "./events"
import type { ChallengeVerdict } from "./contract/bot-check"

/** Expired challenges deleted per solution taken: a few at a time keeps the table small without a sweep of its own. */
const PURGE_BATCH = 20

/** One request's check: what the signature check found, and the solution's signature and expiry when it passed. */
export interface ChallengeCheck {
  verdict: ChallengeVerdict
  signature: string | null
  expiresAt: string | null
  enforce: boolean
  now: Date
}

/**
 * Records the checks of a group of requests, in order: a solution that passed is taken (or found
 * taken, also earlier in the same group: "replayed"), and each outcome counted, as
 * `bot_<verdict>` and, for one that would be refused, as `bot_refused` (enforce) or
 * `bot_would_refuse` (monitor). Returns the verdicts as they stand.
 */
export const recordChallenges = async (tx: SqlExecutor, checks: ChallengeCheck[]): Promise<ChallengeVerdict[]> => {
  const verdicts: ChallengeVerdict[] = []
  const counts: Partial<Record<ListCounter, number>> = {}
  const count = (name: ListCounter) => (counts[name] = (counts[name] ?? 0) + 1)
  for (const check of checks) {
    let verdict = check.verdict
    if (verdict === "passed" && check.signature && check.expiresAt) {
      const taken = await tx.query<{ signature: string }>(
        "insert into used_challenges (signature, expires_at) values ($1, $2) on conflict (signature) do nothing returning signature",
        [check.signature, check.expiresAt],
      )
      if (taken.length === 0) verdict = "replayed"
    }
    count(`bot_${verdict}`)
    if (verdict !== "passed") count(check.enforce ? "bot_refused" : "bot_would_refuse")
    verdicts.push(verdict)
  }
  const passed = checks.filter((check) => check.verdict === "passed").length
  if (passed > 0) {
    const latest = new Date(Math.max(...checks.map((check) => check.now.getTime())))
    await tx.query("delete from used_challenges where signature in (select signature from used_challenges where expires_at < $1 limit $2)", [
      latest.toISOString(),
      PURGE_BATCH * passed,
    ])
  }
  await bumpCounters(tx, counts)
  return verdicts
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

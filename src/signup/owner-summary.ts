/**
 * The owner's summary, as the store reads it and GET /api/owner/summary answers it: one
 * declaration for the server that writes it and the owner's page that reads it.
 */

/** Signups and confirmations on one UTC day ("2026-11-23"). */
export interface DayCount {
  day: string
  signups: number
  confirmations: number
}

/** Signups that came with one attribution (a UTM source or campaign, a referring site), and how many of them are confirmed. */
export interface AttributionCount {
  /** "" for the signups that came with none. */
  name: string
  signups: number
  confirmed: number
}

export interface OutboxHealth {
  /** Messages not yet delivered that will be tried again. */
  waiting: number
  /** Messages given up on after every retry. */
  failed: number
  lastError: string | null
}

/** The list at a glance, for the owner's page: read from counts kept in step, never a pass over the list. */
export interface OwnerSummary {
  confirmed: number
  pending: number
  /** Invitations sent and redeemed (`list_counters`). */
  invited: number
  redeemed: number
  /** People who left the list (erased), all time. */
  left: number
  /** What the bot check decided, all time: signups and link requests it passed, refused, or (monitor) would have refused. */
  botCheck: { passed: number; refused: number; wouldRefuse: number; replayed: number; missing: number }
  /** The last `days` UTC days, oldest first, today last; days without signups count zero. */
  perDay: DayCount[]
  /** The largest first, at most `limit` each. */
  sources: AttributionCount[]
  campaigns: AttributionCount[]
  referrers: AttributionCount[]
  /** The signups that brought the most confirmed friends, with their addresses (the owner's own page). */
  topReferrers: Array<{ email: string; referralCode: string; referrals: number }>
  outbox: OutboxHealth
  disabledWebhooks: Array<{ url: string; since: string; reason: string | null }>
}

/** What GET /api/owner/summary answers: the summary, and when it was read (an instant, ISO 8601). */
export interface OwnerSummaryAnswer extends OwnerSummary {
  generatedAt: string
}

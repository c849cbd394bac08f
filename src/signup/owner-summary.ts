/**
 * The owner's summary, as the store reads it and GET /api/owner/summary answers it: one
 * declaration for the server that writes it and the owner's page that reads it.
 */

/** The days the summary's chart covers, today (UTC) the last ("{days}" in the owner page's copy). */
export const SUMMARY_DAYS = 30
/** Sources, campaigns, referring sites and referrers shown, each ("{count}" in the top referrers' intro). */
export const SUMMARY_LIMIT = 20

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

/**
 * Why a referral is held from its referrer's count until the owner looks: the friend never
 * confirmed by email (single opt-in); the friend signed up from the referrer's own network within
 * a day of the referrer; many signups came from one network, or through one code, in minutes; the
 * referrer reached the day's cap of credited referrals.
 */
export const HOLD_REASONS = ["unconfirmed", "same_network", "network_burst", "shared_domain", "code_burst", "daily_cap"] as const
export type HoldReason = (typeof HOLD_REASONS)[number]

/** A referral held from credit, for the owner to release (it counts) or reject (it never will). */
export interface HeldReferral {
  /** The friend's signup number: what the owner's decision names. */
  id: number
  email: string
  /** Whether the friend confirmed (a pending friend's released referral counts once they do). */
  confirmed: boolean
  referrerEmail: string
  referralCode: string
  reason: HoldReason
  /** When the friend signed up (ISO 8601). */
  at: string
}

/** Who the audit says acted: the owner, through the owner's page or on the server's command line. */
export const OWNER_PAGE_ACTOR = "owner's page"
export const COMMAND_LINE_ACTOR = "command line"

/** What the owner did with the list: who (the owner, through which door), what, when, how many. */
export interface AuditEntry {
  at: string
  /** "owner's page" or "command line". */
  actor: string
  action:
    | "erasure"
    | "invitation wave"
    | "export"
    | "referrals released"
    | "referrals rejected"
    | "drop commitment"
    | "drop entries let in"
    | "drop entries left out"
    | "drop draw"
    | "person looked up"
    | "address shown"
    | "link sent again"
  count: number
  /** What it concerned, without addresses (an erasure is not a record of whom). */
  detail: string | null
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
  /** Referrals held from credit, oldest first, at most `limit`, and how many there are in all. */
  heldReferrals: { total: number; rows: HeldReferral[] }
  /** The owner's latest actions, newest first, at most `limit`. */
  audit: AuditEntry[]
  /** `sentToday`: emails the mail server accepted since midnight UTC (whether they reached an inbox is not reported back). */
  outbox: OutboxHealth & { sentToday: number }
  /** Addresses the receiving server refused for good, newest first, at most `limit`, and how many in all. */
  hardBounces: { total: number; rows: HardBounce[] }
  disabledWebhooks: Array<{ url: string; since: string; reason: string | null }>
}

/** What GET /api/owner/summary answers: the summary, and when it was read (an instant, ISO 8601). */
/** An address that refused mail for good: when, and what its server answered. */
export interface HardBounce {
  email: string
  at: string
  reason: string
}

/** The embedded database's backups (null with PostgreSQL, whose backups are the provider's). */
export interface BackupSummary {
  lastGood: { takenAt: string; signups: number } | null
  /** What is wrong (none yet, failed, not copied off, too old), or null. */
  problem: string | null
}

export interface OwnerSummaryAnswer extends OwnerSummary {
  backups: BackupSummary | null
  /** Page views and visits (arrivals from outside the site) counted and kept; null where views are not counted. */
  visits: { views: number; visits: number } | null
  generatedAt: string
}

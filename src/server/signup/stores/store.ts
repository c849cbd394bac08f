/**
 * The signup store: what the service needs from wherever the list lives. One implementation
 * (sql-store.ts) over two engines passes one contract test suite: SQLite, embedded (one file, for
 * one machine), and PostgreSQL (DATABASE_URL, for any number of them).
 */
import type { Attribution } from "../../../signup/schema"

export type SignupStatus = "pending" | "confirmed"

/** A signup as the service hands it to the store. Secrets arrive as hashes only. */
export interface NewSignup {
  /** The address as typed (trimmed): where mail goes. */
  email: string
  /** The normalised address the list deduplicates on (see waitlist/email-key.ts). */
  emailKey: string
  source: string
  /** When the visitor signed up, as their browser said (ISO 8601). */
  timestamp: string
  /** When the server took it (ISO 8601). */
  receivedAt: string
  status: SignupStatus
  /** This signup's own public code, for its referral link. */
  referralCode: string
  /** The code of the link it came through; the store keeps it only if it names another signup. */
  referredBy: string | null
  statusTokenHash: string
  /** For a pending signup: the confirmation token's hash and when it expires. */
  confirmToken: { hash: string; expiresAt: string } | null
  attribution: Attribution | null
  /** Which consent wording the visitor agreed to (see `consentVersion`); null: consent not recorded. */
  consent: string | null
  /** The message this signup causes (its confirmation email), written in the same transaction. */
  mail: QueuedMessage | null
  /**
   * The person signed up through the form themselves: an address that left the list may come
   * back, as a new person at the end of the line, and its suppression is lifted. Anything else
   * (an import) leaves a suppressed address out: it cannot come back by accident.
   */
  overridesSuppression?: boolean
}

/** What a message is, to the sender that builds and delivers it. */
export type MessageKind = "confirmation" | "status-link"

/** A message to send, written to the outbox with the change that causes it. */
export interface QueuedMessage {
  kind: MessageKind
  /**
   * What the sender needs to build it (the address, the link, the unsubscribe links); cleared
   * once it is delivered.
   */
  payload: Record<string, string>
  /** The hash of the unsubscribe token its unsubscribe links carry: every email has one. */
  unsubscribeTokenHash: string
}

/** A message the sender has claimed for one delivery attempt. */
export interface OutboxEntry {
  id: number
  /** Stable for every attempt (the email's Message-ID), so a repeat is recognisable. */
  messageId: string
  kind: MessageKind
  payload: Record<string, string>
  /** Attempts so far, this one included. */
  attempts: number
}

export interface OutboxHealth {
  /** Messages not yet delivered that will be tried again. */
  waiting: number
  /** Messages given up on after every retry. */
  failed: number
  lastError: string | null
}

/** A stored signup. */
export interface Signup extends Omit<NewSignup, "statusTokenHash" | "confirmToken" | "mail"> {
  /** Signup order, 1 for the first, pending ones counted. */
  sequence: number
  confirmedAt: string | null
  /** When mail to this signup was last delivered (for the at-most-hourly resend). */
  lastMailAt: string | null
  /** When the consent was given (the signup's time), null when none was recorded. */
  consentedAt: string | null
}

/** A confirmed signup's place: 1-based, current when asked. */
export interface Place {
  position: number
  /** Confirmed signups on the list. */
  total: number
}

/** `suppressed`: the address left the list, and this signup may not bring it back (see `overridesSuppression`). */
export type AddResult = { kind: "added"; signup: Signup; place: Place | null } | { kind: "duplicate"; signup: Signup } | { kind: "suppressed" }

/** `expired`: the token is past its 48 hours or was used already (tokens are single use). */
export type ConfirmResult = { kind: "confirmed"; signup: Signup; place: Place } | { kind: "expired" } | { kind: "unknown" }

export interface Standing {
  signup: Signup
  /** Null while the signup is pending. */
  place: Place | null
  /** Confirmed signups on the list. */
  total: number
  /** Confirmed signups that came through this one's referral link. */
  referrals: number
}

/** One row of the owner's export: the signup, where it stands, whom it brought. */
export interface ExportRow extends Standing {
  /** The code of the signup that referred this one, when it counted. */
  referredBy: string | null
}

/** A new secret for a signup, by its hash: a status token, or a confirmation token that expires. */
export type NewToken = { kind: "status"; hash: string } | { kind: "confirm"; hash: string; expiresAt: string }

/** Who leaves the list: by a token from their status page or an email, or by address (the owner answering a request). */
export type Leaver = { token: "status" | "unsubscribe"; hash: string } | { emailKey: string }

/**
 * `erased`: the person was on the list and is gone. `alreadyLeft`: an unsubscribe token of
 * someone who has left already. `unknown`: no one (by address: no one, but the address is
 * suppressed all the same).
 */
export type LeaveResult = { kind: "erased" } | { kind: "alreadyLeft" } | { kind: "unknown" }

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

/** The list at a glance, for the owner's page: read from counts kept in step, never a pass over the list. */
export interface OwnerSummary {
  confirmed: number
  pending: number
  /** Invitations sent and redeemed (`list_counters`). */
  invited: number
  redeemed: number
  /** People who left the list (erased), all time. */
  left: number
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

export interface SignupStore {
  /** Adds a signup unless its email key is on the list; answers once the signup is durable. */
  add(signup: NewSignup): Promise<AddResult>
  /** Uses a confirmation token (once): the signup becomes confirmed. */
  confirm(tokenHash: string, now: Date): Promise<ConfirmResult>
  /** A new secret for a signup: a status token, or a confirmation token that expires. */
  addToken(emailKey: string, token: NewToken): Promise<void>
  /** The signup with this email key, for the service's own use (never to answer who is on the list). */
  findSignup(emailKey: string): Promise<Signup | null>
  /** Where the signup behind a status token stands; null for an unknown token. */
  standingByStatusToken(tokenHash: string): Promise<Standing | null>
  /**
   * Queues a message to a signup with the new token its link carries, unless mail was delivered
   * to it less than `minIntervalMs` ago or a message to it is still waiting: one check-and-set,
   * so two requests cannot both queue one. Returns whether it was queued.
   */
  queueMail(emailKey: string, token: NewToken, message: QueuedMessage, now: Date, minIntervalMs: number): Promise<boolean>
  /**
   * Erases a person at once: their signup, tokens, outbox messages, attribution and referral code.
   * The people behind move up, a referrer loses the referral, and only a one-way suppression key
   * (SHA-256 of the email key) and the hashes of their unsubscribe tokens (so a second click still
   * answers "left") are kept. On SQLite the log is then folded into the file, so the address is
   * in no file on disk.
   */
  erase(who: Leaver, now: Date): Promise<LeaveResult>
  /** Claims up to `limit` messages that are due, each for one attempt, hidden from other senders until `leaseUntil`. */
  claimDueMessages(now: Date, limit: number, leaseUntil: Date): Promise<OutboxEntry[]>
  /** The message reached the mail server: done, its payload cleared, the signup's last mail time set. */
  markDelivered(id: number, now: Date): Promise<void>
  /** The attempt failed: try again at `retryAt`, or give up (null). */
  markAttemptFailed(id: number, now: Date, error: string, retryAt: Date | null): Promise<void>
  outboxHealth(): Promise<OutboxHealth>
  /** The owner's page: counts, the last `days` UTC days up to `now`, the `limit` largest sources, campaigns, referring sites and referrers. */
  ownerSummary(now: Date, options: { days: number; limit: number }): Promise<OwnerSummary>
  /** Every signup in order, with its standing, from one snapshot, for the owner's export and stats. */
  exportRows(): AsyncIterable<ExportRow>
  /** Throws when the store cannot be reached (for /healthz). */
  ping(): Promise<void>
  /** Finishes pending writes and lets go of files and connections. */
  close(): Promise<void>
}

/** Every row of an export in one array: for small lists and tests. */
export const allRows = async (store: Pick<SignupStore, "exportRows">): Promise<ExportRow[]> => {
  const rows: ExportRow[] = []
  for await (const row of store.exportRows()) rows.push(row)
  return rows
}

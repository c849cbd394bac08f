/**
 * The store's contract, signups and places: adding (in batches, see signup-batches.ts), confirming,
 * tokens, where a signup stands, the leaderboard, asking for a link again, and leaving.
 */
import type { HoldReason } from "../../../signup/owner-summary"
import type { Attribution } from "../../../signup/schema"
import { STATUS_LINK_DAYS, UNSUBSCRIBE_LINK_DAYS } from "../../../signup/link-lifetimes"
import type { InvitationTimes } from "./invitations"
import type { QueuedMessage } from "./mail"
import { DAY_MS } from "../../../signup/durations"

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
   * Someone signed up through the form: an address that left the list may come back, as a new
   * person at the end of the line, but only as a pending signup whose owner then confirms from
   * the email (confirming lifts the suppression). A confirmed (single opt-in) signup or an import
   * leaves a suppressed address out: nobody else can bring a person back.
   */
  overridesSuppression?: boolean
  /**
   * The network the request came from (an IPv4 /24, an IPv6 /48: see client-address.ts), for the
   * fraud signals; the store keeps only a salted fingerprint of it, for a day. None: unknown.
   */
  network?: string | null
  /** Hold its referral from credit whatever the signals say (a single opt-in signup: nobody confirmed the address). */
  referralHold?: HoldReason | null
  /**
   * For an address already on the list: its link again, in the lookup's own transaction (one
   * commit, as a new signup's), throttled as `queueMail` is. None: a repeat writes nothing.
   */
  repeat?: RepeatMail | null
}

/** The link a repeat signup mails again to the signup on the list (see `NewSignup.repeat`). */
export interface RepeatMail {
  /** The message and the new token its link carries, for the signup already on the list. */
  compose(existing: Signup): { token: NewToken; message: QueuedMessage }
  /** No mail if some was delivered to it less than this long ago. */
  minIntervalMs: number
}

/** A stored signup. */
export interface Signup extends Omit<NewSignup, "statusTokenHash" | "confirmToken" | "mail" | "network" | "referralHold" | "repeat"> {
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

/** `expired`: the token is past its CONFIRM_LINK_HOURS (link-lifetimes.ts) or was used already (tokens are single use). */
export type ConfirmResult = { kind: "confirmed"; signup: Signup; place: Place } | { kind: "expired" } | { kind: "unknown" }

export interface Standing {
  signup: Signup
  /** Null while the signup is pending. */
  place: Place | null
  /** Confirmed signups on the list. */
  total: number
  /** Confirmed signups that came through this one's referral link. */
  referrals: number
  /** The signup's invitation to the shop, once a wave has reached it. */
  invitation: InvitationTimes | null
  /** The highest reward tier (its number of referrals) this signup was told of; 0 for none. */
  milestone: number
}

/** One row of the masked leaderboard: a top referrer. */
export interface TopReferrer {
  /** Signup number: who it is, for the status page's "you" (never shown). */
  sequence: number
  email: string
  referrals: number
}

/** A new secret for a signup, by its hash: a status token, or a confirmation token that expires. */
export type NewToken = { kind: "status" | "confirm"; hash: string; expiresAt: string }

/**
 * How long a status link works. Every email that carries one (confirmation, "send it again", a
 * reward reached) carries a fresh one, and an expired link's page offers a fresh one by email: a
 * link copied from an old email or a shared screen stops showing (or erasing) its person.
 */
export const STATUS_TOKEN_TTL_MS = STATUS_LINK_DAYS * DAY_MS

/** When a status token made at `at` stops working. */
export const statusTokenExpiry = (at: Date | string): string => new Date(new Date(at).getTime() + STATUS_TOKEN_TTL_MS).toISOString()

/** When the unsubscribe link of an email queued at `at` stops working. */
export const unsubscribeTokenExpiry = (at: Date | string): string => new Date(new Date(at).getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS).toISOString()

/** Who leaves the list: by a token from their status page or an email, or by address (the owner answering a request). */
export type Leaver = { token: "status" | "unsubscribe"; hash: string } | { emailKey: string }

/**
 * `erased`: the person was on the list and is gone. `alreadyLeft`: an unsubscribe token of
 * someone who has left already. `unknown`: no one (by address: no one, but the address is
 * suppressed all the same).
 */
export type LeaveResult = { kind: "erased" } | { kind: "alreadyLeft" } | { kind: "unknown" }

/** Signups and places: what the sign-up, confirmation, status and leaving pages need. */
export interface SignupsStore {
  /** Adds a signup unless its email key is on the list; answers once the signup is durable. */
  add(signup: NewSignup): Promise<AddResult>
  /** Uses a confirmation token (once): the signup becomes confirmed. */
  confirm(tokenHash: string, now: Date): Promise<ConfirmResult>
  /** A new secret for a signup: a status token, or a confirmation token that expires. */
  addToken(emailKey: string, token: NewToken): Promise<void>
  /** The signup with this email key, for the service's own use (never to answer who is on the list). */
  findSignup(emailKey: string): Promise<Signup | null>
  /** Whether a status token is known and past its expiry at `now` (an unknown one is not expired: it is unknown). */
  statusTokenExpired(tokenHash: string, now: Date): Promise<boolean>
  /** Whether an email's unsubscribe token is known but past its time (UNSUBSCRIBE_LINK_DAYS after the email was queued). */
  unsubscribeTokenExpired(tokenHash: string, now: Date): Promise<boolean>
  /** Where the signup behind a status token stands, and its friends held for review (`waiting`); null for an unknown token. */
  standingByStatusToken(tokenHash: string): Promise<(Standing & { waiting: number }) | null>
  /**
   * The confirmed signups with the most confirmed referrals (at least LEADERBOARD_MIN_REFERRALS),
   * most first, the earlier signup first on a tie; an index range, at any list size.
   */
  topReferrers(limit: number): Promise<TopReferrer[]>
  /**
   * Queues a message to a signup with the new token its link carries, unless mail was delivered
   * to it less than `minIntervalMs` ago or a message to it is still waiting: one check-and-set,
   * so two requests cannot both queue one. Returns whether it was queued. An address not on the
   * list queues nothing, but costs the same write (the `link_requests` counter).
   */
  queueMail(emailKey: string, token: NewToken, message: QueuedMessage, now: Date, minIntervalMs: number): Promise<boolean>
  /**
   * Erases a person at once: their signup, tokens, outbox messages, attribution and referral code.
   * The people behind move up, a referrer loses the referral; only a suppression key keyed with
   * the list's pepper (src/server/keys/) and their unsubscribe tokens' hashes (a second click still
   * answers "left") are kept. Answered once durable; the files are cleared later (`purged`).
   */
  erase(who: Leaver, now: Date): Promise<LeaveResult>
  /**
   * Resolves once everyone erased (or purged by retention) so far is in no file: on SQLite once its
   * checkpointer has emptied the log, after any reader lets go. Rejects if the store closed first.
   */
  purged(): Promise<void>
}

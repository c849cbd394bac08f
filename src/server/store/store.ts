/**
 * store/: where the list lives. This interface, sql-store.ts assembling the parts by concern
 * (owner-store.ts, outbox-store.ts, drop-store.ts, invitation-store.ts, retention.ts...), the two
 * engines' connections and their migrations. Nothing here knows HTTP or the wiring.
 *
 * The signup store: what the service needs from wherever the list lives. One implementation
 * (sql-store.ts) over two engines passes one contract test suite: SQLite, embedded (one file, for
 * one machine), and PostgreSQL (DATABASE_URL, for any number of them).
 */
import type { AuditEntry, HoldReason, OutboxHealth, OwnerSummary } from "../../signup/owner-summary"
import type { Attribution } from "../../signup/schema"
import { INVITATION_DAYS, STATUS_LINK_DAYS, UNSUBSCRIBE_LINK_DAYS } from "../../signup/link-lifetimes"
import type { ProviderContact } from "../outbox/providers/provider"
import type { ChallengeVerdict } from "./challenges"
import type { DropStore } from "./drop-store"
import type { EventPayload } from "./events"
import type { VisitStore } from "./visit-store"

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

/** The emails among the outbox's kinds: the mailer delivers them. */
export const EMAIL_KINDS = ["confirmation", "status-link", "invitation", "milestone", "drop-entered", "drop-won", "drop-not-won"] as const

/**
 * What an email is, to the sender that builds and delivers it. A confirmation or status link is
 * asked for (and throttled, see `queueMail`); an invitation is sent by a wave; a milestone email
 * is the store's own, written when a referral reaches a reward tier.
 */
export type MessageKind = (typeof EMAIL_KINDS)[number]

/** The kinds of mail someone can ask for again: the resend throttle counts these. */
export const THROTTLED_KINDS: ReadonlySet<MessageKind> = new Set(["confirmation", "status-link"])

/** A reward tier, as the store announces it: reached with `referrals` confirmed friends. */
export interface Milestone {
  referrals: number
  reward: string
}

/**
 * The outbox payload of a milestone email. The store knows no site address, so it keeps the
 * secrets (a new status token and the email's unsubscribe token, both stored hashed like every
 * token) and the sender builds the links from them; cleared once delivered, as every payload.
 */
export interface MilestonePayload extends Record<string, string> {
  to: string
  /** The tier's number of referrals, as text (payloads are text). */
  referrals: string
  reward: string
  statusToken: string
  unsubscribeToken: string
}

/** One row of the masked leaderboard: a top referrer. */
export interface TopReferrer {
  /** Signup number: who it is, for the status page's "you" (never shown). */
  sequence: number
  email: string
  referrals: number
}

/**
 * What an outbox message is: an email; a list event (fanned out to its targets by the sender); a
 * signed webhook to one endpoint; a call to the owner's email provider.
 */
export type OutboxKind = MessageKind | "event" | "webhook" | "provider"

/** A message the sender writes when it fans an event out: one per target. */
export interface DerivedMessage {
  kind: "webhook" | "provider"
  /** As an entry's: a structured field is JSON text. */
  payload: Record<string, string>
}

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
  kind: OutboxKind
  /** What the deliverer needs, as text: a structured field (an event's data, a contact) is JSON text. */
  payload: Record<string, string>
  /** Attempts so far, this one included. */
  attempts: number
}

/** A webhook endpoint's health, as the sender keeps it. */
export interface WebhookEndpointState {
  url: string
  /** When the failures that have not been followed by a success began. */
  failingSince: string | null
  disabledAt: string | null
  disabledReason: string | null
}

/** Webhook messages and endpoints, for `signups:stats`. */
export interface WebhookHealth {
  /** Webhook messages not yet delivered that will be tried (again). */
  waiting: number
  /** Webhook messages given up on. */
  failed: number
  endpoints: WebhookEndpointState[]
}

/** Makes the messages an event becomes, from the event and (for a confirmed person) their contact as the email provider keeps it. */
export type FanOut = (event: EventPayload & { messageId: string }, contact: ProviderContact | null) => DerivedMessage[]

export type { OutboxHealth } from "../../signup/owner-summary"

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

/** When an invitation was sent, and when the shop redeemed its code. */
export interface InvitationTimes {
  sentAt: string
  redeemedAt: string | null
}

/** Whom a wave reaches: the next confirmed people by place who have no invitation yet, or one person by address. */
export type InviteTarget = { next: number } | { emailKey: string }

/** Someone a wave invites (or, in a dry run, would invite). */
export interface Invitee {
  signupId: number
  email: string
  /** Their place in line when invited; it stays theirs. */
  position: number
}

/** An invitation as it is stored and sent: its code's hash and its email, written together. */
export interface NewInvitation {
  codeHash: string
  mail: QueuedMessage
}

/** An invitation code as the invitation page and the shop see it. */
export type InvitationState = "valid" | "redeemed" | "expired" | "unknown"

export type RedeemResult = { kind: "redeemed"; email: string } | { kind: "alreadyRedeemed"; redeemedAt: string } | { kind: "expired" } | { kind: "unknown" }

/** One row of the owner's export: the signup, where it stands, whom it brought. */
export interface ExportRow extends Standing {
  /** The code of the signup that referred this one, when it counted. */
  referredBy: string | null
  /** The drops this person entered, each "drop-01 hoodie/M entered" or "... won", joined by "; "; empty for none. */
  drops: string
}

/** A new secret for a signup, by its hash: a status token, or a confirmation token that expires. */
export type NewToken = { kind: "status" | "confirm"; hash: string; expiresAt: string }

/**
 * How long a status link works. Every email that carries one (confirmation, "send it again", a
 * reward reached) carries a fresh one, and an expired link's page offers a fresh one by email: a
 * link copied from an old email or a shared screen stops showing (or erasing) its person.
 */
export const STATUS_TOKEN_TTL_MS = STATUS_LINK_DAYS * 24 * 60 * 60 * 1000

/** When a status token made at `at` stops working. */
export const statusTokenExpiry = (at: Date | string): string => new Date(new Date(at).getTime() + STATUS_TOKEN_TTL_MS).toISOString()

const DAY_MS = 24 * 60 * 60 * 1000

/** When the unsubscribe link of an email queued at `at` stops working. */
export const unsubscribeTokenExpiry = (at: Date | string): string => new Date(new Date(at).getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS).toISOString()

/** When an invitation sent at `at` stops working. */
export const invitationExpiry = (at: Date | string): string => new Date(new Date(at).getTime() + INVITATION_DAYS * DAY_MS).toISOString()

/** Who leaves the list: by a token from their status page or an email, or by address (the owner answering a request). */
export type Leaver = { token: "status" | "unsubscribe"; hash: string } | { emailKey: string }

/**
 * `erased`: the person was on the list and is gone. `alreadyLeft`: an unsubscribe token of
 * someone who has left already. `unknown`: no one (by address: no one, but the address is
 * suppressed all the same).
 */
export type LeaveResult = { kind: "erased" } | { kind: "alreadyLeft" } | { kind: "unknown" }

export interface SignupStore extends DropStore, VisitStore {
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
  /**
   * Claims up to `limit` messages that are due, each for one attempt, hidden from other senders
   * until `leaseUntil`; only of `kinds` when given (a sender without a mailer leaves emails waiting).
   */
  claimDueMessages(now: Date, limit: number, leaseUntil: Date, kinds?: readonly OutboxKind[]): Promise<OutboxEntry[]>
  /** The message was delivered: done, its payload cleared; for an email, the signup's last mail time set. */
  markDelivered(id: number, now: Date): Promise<void>
  /** The attempt failed: try again at `retryAt`, or give up (null). */
  markAttemptFailed(id: number, now: Date, error: string, retryAt: Date | null): Promise<void>
  /**
   * Fans the event message `id` out in one transaction: writes the messages `fanOut` makes (tied to
   * the event's signup, so erasing the person erases them), due at once, and marks the event done
   * with its payload cleared. Returns how many were written; none when the event is gone (erased).
   */
  fanOutEvent(id: number, now: Date, fanOut: FanOut): Promise<number>
  /** A webhook endpoint's health; null when nothing was ever sent to it. */
  webhookEndpoint(url: string): Promise<WebhookEndpointState | null>
  /** A delivery to the endpoint succeeded: it is no longer failing. */
  webhookSucceeded(url: string): Promise<void>
  /** A delivery to the endpoint failed: it is failing since now, unless it was already. Returns its state. */
  webhookFailed(url: string, now: Date): Promise<WebhookEndpointState>
  /** No more deliveries to the endpoint (it answered 410, or failed for days). */
  disableWebhookEndpoint(url: string, now: Date, reason: string): Promise<void>
  webhookHealth(): Promise<WebhookHealth>
  outboxHealth(): Promise<OutboxHealth>
  /** The owner's page: counts, the last `days` UTC days up to `now`, the `limit` largest sources, campaigns, referring sites and referrers. */
  ownerSummary(now: Date, options: { days: number; limit: number }): Promise<OwnerSummary>
  /** One person by address key, for the owner's page: their standing, and how many of their friends are held. */
  ownerPerson(emailKey: string): Promise<{ standing: Standing; heldFriends: number } | null>
  /** Every signup in order, with its standing, from one snapshot, for the owner's export and stats. */
  exportRows(): AsyncIterable<ExportRow>
  /**
   * Invites the people `target` names who are confirmed and have no invitation yet, lowest place
   * first: each gets the code and email `issue` makes, written in one transaction. One statement
   * claims them, so two waves at once never invite anyone twice.
   */
  invite(target: InviteTarget, issue: (invitee: Invitee) => NewInvitation, now: Date): Promise<Invitee[]>
  /** Whom `invite` would reach now, changing nothing (a dry run). */
  previewInvite(target: InviteTarget): Promise<Invitee[]>
  invitationState(codeHash: string, now: Date): Promise<InvitationState>
  /** Uses an invitation code, once. */
  redeemInvitation(codeHash: string, now: Date): Promise<RedeemResult>
  /**
   * The owner's decision on held referrals (by the friends' signup numbers): released ones count
   * for their referrers now (a pending friend's once they confirm), rejected ones never will.
   * Recorded in the audit with `actor`. Returns how many were held and are decided now.
   */
  reviewReferrals(ids: readonly number[], decision: "release" | "reject", now: Date, actor: string): Promise<number>
  /**
   * The receiving server refused the address of outbox message `messageId` for good (see
   * bounce-store.ts): no more mail to it, its email-tool contact removed. False when it was
   * already recorded, or the message has no signup.
   */
  recordHardBounce(messageId: number, reason: string, now: Date): Promise<boolean>
  /** Whether the address outbox message `messageId` is for has refused mail for good. */
  refusesMail(messageId: number): Promise<boolean>
  /** Deletes the network fingerprints past their time (see referral-review.ts; also done with every signup); returns how many. */
  forgetOldNetworks(now: Date): Promise<number>
  /** What the list forgets on its own (retention.ts): pending signups older than `pendingMs`, old tokens, network fingerprints past their time. */
  purgeStale(now: Date, retention: { pendingMs: number }): Promise<{ pending: number; tokens: number; networks: number }>
  /** Records something the owner did with the list (an erasure, a wave, an export) in the audit. */
  recordAudit(entry: Omit<AuditEntry, "at">, now: Date): Promise<void>
  /**
   * The bot check of one request (see challenges.ts): takes a solution that passed, once (a
   * second use is "replayed"), and counts the outcome for the owner. Returns the verdict.
   */
  checkChallenge(
    check: { verdict: ChallengeVerdict; signature: string | null; expiresAt: string | null; enforce: boolean },
    now: Date,
  ): Promise<ChallengeVerdict>
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

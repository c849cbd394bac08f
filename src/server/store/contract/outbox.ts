/**
 * The store's contract, the outbox: messages written with the change that causes them, claimed
 * by the sender one attempt at a time; list events fanned out to their targets; bounces.
 */
import type { OutboxHealth } from "../../../signup/owner-summary"
import type { MessageKind } from "./mail"

/** What happens on the list, as events for the owner's own tools (see ../events.ts). */
export const LIST_EVENT_TYPES = [
  "signup.created",
  "signup.confirmed",
  "referral.confirmed",
  "milestone.reached",
  "invite.sent",
  "invite.redeemed",
  "signup.left",
  "signup.bounced",
  "drop.entered",
  "drop.won",
] as const

export type ListEventType = (typeof LIST_EVENT_TYPES)[number]

/** The outbox payload of an event message. */
export interface EventPayload {
  type: ListEventType
  timestamp: string
  data: Record<string, unknown>
  contact?: { email: string }
}

/** A confirmed person as the provider's list keeps them. */
export interface ProviderContact {
  email: string
  /** Their place on the list when this was sent. */
  position: number | null
  /** Confirmed signups they referred. */
  referrals: number
  /** Their signup's own referral code (their link's `?ref=`). */
  referralCode: string
  /** Where they came from, as far as known. */
  source: string | null
  medium: string | null
  campaign: string | null
  referrer: string | null
  /** When they signed up (ISO 8601). */
  signedUpAt: string
  /** The drop they last entered or won, tagged "drop-01 entered" or "drop-01 won"; null when no drop is concerned. */
  drop: string | null
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

/** Makes the messages an event becomes, from the event and (for a confirmed person) their contact as the email provider keeps it. */
export type FanOut = (event: EventPayload & { messageId: string }, contact: ProviderContact | null) => DerivedMessage[]

export type { OutboxHealth } from "../../../signup/owner-summary"

/** The outbox: what the sender needs to deliver, retry, fan out and give up. */
export interface OutboxStore {
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
  outboxHealth(): Promise<OutboxHealth>
  /**
   * The receiving server refused the address of outbox message `messageId` for good (see
   * bounce-store.ts): no more mail to it, its email-tool contact removed. False when it was
   * already recorded, or the message has no signup.
   */
  recordHardBounce(messageId: number, reason: string, now: Date): Promise<boolean>
  /** Whether the address outbox message `messageId` is for has refused mail for good. */
  refusesMail(messageId: number): Promise<boolean>
}

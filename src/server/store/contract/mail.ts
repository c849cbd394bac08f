/**
 * The store's contract, messages: the emails a change writes to the outbox in its own
 * transaction, and the reward tiers whose emails the store writes itself.
 */

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

/** The store's contract, invitations: waves to the shop and their single-use codes. */
import { INVITATION_DAYS } from "../../../signup/link-lifetimes"
import type { QueuedMessage } from "./mail"
import { DAY_MS } from "../../../signup/durations"

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

/** When an invitation sent at `at` stops working. */
export const invitationExpiry = (at: Date | string): string => new Date(new Date(at).getTime() + INVITATION_DAYS * DAY_MS).toISOString()

/** Invitations: whom a wave reaches, and the codes it sends. */
export interface InvitationStore {
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
}

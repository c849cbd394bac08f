/**
 * waitlist/: the list's rules (this service, invitations, links, stats, the CSV) and their pure
 * pieces (codes and tokens, the dedupe key, disposable domains, the answers' pace). No HTTP, no
 * SQL: the stores keep the list, the outbox delivers what the rules queue.
 *
 * The waitlist's rules, free of HTTP: joining (with double opt-in when mail is set up),
 * confirming, looking up a place by a status token, and leaving. The request handlers turn its
 * answers into responses; the stores keep the list.
 *
 * Privacy: nothing here finds a signup by its address for anyone but the store's dedupe. With
 * double opt-in a new address, one on the list and one that left get the same answer through the
 * same work; a status link goes to the mailbox, never to the screen. Single opt-in (no mail) says
 * "already subscribed" to a repeat: docs/waitlist.md says what that reveals.
 * Every email carries an unsubscribe token of its own; leaving, by any way, erases the person at
 * once (see the store's `erase`).
 */
import type { MyDropEntry } from "../../drop/contract"
import { CONFIRM_LINK_HOURS } from "../../signup/link-lifetimes"
import { toldListSize } from "../../signup/list-size"
import { LEADERBOARD_SIZE } from "../../signup/rewards"
import type { SignupFields, WaitlistPlace, WaitlistStatus } from "../../signup/schema"
import { invitationState, redeemInvitation } from "./invitations"
import { siteLinks } from "./links"
import { maskEmail } from "./stats"
import { queuedMessage } from "./queued-message"
import {
  statusTokenExpiry,
  type InvitationState,
  type MessageKind,
  type NewToken,
  type QueuedMessage,
  type RedeemResult,
  type Signup,
  type SignupStore,
} from "../store/store"
import { hashToken, isTokenShape, newReferralCode, newSecretToken, normalizeReferralCode } from "../keys/codes"
import { createAnswerPaces, waitPrecisely, type AnswerPace, type AnswerPaces } from "./answer-pace"
import { isDisposableAddress } from "./disposable"
import { emailKey } from "./email-key"
import { HOUR_MS } from "../../signup/durations"

export const CONFIRM_TOKEN_TTL_MS = CONFIRM_LINK_HOURS * HOUR_MS
/** A repeat signup gets its link by mail again at most this often. */
export const RESEND_INTERVAL_MS = HOUR_MS

export const DISPOSABLE_MESSAGE = "Disposable email addresses can't join the list: please use an address you keep"

export interface ServiceSettings {
  /** The site's public address, for the links in answers and mail (never the request's Host). */
  siteUrl: string
  /** Places a signup moves up per confirmed referral. */
  referralBoost: number
  /** Whether the status answer carries the masked leaderboard (content/rewards.json, `showLeaderboard`). */
  showLeaderboard?: boolean
  /**
   * The list size from which the site shows it (content/site.json, `showListSizeFrom`): answers
   * carry `total` only from then on (src/signup/list-size.ts). None: always (tests of places).
   */
  showListSizeFrom?: number
}

/** Mail goes out through the store's outbox; this is told when messages were queued. */
export interface MailQueue {
  /**
   * New messages are in the outbox. What must happen before the answer leaves is awaited here (a
   * serverless function, frozen between requests, waits a few seconds at most for the first
   * attempt); the function it gives starts a long-running server's delivery. A paced answer (a
   * signup, a resend) calls it once the answer is on its way, so delivering one signup's email
   * never runs inside its own answer's pace, where it would set new addresses' answers apart
   * from known ones; any other answer calls it at once (`deliverQueued`).
   */
  queued(): Promise<() => void>
}

/** Tells `queue` that messages were queued and starts their delivery at once; nothing without a queue. */
export const deliverQueued = async (queue: MailQueue | null | undefined): Promise<void> => {
  if (queue) (await queue.queued())()
}

export interface ServiceDependencies {
  store: SignupStore
  /** The pace of signup and resend answers (waitlist/answer-pace.ts); the machine's clock and a precise wait by default. */
  pace?: PaceTiming
  /** Null without SMTP_URL: signups are confirmed at once (single opt-in). */
  mail: MailQueue | null
  /** Told when a change wrote list events (webhooks, the email provider); none when nothing receives them. */
  events?: MailQueue | null
  settings: ServiceSettings
  /** The person's drop entries, for the status answer (src/server/drop/); none: no drops here. */
  drops?: { entriesOf(signupId: number, referrals: number): Promise<Record<string, MyDropEntry>> } | null
}

/** What the pace of answers (waitlist/answer-pace.ts) keeps and runs on; a test gives a clock of its own, which its `wait` moves. */
export interface PaceTiming {
  /** What it learned of recent answers; a Function's service is made per request, so the runtime keeps these per process. */
  paces?: AnswerPaces
  /** Monotonic milliseconds (performance.now). */
  clock?: () => number
  /** Holds the answer `ms` (waitPrecisely). */
  wait?: (ms: number) => Promise<void>
}

export type JoinResult = { kind: "refused"; message: string } | ({ kind: "confirmed" } & WaitlistPlace) | { kind: "pending" } | { kind: "alreadySubscribed" }

export type ConfirmResult = ({ kind: "confirmed" } & WaitlistPlace) | { kind: "expired" } | { kind: "unknown" }

/** Leaving by a link: gone (now or before, for an unsubscribe link), or a link no one has. */
export type LeaveResult = { kind: "left" } | { kind: "unknown" } | { kind: "expired" }

/** Where a signup stands (the status page's answer, see src/signup/schema.ts), or why there is nothing to show. */
export type StatusResult =
  /** This server always says the person's drop entries (none entered: empty). */
  | ({ kind: "found" } & WaitlistStatus & Required<Pick<WaitlistStatus, "drops">>)
  | { kind: "unknown" }
  /** A status link past STATUS_TOKEN_TTL_MS: a fresh one comes by email on request. */
  | { kind: "expired" }

/** What is stored of a request's consent: the wording's version, "agreed" from a client that sends only `true`, else nothing. */
export const consentOf = (consent: string | boolean | undefined): string | null =>
  typeof consent === "string" ? consent : consent === true ? "agreed (wording not sent)" : null

export const createSignupService = (deps: ServiceDependencies) => {
  const { store, mail, settings } = deps
  /** Something went into the outbox (mail, events): start delivering it (a serverless answer waits a moment). */
  const outboxWritten = (): Promise<void> => deliverQueued(mail ?? deps.events)
  const links = siteLinks(settings.siteUrl)
  const { referral: referralUrl, status: statusUrl, confirm: confirmUrl } = links
  const message = (kind: MessageKind, to: string, link: string): QueuedMessage => queuedMessage(settings.siteUrl, kind, to, link)
  const newConfirmToken = (now: Date) => {
    const token = newSecretToken()
    return { token, stored: { kind: "confirm" as const, hash: hashToken(token), expiresAt: new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS).toISOString() } }
  }

  /** A new status token for a signup: stored hashed, handed out once. */
  const newStatusLink = async (signup: Signup, now: Date): Promise<string> => {
    const token = newSecretToken()
    await store.addToken(signup.emailKey, { kind: "status", hash: hashToken(token), expiresAt: statusTokenExpiry(now) })
    return statusUrl(token)
  }

  /**
   * The link someone asks for again (a repeat signup, "didn't get the email?"): a confirmed
   * signup gets a new status link, a pending one (or an address not on the list) a new
   * confirmation link, by mail to the address on the list.
   */
  const linkAgain = (signup: Pick<Signup, "email" | "status">, now: Date): { token: NewToken; message: QueuedMessage } => {
    if (signup.status === "confirmed") {
      const token = newSecretToken()
      return {
        token: { kind: "status", hash: hashToken(token), expiresAt: statusTokenExpiry(now) },
        message: message("status-link", signup.email, statusUrl(token)),
      }
    }
    const { token, stored } = newConfirmToken(now)
    return { token: stored, message: message("confirmation", signup.email, confirmUrl(token)) }
  }

  /** With double opt-in, every signup is answered alike: a new address, one on the list, one that left. */
  const PENDING: JoinResult = { kind: "pending" }
  const clock = deps.pace?.clock ?? (() => performance.now())
  const wait = deps.pace?.wait ?? ((ms: number) => waitPrecisely(ms, clock))
  const paces = deps.pace?.paces ?? createAnswerPaces()
  /** Holds an answer of `kind` whose work began at `startedAt` until its pace lets it go. */
  const paced = (pace: AnswerPace, kind: string, startedAt: number): Promise<void> => wait(pace.wait(kind, clock() - startedAt))
  /** Erases the person behind a link's token, unless the token is malformed, unknown or past its time. */
  const eraseByLink = async (token: unknown, kind: "unsubscribe" | "status", now: Date) => {
    if (!isTokenShape(token)) return "unknown"
    const hash = hashToken(token)
    if (await (kind === "status" ? store.statusTokenExpired(hash, now) : store.unsubscribeTokenExpired(hash, now))) return "expired"
    const result = await store.erase({ token: kind, hash }, now)
    if (result.kind === "erased") await outboxWritten()
    return result.kind
  }
  /** The list's size as an answer may tell it: not below the size the site starts to show. */
  const told = (total: number) => toldListSize(total, settings.showListSizeFrom ?? 0)
  /** The answer to someone on the list: their place, the list's size as it may be told, their referral and status links. */
  const confirmedAnswer = (place: { position: number; total: number }, referralCode: string, statusLink: string) => ({
    kind: "confirmed" as const,
    position: place.position,
    ...told(place.total),
    referralCode,
    referralUrl: referralUrl(referralCode),
    statusUrl: statusLink,
  })

  return {
    /** `network`  return {
    /** `network`: where the request came from (client-address.ts's `networkKey`), for the referral fraud signals. */
    async join(fields: SignupFields, now: Date, network: string | null = null): Promise<JoinResult> {
      const startedAt = clock()
      if (await isDisposableAddress(fields.email)) return { kind: "refused", message: DISPOSABLE_MESSAGE }
      const statusToken = newSecretToken()
      const confirmation = mail ? newConfirmToken(now) : null
      const result = await store.add({
        email: fields.email,
        emailKey: emailKey(fields.email),
        source: fields.source,
        timestamp: fields.timestamp,
        receivedAt: now.toISOString(),
        status: confirmation ? "pending" : "confirmed",
        referralCode: newReferralCode(),
        referredBy: fields.referralCode ? normalizeReferralCode(fields.referralCode) : null,
        statusTokenHash: hashToken(statusToken),
        confirmToken: confirmation ? confirmation.stored : null,
        attribution: fields.utm ?? null,
        consent: consentOf(fields.consent),
        // The confirmation email is written with the signup, in one transaction: it cannot be lost.
        mail: confirmation ? message("confirmation", fields.email, confirmUrl(confirmation.token)) : null,
        // Someone who left may come back, at the end of the line, once the address confirms.
        overridesSuppression: true,
        network,
        // Without a confirmation email nobody showed the address is real: its referral waits for the owner.
        referralHold: confirmation ? null : "unconfirmed",
        // An address on the list gets its link again, in the same commit as a new one's row.
        repeat: mail ? { compose: (existing) => linkAgain(existing, now), minIntervalMs: RESEND_INTERVAL_MS } : null,
      })
      if (mail) {
        // Every address the same from here: one commit made, the answer sent when the pace says, then the sender told.
        const deliver = await mail.queued()
        await paced(paces.join, result.kind === "added" ? "new" : "known", startedAt)
        deliver()
        return PENDING
      }
      // Single opt-in (no mail): the README says what this answer reveals.
      if (result.kind !== "added") return { kind: "alreadySubscribed" }
      await outboxWritten()
      if (!result.place) throw new Error("a confirmed signup came back without a place")
      return confirmedAnswer(result.place, result.signup.referralCode, statusUrl(statusToken))
    },

    /** "Didn't get the email?": the same quiet answer and the same work whether or not the address is on the list. */
    async resend(email: string, now: Date): Promise<void> {
      if (!mail) return
      const startedAt = clock()
      const signup = await store.findSignup(emailKey(email))
      const { token, message: mailed } = linkAgain({ email: signup?.email ?? email, status: signup?.status ?? "pending" }, now)
      const queued = await store.queueMail(emailKey(email), token, mailed, now, RESEND_INTERVAL_MS)
      const deliver = queued ? await mail.queued() : () => undefined
      await paced(paces.resend, queued ? "queued" : "quiet", startedAt)
      deliver()
    },

    /** The owner sends someone their link again: as `resend`, but it says what happened. */
    async resendFor(email: string, now: Date): Promise<"sent" | "tooSoon" | "noMail" | "notFound"> {
      if (!mail) return "noMail"
      const signup = await store.findSignup(emailKey(email))
      if (!signup) return "notFound"
      const { token, message: mailed } = linkAgain(signup, now)
      if (!(await store.queueMail(emailKey(email), token, mailed, now, RESEND_INTERVAL_MS))) return "tooSoon"
      await deliverQueued(mail)
      return "sent"
    },

    /** Whether every signup is answered "pending" (double opt-in), so an answer tells nothing of the list. */
    confirmsByEmail: mail !== null,

    async confirm(token: unknown, now: Date): Promise<ConfirmResult> {
      if (!isTokenShape(token)) return { kind: "unknown" }
      const result = await store.confirm(hashToken(token), now)
      if (result.kind !== "confirmed") return result
      // A confirmed friend may have brought their referrer to a reward tier (its email), and events may wait.
      await outboxWritten()
      return confirmedAnswer(result.place, result.signup.referralCode, await newStatusLink(result.signup, now))
    },

    /** One-click unsubscribe (an email's link or its List-Unsubscribe header): erases the person; a used link answers the same. */
    async unsubscribe(token: unknown, now: Date): Promise<LeaveResult> {
      // An old email's link erases no one (it may have been read from a log): the page offers a fresh status link.
      const outcome = await eraseByLink(token, "unsubscribe", now)
      return { kind: outcome === "expired" || outcome === "unknown" ? outcome : "left" }
    },

    /** "Leave the list" on the status page: erases the person behind a status token. */
    async leave(token: unknown, now: Date): Promise<LeaveResult> {
      // An old link erases no one: whoever holds it may not be its person any more.
      const outcome = await eraseByLink(token, "status", now)
      return { kind: outcome === "expired" ? outcome : outcome === "erased" ? "left" : "unknown" }
    },

    /**
     * The owner answering an erasure request by email (`npm run signups:forget`): erases whoever
     * has this address and suppresses it either way. Says whether anyone was found.
     */
    async forget(email: string, now: Date): Promise<{ found: boolean }> {
      const result = await store.erase({ emailKey: emailKey(email) }, now)
      if (result.kind === "erased") await outboxWritten()
      return { found: result.kind === "erased" }
    },

    async status(token: unknown, now: Date): Promise<StatusResult> {
      if (!isTokenShape(token)) return { kind: "unknown" }
      if (await store.statusTokenExpired(hashToken(token), now)) return { kind: "expired" }
      const standing = await store.standingByStatusToken(hashToken(token))
      if (!standing) return { kind: "unknown" }
      const leaderboard = settings.showLeaderboard
        ? (await store.topReferrers(LEADERBOARD_SIZE)).map(({ sequence, email, referrals }) => ({
            name: maskEmail(email),
            referrals,
            you: sequence === standing.signup.sequence,
          }))
        : undefined
      return {
        kind: "found",
        status: standing.signup.status,
        position: standing.place?.position ?? null,
        ...told(standing.total),
        referrals: standing.referrals,
        waiting: standing.waiting,
        milestone: standing.milestone,
        referralCode: standing.signup.referralCode,
        referralUrl: referralUrl(standing.signup.referralCode),
        invited: standing.invitation !== null,
        redeemed: Boolean(standing.invitation?.redeemedAt),
        ...(leaderboard ? { leaderboard } : {}),
        drops: standing.signup.status === "confirmed" && deps.drops ? await deps.drops.entriesOf(standing.signup.sequence, standing.referrals) : {},
      }
    },

    /** What the invitation page may know of a code: valid, redeemed, expired or unknown. */
    invitation: (code: unknown, now: Date): Promise<InvitationState> => invitationState(store, code, now),

    /** The shop redeems an invitation code, once. */
    redeemInvitation: (code: string, now: Date): Promise<RedeemResult> => redeemInvitation(store, code, now),
  }
}

export type SignupService = ReturnType<typeof createSignupService>

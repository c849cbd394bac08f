/**
 * The waitlist's rules, free of HTTP: joining (with double opt-in when mail is set up),
 * confirming, and looking up a place by a status token. The request handlers turn its answers
 * into responses; the stores keep the list.
 *
 * Privacy: nothing here finds a signup by its address for anyone but the store's dedupe. A repeat
 * signup learns only "already subscribed"; its status link goes to the mailbox, not the screen.
 */
import type { EmailCopy } from "../../../plugins/content-model/model"
import type { SignupFields } from "../../signup/schema"
import { confirmationEmail, statusLinkEmail, type EmailFacts } from "../mail/emails"
import type { Mailer } from "../mail/mailer"
import type { Signup, SignupStore } from "./stores/store"
import { hashToken, isTokenShape, newReferralCode, newSecretToken, normalizeReferralCode } from "./waitlist/codes"
import { isDisposableAddress } from "./waitlist/disposable"
import { emailKey } from "./waitlist/email-key"

export const CONFIRM_TOKEN_TTL_MS = 48 * 60 * 60 * 1000
/** A repeat signup gets its link by mail again at most this often. */
export const RESEND_INTERVAL_MS = 60 * 60 * 1000

export const DISPOSABLE_MESSAGE = "Disposable email addresses can't join the list: please use an address you keep"

export interface ServiceSettings {
  /** The site's public address, for the links in answers and mail (never the request's Host). */
  siteUrl: string
  /** Places a signup moves up per confirmed referral. */
  referralBoost: number
}

export interface ServiceDependencies {
  store: SignupStore
  /** Null without SMTP_URL: signups are confirmed at once (single opt-in). */
  mailer: Mailer | null
  settings: ServiceSettings
  emails: EmailCopy
  brand: string
  /** Where failures of background work (mail) are reported. */
  logError(message: string, error: unknown): void
}

/** What a confirmed signup is told: its place, its referral link and its own status page. */
export interface PlaceAnswer {
  position: number
  total: number
  referralCode: string
  referralUrl: string
  statusUrl: string
}

export type JoinAnswer =
  | { kind: "refused"; message: string }
  | ({ kind: "confirmed" } & PlaceAnswer)
  | { kind: "pending" }
  | { kind: "alreadySubscribed" }

export type ConfirmAnswer = ({ kind: "confirmed" } & PlaceAnswer) | { kind: "expired" } | { kind: "unknown" }

export type StatusAnswer =
  | { kind: "found"; status: "pending" | "confirmed"; position: number | null; total: number; referrals: number; referralCode: string; referralUrl: string }
  | { kind: "unknown" }

const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, "")

export const createSignupService = (deps: ServiceDependencies) => {
  const { store, mailer, settings } = deps
  const site = withoutTrailingSlash(settings.siteUrl)
  const referralUrl = (code: string) => `${site}/?${new URLSearchParams({ ref: code }).toString()}`
  const statusUrl = (token: string) => `${site}/waitlist/?${new URLSearchParams({ token }).toString()}`
  const confirmUrl = (token: string) => `${site}/confirm/?${new URLSearchParams({ token }).toString()}`
  const facts: EmailFacts = { brand: deps.brand, siteUrl: site }

  /** A new status token for a signup: stored hashed, handed out once. */
  const newStatusLink = async (signup: Signup): Promise<string> => {
    const token = newSecretToken()
    await store.addToken(signup.emailKey, { kind: "status", hash: hashToken(token) })
    return statusUrl(token)
  }

  /** Mail that must not hold up the answer: sent after it, failures logged. */
  const inBackground = (what: string, work: () => Promise<void>): void => {
    void work().catch((error: unknown) => deps.logError(`signups: could not send ${what}`, error))
  }

  /** A repeat signup: its status link (or a fresh confirmation link) goes to its mailbox, at most hourly. */
  const resendLink = (signup: Signup, now: Date): void => {
    if (!mailer) return
    inBackground("a link to a repeat signup", async () => {
      if (!(await store.claimMail(signup.emailKey, now, RESEND_INTERVAL_MS))) return
      if (signup.status === "confirmed") {
        await mailer.send(statusLinkEmail(signup.email, await newStatusLink(signup), deps.emails, facts))
      } else {
        const token = newSecretToken()
        await store.addToken(signup.emailKey, { kind: "confirm", hash: hashToken(token), expiresAt: new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS).toISOString() })
        await mailer.send(confirmationEmail(signup.email, confirmUrl(token), deps.emails, facts))
      }
    })
  }

  return {
    async join(fields: SignupFields, now: Date): Promise<JoinAnswer> {
      if (isDisposableAddress(fields.email)) return { kind: "refused", message: DISPOSABLE_MESSAGE }
      const statusToken = newSecretToken()
      const confirmToken = mailer ? newSecretToken() : null
      const result = await store.add(
        {
          email: fields.email,
          emailKey: emailKey(fields.email),
          source: fields.source,
          timestamp: fields.timestamp,
          receivedAt: now.toISOString(),
          status: mailer ? "pending" : "confirmed",
          referralCode: newReferralCode(),
          referredBy: fields.referralCode ? normalizeReferralCode(fields.referralCode) : null,
          statusTokenHash: hashToken(statusToken),
          confirmToken: confirmToken ? { hash: hashToken(confirmToken), expiresAt: new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS).toISOString() } : null,
          attribution: fields.utm ?? null,
        },
      )
      if (result.kind === "duplicate") {
        resendLink(result.signup, now)
        return { kind: "alreadySubscribed" }
      }
      if (mailer && confirmToken) {
        const { signup } = result
        inBackground("a confirmation email", async () => {
          if (await store.claimMail(signup.emailKey, now, RESEND_INTERVAL_MS)) {
            await mailer.send(confirmationEmail(signup.email, confirmUrl(confirmToken), deps.emails, facts))
          }
        })
        return { kind: "pending" }
      }
      if (!result.place) throw new Error("a confirmed signup came back without a place")
      return {
        kind: "confirmed",
        ...result.place,
        referralCode: result.signup.referralCode,
        referralUrl: referralUrl(result.signup.referralCode),
        statusUrl: statusUrl(statusToken),
      }
    },

    async confirm(token: unknown, now: Date): Promise<ConfirmAnswer> {
      if (!isTokenShape(token)) return { kind: "unknown" }
      const result = await store.confirm(hashToken(token), now)
      if (result.kind !== "confirmed") return result
      return {
        kind: "confirmed",
        ...result.place,
        referralCode: result.signup.referralCode,
        referralUrl: referralUrl(result.signup.referralCode),
        statusUrl: await newStatusLink(result.signup),
      }
    },

    async status(token: unknown): Promise<StatusAnswer> {
      if (!isTokenShape(token)) return { kind: "unknown" }
      const standing = await store.standingByStatusToken(hashToken(token))
      if (!standing) return { kind: "unknown" }
      return {
        kind: "found",
        status: standing.signup.status,
        position: standing.place?.position ?? null,
        total: standing.total,
        referrals: standing.referrals,
        referralCode: standing.signup.referralCode,
        referralUrl: referralUrl(standing.signup.referralCode),
      }
    },
  }
}

export type SignupService = ReturnType<typeof createSignupService>

/**
 * The list as the earlier embedded store wrote it: a JSON Lines file of events (a signup, a
 * confirmation, a new token, a mail sent), replayed into memory once to move it into SQLite
 * (see legacy-import.ts). Plain functions over plain data, tested without files.
 */
import type { NewSignup, Signup } from "./store"

/** One line of the file. Lines written before the waitlist existed have no `type`: a bare signup. */
export type ListEvent =
  | ({ type: "signup" } & Omit<NewSignup, "consent" | "mail">)
  | { type: "confirm"; emailKey: string; tokenHash: string; at: string }
  | { type: "token"; emailKey: string; kind: "status"; hash: string }
  | { type: "token"; emailKey: string; kind: "confirm"; hash: string; expiresAt: string }
  | { type: "mail"; emailKey: string; at: string }
  /** Gives a signup from before referral links its code and status token. */
  | { type: "upgrade"; emailKey: string; referralCode: string; statusTokenHash: string }
  | { type: "legacy"; email: string; source: string; timestamp: string; receivedAt: string }

interface ConfirmToken {
  emailKey: string
  expiresAt: string
  used: boolean
}

export interface ListState {
  /** Signups in order; `sequence` is the index + 1. */
  order: Signup[]
  byKey: Map<string, Signup>
  byCode: Map<string, Signup>
  statusTokens: Map<string, string>
  confirmTokens: Map<string, ConfirmToken>
  /** Confirmed referrals per referral code. */
  referrals: Map<string, number>
  confirmed: number
}

export const emptyState = (): ListState => ({
  order: [],
  byKey: new Map(),
  byCode: new Map(),
  statusTokens: new Map(),
  confirmTokens: new Map(),
  referrals: new Map(),
  confirmed: 0,
})

const isText = (value: unknown): value is string => typeof value === "string"

/** The event on one line, or null for a line that is not one (cut short by a crash, edited by hand). */
export const parseEvent = (line: string): ListEvent | null => {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return null
  }
  if (typeof value !== "object" || value === null) return null
  const event = value as Record<string, unknown>
  if (event.type === undefined) {
    const { email, source, timestamp, receivedAt } = event
    return isText(email) && isText(source) && isText(timestamp) && isText(receivedAt) ? { type: "legacy", email, source, timestamp, receivedAt } : null
  }
  switch (event.type) {
    case "signup":
      return isText(event.email) && isText(event.emailKey) && isText(event.referralCode) && isText(event.statusTokenHash) ? (event as ListEvent) : null
    case "confirm":
    case "mail":
    case "token":
    case "upgrade":
      return isText(event.emailKey) ? (event as ListEvent) : null
    default:
      return null
  }
}

const countReferral = (state: ListState, signup: Signup): void => {
  if (signup.status === "confirmed" && signup.referredBy) state.referrals.set(signup.referredBy, (state.referrals.get(signup.referredBy) ?? 0) + 1)
}

/** Changes the state by one event; events that name nothing known change nothing. */
export const applyEvent = (state: ListState, event: ListEvent, legacyKey: (email: string) => string): void => {
  switch (event.type) {
    case "legacy":
    case "signup": {
      const emailKey = event.type === "signup" ? event.emailKey : legacyKey(event.email)
      if (state.byKey.has(emailKey)) return
      const signup: Signup =
        event.type === "signup"
          ? {
              email: event.email,
              emailKey,
              source: event.source,
              timestamp: event.timestamp,
              receivedAt: event.receivedAt,
              status: event.status,
              referralCode: event.referralCode,
              referredBy: event.referredBy,
              attribution: event.attribution,
              sequence: state.order.length + 1,
              confirmedAt: event.status === "confirmed" ? event.receivedAt : null,
              lastMailAt: null,
              // The earlier store did not record consent.
              consent: null,
              consentedAt: null,
            }
          : {
              // Before double opt-in every signup was confirmed at once.
              email: event.email,
              emailKey,
              source: event.source,
              timestamp: event.timestamp,
              receivedAt: event.receivedAt,
              status: "confirmed",
              referralCode: "",
              referredBy: null,
              attribution: null,
              sequence: state.order.length + 1,
              confirmedAt: event.receivedAt,
              lastMailAt: null,
              // The earlier store did not record consent.
              consent: null,
              consentedAt: null,
            }
      state.order.push(signup)
      state.byKey.set(emailKey, signup)
      if (signup.referralCode) state.byCode.set(signup.referralCode, signup)
      if (event.type === "signup") {
        state.statusTokens.set(event.statusTokenHash, emailKey)
        if (event.confirmToken) state.confirmTokens.set(event.confirmToken.hash, { emailKey, expiresAt: event.confirmToken.expiresAt, used: false })
      }
      if (signup.status === "confirmed") state.confirmed += 1
      countReferral(state, signup)
      return
    }
    case "confirm": {
      const token = state.confirmTokens.get(event.tokenHash)
      if (token) token.used = true
      const signup = state.byKey.get(event.emailKey)
      if (!signup || signup.status === "confirmed") return
      signup.status = "confirmed"
      signup.confirmedAt = event.at
      state.confirmed += 1
      countReferral(state, signup)
      return
    }
    case "token":
      if (!state.byKey.has(event.emailKey)) return
      if (event.kind === "status") state.statusTokens.set(event.hash, event.emailKey)
      else state.confirmTokens.set(event.hash, { emailKey: event.emailKey, expiresAt: event.expiresAt, used: false })
      return
    case "mail": {
      const signup = state.byKey.get(event.emailKey)
      if (signup) signup.lastMailAt = event.at
      return
    }
    case "upgrade": {
      const signup = state.byKey.get(event.emailKey)
      if (!signup || signup.referralCode) return
      signup.referralCode = event.referralCode
      state.byCode.set(event.referralCode, signup)
      state.statusTokens.set(event.statusTokenHash, event.emailKey)
      return
    }
  }
}

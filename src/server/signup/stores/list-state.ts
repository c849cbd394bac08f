/**
 * The list in memory, as the file store keeps it: built by replaying the file's events and
 * changed by the same events as they are written. Plain functions over plain data, so the rules
 * (dedupe, single-use tokens, referrals that count, places in line) are tested without files.
 */
import { positionIn } from "../waitlist/position"
import type { ExportRow, NewSignup, Place, Signup, Standing } from "./store"

/** One line of the file. Lines written before the waitlist existed have no `type`: a bare signup. */
export type ListEvent =
  | ({ type: "signup" } & NewSignup)
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

/**
 * The signup event as it will be stored: a referral is kept only when its code names a signup
 * already on the list (an unknown code is ignored, silently).
 */
export const signupEvent = (state: ListState, signup: NewSignup): ListEvent => ({
  type: "signup",
  ...signup,
  referredBy: signup.referredBy && state.byCode.has(signup.referredBy) ? signup.referredBy : null,
})

/** The place of a confirmed signup among all confirmed ones; null while pending. */
export const placeOf = (state: ListState, signup: Signup, boost: number): Place | null => {
  if (signup.status !== "confirmed") return null
  const line = state.order
    .filter((other) => other.status === "confirmed")
    .map((other) => ({ signup: other, sequence: other.sequence, confirmedReferrals: state.referrals.get(other.referralCode) ?? 0 }))
  const me = line.find((entry) => entry.signup === signup)
  return me ? { position: positionIn(me, line, boost), total: state.confirmed } : null
}

/**
 * The place of a signup confirmed the moment it joined: it is the newest, with no referrals
 * yet, so every confirmed signup before it stands ahead (their standing is at most their
 * sequence, which is below its own). Constant time, for the busy path.
 */
export const placeOfNewest = (state: ListState): Place => ({ position: state.confirmed, total: state.confirmed })

export const standingOf = (state: ListState, signup: Signup, boost: number): Standing => ({
  signup,
  place: placeOf(state, signup, boost),
  total: state.confirmed,
  referrals: state.referrals.get(signup.referralCode) ?? 0,
})

export const exportRowsOf = (state: ListState, boost: number): ExportRow[] => {
  const confirmedLine = state.order
    .filter((signup) => signup.status === "confirmed")
    .map((signup) => ({ signup, sequence: signup.sequence, confirmedReferrals: state.referrals.get(signup.referralCode) ?? 0 }))
  const positions = new Map(
    [...confirmedLine]
      .sort((a, b) => a.sequence - boost * a.confirmedReferrals - (b.sequence - boost * b.confirmedReferrals) || a.sequence - b.sequence)
      .map((entry, index) => [entry.signup, index + 1]),
  )
  return state.order.map((signup) => ({
    signup,
    place: positions.has(signup) ? { position: positions.get(signup) as number, total: state.confirmed } : null,
    total: state.confirmed,
    referrals: state.referrals.get(signup.referralCode) ?? 0,
    referredBy: signup.referredBy,
  }))
}

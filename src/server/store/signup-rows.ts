/**
 * Rows as the signup store reads them, and what they become: a row of either engine (PostgreSQL
 * gives Dates and bigints as strings, SQLite text and numbers) turned into a signup, a standing,
 * a list event or a webhook endpoint's state. Plain functions, no queries.
 */
import { ATTRIBUTION_COLUMNS, attributionFromColumns, attributionValues, type AttributionColumn } from "../../signup/attribution-fields"
import type { ProviderContact } from "./contract/outbox"
import { eventSignupId, type ListEvent } from "./events"
import type { Signup, SignupStatus, Standing } from "./contract/signups"
import type { WebhookEndpointState } from "./contract/webhooks"

/**
 * The columns every new signup row is written with, a signup or the old list's import: who, when,
 * where it stands, whose link it came through and where it came from.
 */
export const WRITTEN_SIGNUP_COLUMNS = [
  "email",
  "email_key",
  "source",
  "signed_up_at",
  "received_at",
  "status",
  "confirmed_at",
  "referral_code",
  "referred_by",
  ...ATTRIBUTION_COLUMNS,
] as const

/** A signup's values for `WRITTEN_SIGNUP_COLUMNS`, in their order. */
export const writtenSignupValues = (
  signup: Pick<Signup, "email" | "emailKey" | "source" | "timestamp" | "receivedAt" | "status" | "confirmedAt" | "referralCode" | "referredBy" | "attribution">,
): unknown[] => [
  signup.email,
  signup.emailKey,
  signup.source,
  signup.timestamp,
  signup.receivedAt,
  signup.status,
  signup.confirmedAt,
  signup.referralCode,
  signup.referredBy,
  ...attributionValues(signup.attribution),
]

/** The columns a signup is read with (`SignupRow`). */
export const SIGNUP_COLUMNS = ["id", ...WRITTEN_SIGNUP_COLUMNS, "last_mail_at", "referrals", "consent", "consented_at", "milestone"] as const

export const columnsOf = (alias: string): string => SIGNUP_COLUMNS.map((column) => `${alias}.${column}`).join(", ")

/** A row as either engine returns it: PostgreSQL gives Dates and bigints as strings, SQLite text and numbers. */
export interface SignupRow extends Record<AttributionColumn, string | null> {
  id: number | string
  email: string
  email_key: string
  source: string
  signed_up_at: Date | string
  received_at: Date | string
  status: SignupStatus
  confirmed_at: Date | string | null
  referral_code: string
  referred_by: string | null
  last_mail_at: Date | string | null
  referrals: number | string
  consent: string | null
  consented_at: Date | string | null
  milestone: number | string
}

export interface PlaceColumns {
  position: number | string | null
  total: number | string | null
  /** From the signup's invitation, if it has one. */
  invited_at: Date | string | null
  redeemed_at: Date | string | null
}

export const iso = (value: Date | string): string => (value instanceof Date ? value.toISOString() : value)
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value))

export const toSignup = (row: SignupRow): Signup => ({
  // Signup numbers keep signup order; a refused insert may leave a gap in them.
  sequence: Number(row.id),
  email: row.email,
  emailKey: row.email_key,
  source: row.source,
  timestamp: iso(row.signed_up_at),
  receivedAt: iso(row.received_at),
  status: row.status,
  confirmedAt: isoOrNull(row.confirmed_at),
  referralCode: row.referral_code,
  referredBy: row.referred_by,
  attribution: attributionFromColumns(row),
  lastMailAt: isoOrNull(row.last_mail_at),
  consent: row.consent,
  consentedAt: isoOrNull(row.consented_at),
})

/** A stored time in ISO 8601, or null. */
export const isoOf = (value: Date | string | null | undefined): string | null => (value == null ? null : new Date(value).toISOString())

/** A confirmed signup as the owner's email provider keeps it. */
export const contactOf = ({ signup, place, referrals }: Standing): ProviderContact => ({
  email: signup.email,
  position: place?.position ?? null,
  referrals,
  referralCode: signup.referralCode,
  source: signup.attribution?.source ?? null,
  medium: signup.attribution?.medium ?? null,
  campaign: signup.attribution?.campaign ?? null,
  referrer: signup.attribution?.referrer ?? null,
  signedUpAt: signup.receivedAt,
  drop: null,
})

/** `signup.confirmed`: the person and where they stand now. */
export const confirmedEvent = (id: number | string, standing: Standing, timestamp: string): ListEvent => ({
  type: "signup.confirmed",
  signupId: id,
  timestamp,
  data: {
    id: eventSignupId(id),
    email: standing.signup.email,
    position: standing.place?.position ?? null,
    total: standing.total,
    referrals: standing.referrals,
    referralCode: standing.signup.referralCode,
    attribution: standing.signup.attribution,
  },
})

/** `referral.confirmed`: about the referrer (their new count and place), naming the signup that counted. */
export const referralEvent = (referrer: Standing & { id: number | string }, referrals: number, referredId: number | string, timestamp: string): ListEvent => ({
  type: "referral.confirmed",
  signupId: referrer.id,
  timestamp,
  data: {
    id: eventSignupId(referrer.id),
    email: referrer.signup.email,
    referrals,
    position: referrer.place?.position ?? null,
    referredId: eventSignupId(referredId),
  },
})

export const standingOf = (row: SignupRow & PlaceColumns): Standing => {
  const total = Number(row.total ?? 0)
  return {
    signup: toSignup(row),
    place: row.position === null ? null : { position: Number(row.position), total },
    total,
    referrals: Number(row.referrals),
    invitation: row.invited_at === null ? null : { sentAt: iso(row.invited_at), redeemedAt: isoOrNull(row.redeemed_at) },
    milestone: Number(row.milestone),
  }
}

/** A stored payload as text fields: strings as they are, anything structured as JSON text. */
export const textFields = (payload: string | null): Record<string, string> =>
  Object.fromEntries(
    Object.entries(JSON.parse(payload ?? "{}") as Record<string, unknown>).map(([name, value]) => [
      name,
      typeof value === "string" ? value : JSON.stringify(value),
    ]),
  )

export interface EndpointRow {
  url: string
  failing_since: Date | string | null
  disabled_at: Date | string | null
  disabled_reason: string | null
}

export const endpointOf = (row: EndpointRow): WebhookEndpointState => ({
  url: row.url,
  failingSince: isoOf(row.failing_since),
  disabledAt: isoOf(row.disabled_at),
  disabledReason: row.disabled_reason,
})

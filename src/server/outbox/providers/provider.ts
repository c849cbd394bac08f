/**
 * The owner's email tool (Mailchimp, Kit, Brevo, Loops), kept in step with the list: a confirmed
 * signup is added with its place, referrals and attribution; someone who leaves is removed there
 * too. Each adapter speaks its provider's documented API; the outbox calls it and retries.
 */
import type { ProviderContact } from "../../store/store"

/** A confirmed person as the provider's list keeps them: the store makes it (see the store's contract). */
export type { ProviderContact }

/** How an adapter reaches its provider's API; each adapter's options add what its list needs. */
export interface ProviderConnection {
  apiKey: string
  /** Origin instead of the provider's own API address (each adapter names it), for tests or a proxy. */
  apiUrl?: string
  timeoutMs?: number
}

/** A provider's name for each of our fields. */
export type ContactFieldNames = Readonly<Record<Exclude<keyof ProviderContact, "email">, string>>

/**
 * A contact's fields under a provider's names, unknown attribution left out rather than blanked;
 * `signedUpAt` as the provider wants dates (ISO 8601 unless it says otherwise).
 */
export const contactFields = (
  contact: ProviderContact,
  names: ContactFieldNames,
  signedUpAt: (iso: string) => string = (iso) => iso,
): Record<string, string | number> => {
  const { email: _email, ...fields } = { ...contact, signedUpAt: signedUpAt(contact.signedUpAt) }
  return Object.fromEntries(
    (Object.keys(names) as Array<keyof ContactFieldNames>).flatMap((field) => (fields[field] === null ? [] : [[names[field], fields[field]]])),
  )
}

/** A date as YYYY-MM-DD, for providers whose date fields take no time. */
export const dateOnly = (iso: string): string => iso.slice(0, 10)

export interface EmailProvider {
  /** Which provider, as EMAIL_PROVIDER names it. */
  readonly name: ProviderName
  /** Adds the contact to the owner's list, or updates them there (an upsert). */
  upsert(contact: ProviderContact): Promise<void>
  /** The person left: unsubscribed or deleted there, as the provider allows; someone it never had is no error. */
  remove(email: string): Promise<void>
}

export const PROVIDER_NAMES = ["mailchimp", "kit", "brevo", "loops"] as const
export type ProviderName = (typeof PROVIDER_NAMES)[number]

/** The provider refused this request for good (a rejected address, a bad key): retrying will not help. */
export class ProviderRejectedError extends Error {
  /** The provider's HTTP status, for the log (which never carries its words). */
  readonly status: number | null
  constructor(message: string, status: number | null = null) {
    super(message)
    this.name = "ProviderRejectedError"
    this.status = status
  }
}

/** The provider asked us to slow down or failed for now: try again, not before `retryAfterMs` when it said so. */
export class ProviderBusyError extends Error {
  readonly retryAfterMs: number | null
  /** The provider's HTTP status (null: it could not be reached), for the log. */
  readonly status: number | null
  constructor(message: string, retryAfterMs: number | null = null, status: number | null = null) {
    super(message)
    this.name = "ProviderBusyError"
    this.retryAfterMs = retryAfterMs
    this.status = status
  }
}

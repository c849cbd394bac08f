/**
 * Brevo API v3, through the official SDK `@getbrevo/brevo` (kept: regenerated from Brevo's API
 * definition and released regularly). It takes a `baseUrl`, a timeout and a retry count, and its
 * errors carry the status code and the raw answer's headers, so nothing is hidden from us. Its
 * own retries are turned off: the outbox retries, and must see every 429 to spread the load.
 *
 * - Join or update: `POST /v3/contacts` with `{ email, attributes, listIds, updateEnabled: true }`
 *   (an upsert). Attributes must exist in the Brevo account (Contacts > Settings > Contact
 *   attributes), named as below.
 * - Leaving: `DELETE /v3/contacts/{email}` (URL-encoded): the contact and their attributes are
 *   erased in Brevo too. A 404 (never there) is no error.
 * - Auth: `api-key: <key>`. Brevo's 429 tells the wait in `x-sib-ratelimit-reset` (seconds);
 *   `Retry-After` is honoured too when present.
 */
import { BrevoClient, BrevoError, BrevoTimeoutError } from "@getbrevo/brevo"
import { errorForAnswer, excerpt, parseRetryAfter, REQUEST_TIMEOUT_MS, withoutTrailingSlash } from "./http"
import { contactFields, dateOnly, ProviderBusyError, type EmailProvider, type ProviderContact } from "./provider"
import { ProviderSettingsError } from "./settings"

export interface BrevoOptions {
  apiKey: string
  /** "3" or "3,7": the list(s) to add contacts to. */
  listIds: string
  /** Origin instead of `https://api.brevo.com`. */
  apiUrl?: string
  timeoutMs?: number
}

export const BREVO_API_URL = "https://api.brevo.com"

/** Our fields as Brevo contact attributes (upper case, as Brevo names them). */
export const BREVO_ATTRIBUTES = {
  position: "POSITION", // number
  referrals: "REFERRALS", // number
  referralCode: "REFERRAL_CODE", // text
  source: "SOURCE", // text
  medium: "MEDIUM", // text
  campaign: "CAMPAIGN", // text
  referrer: "REFERRER", // text
  signedUpAt: "SIGNED_UP_AT", // date, sent as YYYY-MM-DD
  drop: "DROP", // text
} as const satisfies Record<Exclude<keyof ProviderContact, "email">, string>

const LABEL = "Brevo"

export const brevoAttributes = (contact: ProviderContact): Record<string, string | number> => contactFields(contact, BREVO_ATTRIBUTES, dateOnly)

/** "3, 7" -> [3, 7]; anything else is a settings error naming the variable. */
export const parseBrevoListIds = (value: string): number[] => {
  const ids = value.split(",").map((part) => part.trim())
  if (ids.length === 0 || ids.some((id) => !/^\d+$/.test(id) || Number(id) === 0)) {
    throw new ProviderSettingsError(`EMAIL_PROVIDER_LIST_ID is "${value}"; for Brevo it is a list id, or several separated by commas (e.g. 3 or 3,7).`)
  }
  return ids.map(Number)
}

/** The SDK's error as ours: the status and headers decide, as for the fetch adapters. */
const providerError = (error: unknown): unknown => {
  if (error instanceof BrevoTimeoutError) return new ProviderBusyError(`${LABEL} did not answer in time`)
  if (!(error instanceof BrevoError)) return error
  if (error.statusCode === undefined) return new ProviderBusyError(`${LABEL} could not be reached: ${error.message}`)
  const headers = error.rawResponse?.headers ?? new Headers()
  const detail = excerpt(typeof error.body === "string" ? error.body : JSON.stringify(error.body ?? ""))
  // Brevo documents its wait in x-sib-ratelimit-reset (seconds) rather than Retry-After.
  const resetMs = parseRetryAfter(headers.get("x-sib-ratelimit-reset"))
  return errorForAnswer(LABEL, error.statusCode, headers, detail, resetMs)
}

export const createBrevoProvider = (options: BrevoOptions): EmailProvider => {
  const listIds = parseBrevoListIds(options.listIds)
  const client = new BrevoClient({
    apiKey: options.apiKey,
    baseUrl: `${withoutTrailingSlash(options.apiUrl ?? BREVO_API_URL)}/v3`,
    timeoutInSeconds: (options.timeoutMs ?? REQUEST_TIMEOUT_MS) / 1000,
    maxRetries: 0,
  })

  return {
    name: "brevo",
    async upsert(contact) {
      try {
        await client.contacts.createContact({ email: contact.email, attributes: brevoAttributes(contact), listIds, updateEnabled: true })
      } catch (error) {
        throw providerError(error)
      }
    },
    async remove(email) {
      try {
        await client.contacts.deleteContact({ identifier: email })
      } catch (error) {
        if (error instanceof BrevoError && error.statusCode === 404) return // never there
        throw providerError(error)
      }
    },
  }
}

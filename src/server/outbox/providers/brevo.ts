/**
 * Brevo API v3, with plain fetch through the helper the other adapters share (Brevo's SDK
 * weighed megabytes in every Function for two calls). No retries of our own: the outbox
 * retries, and must see every 429 to spread the load.
 *
 * - Join or update: `POST /v3/contacts` with `{ email, attributes, listIds, updateEnabled: true }`
 *   (an upsert). Attributes must exist in the Brevo account (Contacts > Settings > Contact
 *   attributes), named as below.
 * - Leaving: `DELETE /v3/contacts/{email}` (URL-encoded): the contact and their attributes are
 *   erased in Brevo too. A 404 (never there) is no error.
 * - Auth: `api-key: <key>`. Brevo's 429 tells the wait in `x-sib-ratelimit-reset` (seconds);
 *   `Retry-After` is honoured too when present.
 */
import { ensureOk, parseRetryAfter, sendJson, withoutTrailingSlash } from "./http"
import { contactFields, dateOnly, type ContactFieldNames, type EmailProvider, type ProviderConnection, type ProviderContact } from "./provider"
import { ProviderSettingsError } from "./settings"

export interface BrevoOptions extends ProviderConnection {
  /** "3" or "3,7": the list(s) to add contacts to. */
  listIds: string
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
} as const satisfies ContactFieldNames

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

export const createBrevoProvider = (options: BrevoOptions): EmailProvider => {
  const listIds = parseBrevoListIds(options.listIds)
  const origin = withoutTrailingSlash(options.apiUrl ?? BREVO_API_URL)
  const headers = { "api-key": options.apiKey }
  const call = (method: "POST" | "DELETE", path: string, body?: unknown): Promise<Response> =>
    sendJson(LABEL, { method, url: `${origin}/v3${path}`, headers, body, timeoutMs: options.timeoutMs })
  // Brevo documents its wait in x-sib-ratelimit-reset (seconds) rather than Retry-After.
  const check = (response: Response): Promise<void> => ensureOk(LABEL, response, parseRetryAfter(response.headers.get("x-sib-ratelimit-reset")))

  return {
    name: "brevo",
    async upsert(contact) {
      await check(await call("POST", "/contacts", { email: contact.email, attributes: brevoAttributes(contact), listIds, updateEnabled: true }))
    },
    async remove(email) {
      const response = await call("DELETE", `/contacts/${encodeURIComponent(email)}`)
      if (response.status === 404) return // never there
      await check(response)
    },
  }
}

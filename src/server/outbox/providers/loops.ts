/**
 * Loops API v1, with plain fetch. The official `loops` SDK is kept, but its requests have no
 * timeout or abort signal (a hung connection would hold the outbox), and a 429 becomes a
 * RateLimitExceededError that keeps only the limit and remaining counts, dropping the answer's
 * headers; it takes no base URL option either (only its public `apiRoot` field). The two calls
 * we need are short to write as the reference documents them.
 *
 * - Join or update: `PUT /api/v1/contacts/update` (creates the contact when missing) with the
 *   email and our custom properties, which must exist in Loops first (Audience > Contact
 *   properties). With EMAIL_PROVIDER_LIST_ID set, `mailingLists: { <id>: true }` subscribes them
 *   to that list. `subscribed` is not sent, so someone who unsubscribed in Loops stays so.
 * - Leaving: `POST /api/v1/contacts/delete` with `{ email }`: the contact is deleted in Loops.
 *   A 404 (no such contact) is no error.
 * - Auth: `Authorization: Bearer <key>`.
 */
import { ensureOk, sendJson, withoutTrailingSlash } from "./http"
import { contactFields, type ContactFieldNames, type EmailProvider, type ProviderConnection, type ProviderContact } from "./provider"

export interface LoopsOptions extends ProviderConnection {
  /** A mailing list id to subscribe contacts to, optional. */
  mailingListId?: string
}

export const LOOPS_API_URL = "https://app.loops.so"

/** Our fields as Loops custom contact properties (camelCase API names). */
export const LOOPS_PROPERTIES = {
  position: "waitlistPosition", // number
  referrals: "waitlistReferrals", // number
  referralCode: "referralCode", // string
  source: "signupSource", // string (Loops' own `source` says how the contact was added)
  medium: "signupMedium", // string
  campaign: "signupCampaign", // string
  referrer: "signupReferrer", // string
  signedUpAt: "signedUpAt", // date, sent as ISO 8601
  drop: "lastDrop", // string
} as const satisfies ContactFieldNames

const LABEL = "Loops"

export const loopsProperties = (contact: ProviderContact): Record<string, string | number> => contactFields(contact, LOOPS_PROPERTIES)

export const createLoopsProvider = (options: LoopsOptions): EmailProvider => {
  const origin = withoutTrailingSlash(options.apiUrl ?? LOOPS_API_URL)
  const headers = { authorization: `Bearer ${options.apiKey}` }

  return {
    name: "loops",
    async upsert(contact) {
      const mailingLists = options.mailingListId === undefined ? {} : { mailingLists: { [options.mailingListId]: true } }
      const response = await sendJson(LABEL, {
        method: "PUT",
        url: `${origin}/api/v1/contacts/update`,
        headers,
        body: { email: contact.email, ...loopsProperties(contact), ...mailingLists },
        timeoutMs: options.timeoutMs,
      })
      await ensureOk(LABEL, response)
    },
    async remove(email) {
      const response = await sendJson(LABEL, {
        method: "POST",
        url: `${origin}/api/v1/contacts/delete`,
        headers,
        body: { email },
        timeoutMs: options.timeoutMs,
      })
      if (response.status === 404) return // no such contact in Loops
      await ensureOk(LABEL, response)
    },
  }
}

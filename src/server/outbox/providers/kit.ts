/**
 * Kit (formerly ConvertKit) API v4, with plain fetch: Kit publishes no official Node SDK.
 *
 * - Join or update: `POST /v4/subscribers` with `email_address` and `fields`, which Kit
 *   documents as an upsert. Kit silently ignores custom fields that do not exist in the
 *   account, so the owner creates them first (keys below). With EMAIL_PROVIDER_LIST_ID set,
 *   the subscriber is then tagged: `POST /v4/tags/{tag_id}/subscribers` with `email_address`.
 *   (A tag rather than a form: adding to a form can send that form's incentive email, and these
 *   people have already confirmed with us.)
 * - Leaving: Kit v4 has no delete; find the subscriber (`GET /v4/subscribers?email_address=`)
 *   and `POST /v4/subscribers/{id}/unsubscribe`. Nobody found is no error.
 * - Auth: `X-Kit-Api-Key: <key>`. A 429 carries no `Retry-After` and a plain-text body; Kit's
 *   reference says a wait of up to 60 seconds resets the limit, so that is the wait we ask for.
 */
import { ensureOk, sendJson, withoutTrailingSlash } from "./http"
import { contactFields, ProviderBusyError, type ContactFieldNames, type EmailProvider, type ProviderConnection, type ProviderContact } from "./provider"
import { ProviderSettingsError } from "./settings"

export interface KitOptions extends ProviderConnection {
  /** A tag id to give every subscriber, optional. */
  tagId?: string
}

export const KIT_API_URL = "https://api.kit.com"

/** Kit's documented answer to a 429: wait up to a minute. */
export const KIT_RATE_LIMIT_WAIT_MS = 60_000

/** Our fields as Kit custom field keys (a field labelled "Waitlist position" has the key waitlist_position). */
export const KIT_FIELDS = {
  position: "waitlist_position",
  referrals: "waitlist_referrals",
  referralCode: "referral_code",
  source: "signup_source",
  medium: "signup_medium",
  campaign: "signup_campaign",
  referrer: "signup_referrer",
  signedUpAt: "signed_up_at",
  drop: "last_drop",
} as const satisfies ContactFieldNames

const LABEL = "Kit"

/** Kit custom field values are text; unknown attribution is left out. */
export const kitFields = (contact: ProviderContact): Record<string, string> =>
  Object.fromEntries(Object.entries(contactFields(contact, KIT_FIELDS)).map(([key, value]) => [key, String(value)]))

interface KitSubscriberList {
  subscribers?: { id: number; email_address: string }[]
}

export const createKitProvider = (options: KitOptions): EmailProvider => {
  if (options.tagId !== undefined && !/^\d+$/.test(options.tagId)) {
    throw new ProviderSettingsError(`EMAIL_PROVIDER_LIST_ID is "${options.tagId}"; for Kit it is a tag id, a number (from the tag's page address).`)
  }
  const origin = withoutTrailingSlash(options.apiUrl ?? KIT_API_URL)
  const headers = { "x-kit-api-key": options.apiKey }
  const call = async (method: "GET" | "POST", path: string, body?: unknown): Promise<Response> =>
    sendJson(LABEL, { method, url: `${origin}${path}`, headers, body, timeoutMs: options.timeoutMs })

  return {
    name: "kit",
    async upsert(contact) {
      const created = await call("POST", "/v4/subscribers", { email_address: contact.email, fields: kitFields(contact) })
      await ensureOk(LABEL, created, KIT_RATE_LIMIT_WAIT_MS)
      if (options.tagId === undefined) return
      const tagged = await call("POST", `/v4/tags/${options.tagId}/subscribers`, { email_address: contact.email })
      await ensureOk(LABEL, tagged, KIT_RATE_LIMIT_WAIT_MS)
    },
    async remove(email) {
      const found = await call("GET", `/v4/subscribers?email_address=${encodeURIComponent(email)}`)
      await ensureOk(LABEL, found, KIT_RATE_LIMIT_WAIT_MS)
      const list = (await found.json().catch(() => {
        throw new ProviderBusyError("Kit answered the subscriber search with something other than JSON")
      })) as KitSubscriberList
      const subscriber = list.subscribers?.find((each) => each.email_address.toLowerCase() === email.toLowerCase())
      if (subscriber === undefined) return // not in Kit (or no longer active): nothing to unsubscribe
      const unsubscribed = await call("POST", `/v4/subscribers/${subscriber.id}/unsubscribe`, {})
      if (unsubscribed.status === 404) return
      await ensureOk(LABEL, unsubscribed, KIT_RATE_LIMIT_WAIT_MS)
    },
  }
}

/**
 * Mailchimp Marketing API 3.0, spoken with plain fetch.
 *
 * Why not `@mailchimp/mailchimp_marketing`: it is generated code whose latest release (3.0.80)
 * still pins superagent 3.8.1 (2017, deprecated; the update proposed since 2022 in
 * mailchimp-client-lib-codegen #302/#337 has reached no release),
 * its client is one module-wide singleton whose `setConfig` changes every caller in the process,
 * and its timeout is superagent's own timer rather than an AbortSignal. Two documented calls
 * are simpler to write and to test than to wrap.
 *
 * - Join or update: `PUT /3.0/lists/{list_id}/members/{subscriber_hash}` (the MD5 of the
 *   lower-cased address) with `status_if_new: "subscribed"`: a new member is subscribed, an
 *   existing one keeps the status they chose in Mailchimp (someone who unsubscribed there is
 *   not subscribed again), and their merge fields are updated.
 * - Leaving: `PATCH` the same member to `status: "unsubscribed"`. Archiving (DELETE) would drop
 *   them from the audience but a later import or form could add them back as subscribed; an
 *   unsubscribed member stays suppressed in Mailchimp, which is what leaving promises. A 404
 *   (never in the audience) is no error.
 * - Auth: HTTP basic, any user name, the API key as password; the data center is the key's
 *   `-usX` suffix (`https://usX.api.mailchimp.com`).
 */
import { createHash } from "node:crypto"
import { ensureOk, sendJson, withoutTrailingSlash } from "./http"
import { contactFields, dateOnly, type ContactFieldNames, type EmailProvider, type ProviderConnection, type ProviderContact } from "./provider"
import { ProviderSettingsError } from "./settings"

export interface MailchimpOptions extends ProviderConnection {
  /** The audience (list) id. */
  listId: string
}

/** Our fields as Mailchimp merge tags (at most 10 characters, upper case); create them in the audience. */
export const MAILCHIMP_MERGE_FIELDS = {
  position: "POSITION", // number
  referrals: "REFERRALS", // number
  referralCode: "REFCODE", // text
  source: "SOURCE", // text
  medium: "MEDIUM", // text
  campaign: "CAMPAIGN", // text
  referrer: "REFERRER", // text
  signedUpAt: "SIGNUPDATE", // date, sent as YYYY-MM-DD
  drop: "DROP", // text
} as const satisfies ContactFieldNames

const LABEL = "Mailchimp"

/** The member id Mailchimp documents: MD5 of the lower-cased address, hex. */
export const subscriberHash = (email: string): string => createHash("md5").update(email.toLowerCase()).digest("hex")

/** `https://usX.api.mailchimp.com` from a key ending in `-usX`. */
export const mailchimpApiUrl = (apiKey: string): string => {
  const dataCenter = /-([a-z]+\d+)$/i.exec(apiKey)?.[1]
  if (dataCenter === undefined) {
    throw new ProviderSettingsError("EMAIL_PROVIDER_API_KEY does not end in a data center such as -us6: copy the whole Mailchimp API key.")
  }
  return `https://${dataCenter.toLowerCase()}.api.mailchimp.com`
}

/** The merge fields for a contact; unknown attribution is left out rather than blanked. */
export const mailchimpMergeFields = (contact: ProviderContact): Record<string, string | number> => contactFields(contact, MAILCHIMP_MERGE_FIELDS, dateOnly)

export const createMailchimpProvider = (options: MailchimpOptions): EmailProvider => {
  const origin = withoutTrailingSlash(options.apiUrl ?? mailchimpApiUrl(options.apiKey))
  if (options.apiUrl !== undefined) mailchimpApiUrl(options.apiKey) // the key must still name its data center
  const headers = { authorization: `Basic ${Buffer.from(`block94:${options.apiKey}`).toString("base64")}` }
  const memberUrl = (email: string) => `${origin}/3.0/lists/${encodeURIComponent(options.listId)}/members/${subscriberHash(email)}`

  return {
    name: "mailchimp",
    async upsert(contact) {
      const response = await sendJson(LABEL, {
        method: "PUT",
        url: memberUrl(contact.email),
        headers,
        body: { email_address: contact.email, status_if_new: "subscribed", merge_fields: mailchimpMergeFields(contact) },
        timeoutMs: options.timeoutMs,
      })
      await ensureOk(LABEL, response)
    },
    async remove(email) {
      const response = await sendJson(LABEL, {
        method: "PATCH",
        url: memberUrl(email),
        headers,
        body: { status: "unsubscribed" },
        timeoutMs: options.timeoutMs,
      })
      if (response.status === 404) return // never in the audience: nothing to unsubscribe
      await ensureOk(LABEL, response)
    },
  }
}

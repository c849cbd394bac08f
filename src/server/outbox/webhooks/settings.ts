/**
 * Webhook settings as the owner writes them: WEBHOOK_URL (one or more, separated by commas or
 * spaces), WEBHOOK_SECRET (`whsec_...`, the Standard Webhooks secret receivers verify with) and
 * WEBHOOK_ALLOW_PRIVATE=1 (for local testing: http and private addresses allowed). A URL that is
 * refused is left out and said why, once, at start; it never stops the server.
 */
import { isIP } from "node:net"
import { Webhook } from "standardwebhooks"
import { isPrivateAddress } from "./addresses"

export interface WebhookSettings {
  /** The endpoints that passed the checks (none without a good secret). */
  urls: string[]
  secret: string | null
  /** WEBHOOK_ALLOW_PRIVATE=1: http and private addresses allowed (local testing). */
  allowPrivate: boolean
  /** What is wrong with the settings, in words for the owner's log. */
  problems: string[]
}

/** Why this URL cannot be a webhook endpoint, or null when it can. */
export const webhookUrlProblem = (raw: string, allowPrivate: boolean): string | null => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return `WEBHOOK_URL ${raw} is not a URL`
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) {
    return `WEBHOOK_URL ${raw} is not https (http is allowed only with WEBHOOK_ALLOW_PRIVATE=1, for local testing)`
  }
  if (url.username || url.password) return `WEBHOOK_URL ${raw} carries a user name or password; put no secrets in it`
  if (allowPrivate) return null
  const host = url.hostname.replace(/^\[|\]$/g, "")
  if (host === "localhost" || host.endsWith(".localhost") || (isIP(host) !== 0 && isPrivateAddress(host))) {
    return `WEBHOOK_URL ${raw} is a private or local address (allowed only with WEBHOOK_ALLOW_PRIVATE=1, for local testing)`
  }
  return null
}

/** Whether `secret` is one `standardwebhooks` can sign with. */
const secretProblem = (secret: string): string | null => {
  if (!secret.startsWith("whsec_")) return "WEBHOOK_SECRET must start with whsec_ (a Standard Webhooks secret: whsec_ and 24 to 64 random bytes in base64)"
  try {
    new Webhook(secret)
    return null
  } catch (error) {
    return `WEBHOOK_SECRET is not valid: ${error instanceof Error ? error.message : String(error)}`
  }
}

/** The webhook settings from the raw values of WEBHOOK_URL, WEBHOOK_SECRET and WEBHOOK_ALLOW_PRIVATE. */
export const parseWebhookSettings = (raw: { urls: string | undefined; secret: string | undefined; allowPrivate: string | undefined }): WebhookSettings => {
  const allowPrivate = raw.allowPrivate?.trim() === "1"
  const listed = [...new Set((raw.urls ?? "").split(/[\s,]+/).filter(Boolean))]
  const problems: string[] = []
  const urls = listed.filter((url) => {
    const problem = webhookUrlProblem(url, allowPrivate)
    if (problem) problems.push(`${problem}: no webhooks go there`)
    return problem === null
  })
  const secret = raw.secret?.trim() || null
  if (listed.length === 0) return { urls: [], secret, allowPrivate, problems }
  const badSecret = secret === null ? "WEBHOOK_SECRET is not set: webhooks are signed with it, so none are sent" : secretProblem(secret)
  if (badSecret) return { urls: [], secret: null, allowPrivate, problems: [...problems, secret === null ? badSecret : `${badSecret}: no webhooks are sent`] }
  return { urls, secret, allowPrivate, problems }
}

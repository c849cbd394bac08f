/**
 * Delivers one webhook message: signed by the Standard Webhooks rules with the `standardwebhooks`
 * package (headers webhook-id, webhook-timestamp, webhook-signature), POSTed to its endpoint with
 * a 10-second limit. A 2xx answer is success. 410 Gone disables the endpoint at once; an endpoint
 * that has failed without a success for three days is disabled too; a disabled endpoint's
 * messages are given up on without an attempt. The address a name resolves to is checked on the
 * connection itself, so a name cannot be re-pointed at a private address after a first check.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns"
import http from "node:http"
import https from "node:https"
import { isIP, type LookupFunction } from "node:net"
import { Webhook } from "standardwebhooks"
import { GiveUp, type Deliver } from "../outbox"
import type { WebhookStore } from "../../store/store"
import { isPrivateAddress } from "./addresses"
import { DAY_MS } from "../../../signup/durations"

/** How long a receiver has to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000
/** An endpoint failing this long without a success is disabled. */
export const DISABLE_AFTER_FAILING_MS = 3 * DAY_MS

export interface WebhookDelivererOptions {
  store: Pick<WebhookStore, "webhookEndpoint" | "webhookSucceeded" | "webhookFailed" | "disableWebhookEndpoint">
  secret: string
  /** WEBHOOK_ALLOW_PRIVATE=1: http and private addresses allowed (local testing). */
  allowPrivate: boolean
  timeoutMs?: number
  /** The time a signature carries: the real time, which receivers check theirs against. */
  signingClock?(): Date
}

/** Every address a name resolves to (the system's resolver, as connections use it). */
export type ResolveAll = (hostname: string, family: number | undefined, callback: (error: Error | null, addresses: LookupAddress[]) => void) => void

const systemResolveAll: ResolveAll = (hostname, family, callback) => dnsLookup(hostname, { all: true, family: family ?? 0 }, callback)

/**
 * The lookup a connection uses, refusing a name that resolves to any address that is not public.
 * It runs as the connection is made, so the address checked is the address connected to.
 */
export const publicOnlyLookup =
  (resolveAll: ResolveAll = systemResolveAll): LookupFunction =>
  (hostname, options, callback) => {
    resolveAll(hostname, typeof options.family === "number" ? options.family : undefined, (error, addresses) => {
      if (error) return callback(error, "", 0)
      const refused = addresses.find(({ address }) => isPrivateAddress(address))
      if (refused)
        return callback(Object.assign(new Error(`${hostname} resolves to ${refused.address}, which is not a public address`), { code: "EPRIVATE" }), "", 0)
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0)
      if (options.all) return callback(null, addresses)
      const [first] = addresses
      callback(null, first.address, first.family)
    })
  }

/** POSTs `body` with `headers` and resolves with the answer's status; the answer's body is read and dropped. */
export const postWebhook = (
  target: string,
  headers: Record<string, string>,
  body: string,
  options: { allowPrivate: boolean; timeoutMs: number; resolveAll?: ResolveAll },
): Promise<number> =>
  new Promise((resolve, reject) => {
    const url = new URL(target)
    if (url.protocol !== "https:" && !(options.allowPrivate && url.protocol === "http:")) return reject(new GiveUp(`${target} is not an https URL`))
    const host = url.hostname.replace(/^\[|\]$/g, "")
    if (!options.allowPrivate && (host === "localhost" || (isIP(host) !== 0 && isPrivateAddress(host)))) {
      return reject(new Error(`${target} is a private or local address`))
    }
    const client = url.protocol === "https:" ? https : http
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup(options.resolveAll) }),
      },
      (response) => {
        response.resume()
        response.on("error", () => undefined)
        resolve(response.statusCode ?? 0)
      },
    )
    request.on("error", (error: Error) =>
      reject(error.name === "AbortError" || error.name === "TimeoutError" ? new Error(`${target} did not answer within ${options.timeoutMs / 1000} s`) : error),
    )
    request.end(body)
  })

/** The deliverer of webhook messages, whose payload is `{ url, msgId, body }` (body: the JSON text signed and sent). */
export const webhookDeliverer = ({
  store,
  secret,
  allowPrivate,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
  signingClock = () => new Date(),
}: WebhookDelivererOptions): Deliver => {
  const signer = new Webhook(secret)

  /** Records a failed attempt; past three days of failures the endpoint is disabled and the message given up on. */
  const failed = async (url: string, now: Date, why: string): Promise<Error> => {
    const state = await store.webhookFailed(url, now)
    const since = state.failingSince ? new Date(state.failingSince) : now
    if (now.getTime() - since.getTime() >= DISABLE_AFTER_FAILING_MS) {
      const reason = `failing since ${since.toISOString()} (last: ${why})`
      await store.disableWebhookEndpoint(url, now, reason)
      return new GiveUp(`webhook endpoint ${url} disabled: ${reason}`)
    }
    return new Error(`webhook to ${url}: ${why}`)
  }

  return async (entry, now) => {
    const { url, msgId, body } = entry.payload
    if (!url || !msgId || !body) throw new GiveUp("a webhook message without its endpoint, id or body")
    const endpoint = await store.webhookEndpoint(url)
    if (endpoint?.disabledAt)
      throw new GiveUp(`webhook endpoint ${url} was disabled at ${endpoint.disabledAt} (${endpoint.disabledReason ?? "no reason kept"}): not attempted`)
    const signedAt = signingClock()
    const headers = {
      "content-type": "application/json",
      "user-agent": "Block94-Webhooks/1",
      "webhook-id": msgId,
      "webhook-timestamp": String(Math.floor(signedAt.getTime() / 1000)),
      "webhook-signature": signer.sign(msgId, signedAt, body),
    }
    let status: number
    try {
      status = await postWebhook(url, headers, body, { allowPrivate, timeoutMs })
    } catch (error) {
      throw await failed(url, now, error instanceof Error ? error.message : String(error))
    }
    if (status >= 200 && status < 300) {
      await store.webhookSucceeded(url)
      return
    }
    if (status === 410) {
      await store.disableWebhookEndpoint(url, now, "answered 410 Gone")
      throw new GiveUp(`webhook endpoint ${url} answered 410 Gone: disabled`)
    }
    throw await failed(url, now, `answered ${status}`)
  }
}

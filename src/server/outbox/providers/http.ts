/**
 * What the four adapters share: one timeout, one reading of `Retry-After`, and one rule for
 * which answers are worth retrying. The outbox retries a ProviderBusyError (not before
 * `retryAfterMs` when the provider said so) and records a ProviderRejectedError for good.
 */
import { ProviderBusyError, ProviderRejectedError } from "./provider"

/** How long one call to a provider may take before it counts as failed for now. */
export const REQUEST_TIMEOUT_MS = 10_000

/**
 * `Retry-After` as milliseconds from `nowMs`: either delay-seconds or an HTTP date (RFC 9110
 * §10.2.3). Null when absent or unreadable; a date already past means "now" (0).
 */
export const parseRetryAfter = (value: string | null | undefined, nowMs: number = Date.now()): number | null => {
  if (value === null || value === undefined || value.trim() === "") return null
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  // An HTTP date names its day and month; Date.parse alone would read "-5" as a year.
  if (!/^[A-Za-z]{3,9},? /.test(text)) return null
  const at = Date.parse(text)
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs)
}

/** Answers that may succeed later: too many requests, a timeout on their side, their failures. */
export const isTransientStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500

/**
 * The error for a non-2xx answer. `fallbackRetryAfterMs` is the wait a provider documents for
 * a 429 that carries no `Retry-After` (Kit says a minute resets its limit).
 */
export const errorForAnswer = (
  label: string,
  status: number,
  headers: Headers,
  detail: string,
  fallbackRetryAfterMs: number | null = null,
): ProviderBusyError | ProviderRejectedError => {
  const message = `${label} answered ${status}${detail ? `: ${detail}` : ""}`
  if (!isTransientStatus(status)) return new ProviderRejectedError(message, status)
  const retryAfterMs = parseRetryAfter(headers.get("retry-after")) ?? (status === 429 ? fallbackRetryAfterMs : null)
  return new ProviderBusyError(message, retryAfterMs, status)
}

/** A short, single-line excerpt of an error body for the outbox row the owner sees (never the whole answer; never logged). */
export const excerpt = (text: string): string => text.replace(/\s+/g, " ").trim().slice(0, 300)

export interface JsonRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
  url: string
  headers: Record<string, string>
  /** Sent as JSON; omitted for GET. */
  body?: unknown
  timeoutMs?: number
}

/**
 * Sends one request with a timeout. A network failure or timeout is a ProviderBusyError (the
 * provider may be fine in a minute); any HTTP answer is returned for the adapter to judge.
 */
export const sendJson = async (label: string, request: JsonRequest): Promise<Response> => {
  const headers: Record<string, string> = { accept: "application/json", ...request.headers }
  if (request.body !== undefined) headers["content-type"] = "application/json"
  try {
    return await fetch(request.url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(request.timeoutMs ?? REQUEST_TIMEOUT_MS),
    })
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? "did not answer in time" : "could not be reached"
    throw new ProviderBusyError(`${label} ${reason} (${request.method} ${new URL(request.url).pathname})`)
  }
}

/** Throws the error for a non-2xx answer (reading its body for the message); returns otherwise. */
export const ensureOk = async (label: string, response: Response, fallbackRetryAfterMs: number | null = null): Promise<void> => {
  if (response.ok) return
  const text = await response.text().catch(() => "")
  throw errorForAnswer(label, response.status, response.headers, excerpt(text), fallbackRetryAfterMs)
}

export { withoutTrailingSlash } from "../../../signup/site-url"

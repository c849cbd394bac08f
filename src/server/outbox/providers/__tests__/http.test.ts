// Retry-After as RFC 9110 defines it (delay-seconds or an HTTP date), and which answers are
// worth retrying: the outbox waits as told and gives up only on lasting refusals.
import { errorForAnswer, parseRetryAfter } from "../http"
import { ProviderBusyError, ProviderRejectedError } from "../provider"

const NOW = Date.parse("2026-11-23T12:00:00Z")

describe("Retry-After", () => {
  it("reads seconds and HTTP dates; a past date means now; anything else is unknown", () => {
    expect(parseRetryAfter("120", NOW)).toBe(120_000)
    expect(parseRetryAfter("Mon, 23 Nov 2026 12:00:30 GMT", NOW)).toBe(30_000)
    expect(parseRetryAfter("Mon, 23 Nov 2026 11:00:00 GMT", NOW)).toBe(0)
    expect(parseRetryAfter("soon", NOW)).toBeNull()
    expect(parseRetryAfter("-5", NOW)).toBeNull()
    expect(parseRetryAfter(null, NOW)).toBeNull()
  })
})

describe("which answers are retried", () => {
  const answer = (status: number, headers: Record<string, string> = {}) => errorForAnswer("Example", status, new Headers(headers), "detail")

  it("retries 408, 429 and 5xx, keeping the wait the provider asked for", () => {
    for (const status of [408, 429, 500, 502, 503, 504]) expect(answer(status)).toBeInstanceOf(ProviderBusyError)
    expect((answer(503, { "retry-after": "30" }) as ProviderBusyError).retryAfterMs).toBe(30_000)
  })

  it("gives up on other refusals, naming the provider and its answer", () => {
    for (const status of [400, 401, 403, 404, 409, 422]) expect(answer(status)).toBeInstanceOf(ProviderRejectedError)
    expect(answer(401).message).toBe("Example answered 401: detail")
  })
})

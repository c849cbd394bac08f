/** The shape of every answer the handlers give (`{ status, headers, body }`), and the common ones. */

export interface ApiAnswer {
  status: number
  headers: Record<string, string>
  body: Record<string, unknown>
  /** A body that is not JSON (the owner's CSV export, a drop's entry list), sent as it is produced; `body` is then unused. */
  stream?: AsyncIterable<string | Uint8Array>
}

export const answer = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): ApiAnswer => ({
  status,
  // Answers depend on what is stored; no cache may keep one.
  headers: { "Cache-Control": "no-store", ...headers },
  body,
})

export const reject = (status: number, error: string, headers: Record<string, string> = {}): ApiAnswer => answer(status, { error }, headers)

/** The one answer to a client over its limit. */
export const tooManyRequests = (retryAfterSeconds: number): ApiAnswer =>
  reject(429, `Too many requests: try again in ${retryAfterSeconds} seconds`, { "Retry-After": String(retryAfterSeconds) })

/** JSON over HTTP for the site's own endpoints, with a time limit. Never throws. */

export const REQUEST_TIMEOUT_MS = 10_000

export interface JsonAnswer {
  /** The HTTP status; 0 when no answer came (network down, time limit reached). */
  status: number
  /** The parsed JSON body; null when there was none or it was not JSON. */
  body: unknown
}

export interface RequestOptions {
  timeoutMs?: number
  fetchImpl?: typeof fetch
}

/** Sends `body` as JSON with `method` (GET sends none) and reads the answer as JSON. */
export const requestJson = async (
  url: string,
  method: "GET" | "POST",
  body: unknown,
  { timeoutMs = REQUEST_TIMEOUT_MS, fetchImpl = fetch }: RequestOptions = {},
): Promise<JsonAnswer> => {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const response = await fetchImpl(url, {
      method,
      headers: method === "POST" ? { "Content-Type": "application/json", Accept: "application/json" } : { Accept: "application/json" },
      body: method === "POST" ? JSON.stringify(body) : undefined,
      signal: controller.signal,
    })
    let parsed: unknown = null
    try {
      parsed = typeof response.json === "function" ? await response.json() : null
    } catch {
      parsed = null
    }
    return { status: response.status, body: parsed }
  } catch {
    return { status: 0, body: null }
  } finally {
    clearTimeout(timer)
  }
}

export const isSuccess = (status: number): boolean => status >= 200 && status < 300

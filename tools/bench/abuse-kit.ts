// What bench:abuse's attacks in modules of their own share: the server it starts for them, and
// the requests and figures an attacker's script works with (each reading is a ./reading.ts Reading).
import { SIGNUP_SOURCE } from "../../src/signup/rules"
import type { ProductionServer } from "../dev/serve"

/**
 * Starts serve:prod as bench:abuse runs it (embedded SQLite in a new folder, SMTP, the bot check
 * in `enforce`), with `env` over that; `requestLog: "pipe"` keeps its request log readable.
 */
export type StartServer = (env: Record<string, string>, options?: { requestLog?: "ignore" | "pipe" }) => Promise<ProductionServer>

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** The value `q` (0 to 1) of the way up the sorted values. */
export const percentile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}

/** POSTs JSON; resolves with the status, the body's text and the time it took. */
export const postJson = async (baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
  const started = performance.now()
  const response = await fetch(`${baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) })
  const text = await response.text()
  return { status: response.status, text, ms: performance.now() - started }
}

export const signupBody = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  source: SIGNUP_SOURCE,
  timestamp: new Date().toISOString(),
  ...extra,
})

/**
 * The log of wrong secrets at the secret gate (secret-gate.ts): one line per client and window.
 * Apart from the gate, so the handlers' kit can name it without importing the gate back.
 */

export type SecretRealm = "owner" | "invitations"

/** Logs a wrong try from `clientKey` at `at` (ms), or counts it towards the next line. */
export type WrongTryLog = (realm: SecretRealm, clientKey: string, at: number) => void

/** The window of a log made without one: a minute, the default rate window. */
const DEFAULT_LOG_WINDOW_MS = 60_000

/**
 * One log line per client and window for wrong tries, however many it sends: the first try of a
 * window is logged, with how many the client sent since its last line. The client's key is
 * logged, never what it sent. Clients quiet for a window are forgotten, so memory stays bounded.
 */
export function createWrongTryLog(logError: (message: string, error: unknown) => void, windowMs = DEFAULT_LOG_WINDOW_MS): WrongTryLog {
  const lines = new Map<string, { at: number; unlogged: number }>()
  let sweptAt = 0
  return (realm, clientKey, at) => {
    if (at - sweptAt >= windowMs) {
      sweptAt = at
      for (const [key, line] of lines) if (at - line.at >= 2 * windowMs) lines.delete(key)
    }
    const key = `${realm} ${clientKey}`
    const last = lines.get(key)
    if (last && at - last.at < windowMs) {
      last.unlogged += 1
      return
    }
    lines.set(key, { at, unlogged: 0 })
    const since = last && last.unlogged > 0 ? ` (and ${last.unlogged} more from it since the line before)` : ""
    logError(`${realm}: a request without the right secret${since}, from client`, clientKey)
  }
}

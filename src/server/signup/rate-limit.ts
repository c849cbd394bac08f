/**
 * A fixed-window request counter per client: at most `limit` requests per `windowMs`.
 * Pure apart from the clock, which is injectable for tests.
 */

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export interface RateLimiter {
  readonly limit: number
  readonly windowMs: number
  /** Counts one request from `clientKey` and says whether it may go on. */
  hit(clientKey: string): RateDecision
}

interface Window {
  startedAt: number
  count: number
}

export const createRateLimiter = (limit: number, windowMs: number, now: () => number = Date.now): RateLimiter => {
  const windows = new Map<string, Window>()
  let lastSweepAt = now()

  // Forget finished windows now and then, so memory stays bounded by the clients of one window.
  const sweep = (time: number): void => {
    if (time - lastSweepAt < windowMs) return
    lastSweepAt = time
    for (const [key, window] of windows) {
      if (time - window.startedAt >= windowMs) windows.delete(key)
    }
  }

  return {
    limit,
    windowMs,
    hit(clientKey) {
      const time = now()
      sweep(time)
      const current = windows.get(clientKey)
      if (!current || time - current.startedAt >= windowMs) {
        windows.set(clientKey, { startedAt: time, count: 1 })
        return { allowed: true }
      }
      current.count += 1
      if (current.count <= limit) return { allowed: true }
      const msLeft = current.startedAt + windowMs - time
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)) }
    },
  }
}

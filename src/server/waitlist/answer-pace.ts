/**
 * With double opt-in every signup is answered "pending", and the answer's timing must not tell
 * either: a new address takes a little longer (its row, tokens, mail and tallies are written)
 * than one already on the list. The pace keeps the last new signups' durations and lets any
 * other answer go no sooner than their median, so both take the same time, within noise.
 */

/** New signups whose durations are kept: enough for a steady median, few enough to sort at once. */
export const PACE_SAMPLES = 101

export interface AnswerPace {
  /** A new signup took `ms`. */
  record(ms: number): void
  /** How long an answer that started `elapsedMs` ago still waits: the median less what it took. */
  remaining(elapsedMs: number): number
}

export const createAnswerPace = (samples = PACE_SAMPLES): AnswerPace => {
  const durations: number[] = []
  let next = 0
  return {
    record(ms) {
      if (durations.length < samples) durations.push(ms)
      else durations[next] = ms
      next = (next + 1) % samples
    },
    remaining(elapsedMs) {
      if (durations.length === 0) return 0
      const sorted = [...durations].sort((a, b) => a - b)
      return Math.max(0, sorted[Math.floor(sorted.length / 2)] - elapsedMs)
    },
  }
}

/**
 * Waits `ms` with sub-millisecond precision (a timer rounds to whole milliseconds): a timer for
 * the whole milliseconds, then turns of the event loop, which serve other requests meanwhile.
 */
export const waitPrecisely = async (ms: number, now: () => number = () => performance.now()): Promise<void> => {
  const until = now() + ms
  if (ms >= 2) await new Promise((resolve) => setTimeout(resolve, Math.floor(ms) - 1))
  while (now() < until) await new Promise((resolve) => setImmediate(resolve))
}

/**
 * With double opt-in every signup is answered "pending", and the answer's timing must not tell
 * either. Every address costs the same durable work (one commit, see the store's `repeat`), so
 * their times are alike already; what is left (a repeat whose mail is throttled writes a little
 * less, and on a serverless host a new signup's answer waits for its email's first attempt)
 * the pace takes out without shifting anything: an answer that is not a new signup waits until
 * the time that holds the same rank among new signups' recent durations as its own holds among
 * other answers'. Times of other answers are then spread as new signups' are, and an answer
 * already as slow as its rank says waits for nothing.
 */

/** Durations kept per kind of answer: enough for steady ranks, few enough to sort at once. */
export const PACE_SAMPLES = 101

export interface AnswerPace {
  /** A new signup took `ms`. */
  recordNew(ms: number): void
  /** Another answer took `ms` so far (recorded too): how much longer it waits. */
  remaining(ms: number): number
}

/** The last `size` values, kept in a ring. */
const recent = (size: number) => {
  const values: number[] = []
  let next = 0
  return {
    add(value: number): void {
      if (values.length < size) values.push(value)
      else values[next] = value
      next = (next + 1) % size
    },
    sorted: (): number[] => [...values].sort((a, b) => a - b),
  }
}

export const createAnswerPace = (samples = PACE_SAMPLES): AnswerPace => {
  const newSignups = recent(samples)
  const others = recent(samples)
  return {
    recordNew: (ms) => newSignups.add(ms),
    remaining(ms) {
      others.add(ms)
      const targets = newSignups.sorted()
      if (targets.length === 0) return 0
      const ranked = others.sorted()
      // Its rank among other answers (the middle of any ties), as a fraction in (0, 1).
      const below = ranked.filter((value) => value < ms).length
      const equal = ranked.filter((value) => value === ms).length
      const rank = (below + equal / 2) / ranked.length
      return Math.max(0, targets[Math.min(targets.length - 1, Math.floor(rank * targets.length))] - ms)
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

/**
 * With double opt-in every signup is answered "pending", and the answer's timing must not tell
 * either. Every address costs the same durable work (one commit), but not the same time: a known
 * address's link is composed and written, a throttled repeat writes less, on a serverless host a
 * new signup's answer waits for its email's first attempt. So no answer leaves when its own work
 * is done: every answer, of any kind, leaves at a time drawn from one distribution, a floor plus
 * a random jitter. The floor is a high percentile of recent answers' own work, taken for each kind
 * and the slowest kept, so an answer of any kind passes it only rarely; it follows the disk as it
 * speeds up or slows down, and never goes above a bound, so a visitor waits a few milliseconds.
 */

/** Answers of each kind kept: enough for a steady percentile, few enough to sort at once. */
export const PACE_SAMPLES = 101
/** The share of each kind's recent answers whose own work ends before the floor. */
export const PACE_PERCENTILE = 0.95
/** The floor's bound: a slow disk or a flood of slow requests holds no answer longer than this. */
export const PACE_MAX_FLOOR_MS = 100
/** Every answer waits past the floor a random time below this, so answers spread as a distribution. */
export const PACE_JITTER_MS = 2

export interface AnswerPaceOptions {
  samples?: number
  percentile?: number
  maxFloorMs?: number
  jitterMs?: number
  /** Numbers in [0, 1) for the jitter; Math.random by default. */
  random?: () => number
}

export interface AnswerPace {
  /**
   * An answer of `kind` ("new", "known", ...) took `workMs` of its own work: how much longer it
   * waits before it leaves. Its release time does not depend on its own work unless that passes the floor.
   */
  wait(kind: string, workMs: number): number
  /** The time every answer is held to now, before its jitter. */
  floor(): number
}

/** The last `size` values, kept in a ring. */
function recent(size: number) {
  const values: number[] = []
  let next = 0
  return {
    add(value: number): void {
      if (values.length < size) values.push(value)
      else values[next] = value
      next = (next + 1) % size
    },
    /** The value a share `q` (0 to 1) of the way up. */
    percentile(q: number): number {
      const sorted = [...values].sort((a, b) => a - b)
      return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
    },
  }
}

export function createAnswerPace({
  samples = PACE_SAMPLES,
  percentile = PACE_PERCENTILE,
  maxFloorMs = PACE_MAX_FLOOR_MS,
  jitterMs = PACE_JITTER_MS,
  random = Math.random,
}: AnswerPaceOptions = {}): AnswerPace {
  const kinds = new Map<string, ReturnType<typeof recent>>()
  const floor = (): number => Math.min(maxFloorMs, Math.max(0, ...[...kinds.values()].map((work) => work.percentile(percentile))))
  return {
    floor,
    wait(kind, workMs) {
      // The target comes from answers before this one: its own work moves only later answers' floor.
      const target = floor() + jitterMs * random()
      let work = kinds.get(kind)
      if (!work) kinds.set(kind, (work = recent(samples)))
      work.add(workMs)
      return Math.max(0, target - workMs)
    },
  }
}

/** The service's paces, kept as long as the process lives: one for signups' answers, one for resends'. */
export interface AnswerPaces {
  join: AnswerPace
  resend: AnswerPace
}

export function createAnswerPaces(options: AnswerPaceOptions = {}): AnswerPaces {
  return { join: createAnswerPace(options), resend: createAnswerPace(options) }
}

/**
 * Waits `ms` with sub-millisecond precision (a timer rounds to whole milliseconds): a timer for
 * the whole milliseconds, then turns of the event loop, which serve other requests meanwhile.
 */
export async function waitPrecisely(ms: number, now: () => number = () => performance.now()): Promise<void> {
  const until = now() + ms
  if (ms >= 2) await new Promise((resolve) => setTimeout(resolve, Math.floor(ms) - 1))
  while (now() < until) await new Promise((resolve) => setImmediate(resolve))
}

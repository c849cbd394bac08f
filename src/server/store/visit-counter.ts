/**
 * Counting views as they come: each view's counters are added up in memory and written in a
 * batch every few seconds (or sooner, when a batch is full), one upsert statement a batch, so a
 * flood of views costs a counter each, never a row or a commit each. A batch that cannot be
 * written stays for the next one (up to a bound, so an outage cannot eat the memory). Where memory
 * does not last between requests (serverless Functions), each view is written at once with the
 * same upsert.
 */
import type { Visit } from "../../signup/visit"
import { addCount, COUNTERS_PER_STATEMENT, countersOf, type VisitCount, type VisitStore } from "./visit-store"

/** How often waiting counts are written. */
export const VISIT_FLUSH_MS = 5_000

/** Counters kept waiting at most while the store cannot be reached; past it, new views are not counted. */
export const MAX_WAITING_COUNTERS = 4 * COUNTERS_PER_STATEMENT

export interface VisitCounter {
  /** Counts one view at `at`: at once where memory does not last, else with the next batch. */
  count(visit: Visit, at: Date): Promise<void>
  /** Writes what is waiting now (before the funnel is read, and at shutdown). */
  flush(): Promise<void>
  /** Writes what is waiting and stops the timer. */
  close(): Promise<void>
}

export interface VisitCounterOptions {
  /** Write each view at once: a serverless Function's memory is gone after the answer. */
  serverless: boolean
  flushMs?: number
  logError(message: string, error: unknown): void
}

export const createVisitCounter = (
  store: Pick<VisitStore, "addVisitCounts">,
  { serverless, flushMs = VISIT_FLUSH_MS, logError }: VisitCounterOptions,
): VisitCounter => {
  let waiting = new Map<string, VisitCount>()
  /** The batch being written, and the one queued behind it (which takes what waits when it starts). */
  let current: Promise<void> | null = null
  let next: Promise<void> | null = null
  let timer: NodeJS.Timeout | null = null

  const add = (counts: Iterable<VisitCount>): void => {
    for (const count of counts) addCount(waiting, count, MAX_WAITING_COUNTERS)
  }

  /** One batch: what waits now, written in one statement; on failure it waits again. */
  const writeBatch = async (): Promise<void> => {
    if (waiting.size === 0) return
    const batch = [...waiting.values()]
    waiting = new Map()
    try {
      await store.addVisitCounts(batch)
    } catch (error) {
      logError("visits: counts could not be written, kept for the next batch", error)
      add(batch)
    }
  }

  const start = (): Promise<void> => {
    current = writeBatch().finally(() => {
      current = null
    })
    return current
  }
  // Batches one after another, never two at once; however many ask meanwhile, one more follows.
  const flush = (): Promise<void> => {
    if (next) return next
    if (!current) return start()
    next = current.then(() => {
      next = null
      return start()
    })
    return next
  }

  return {
    async count(visit, at) {
      if (serverless) {
        await store.addVisitCounts(countersOf(visit, at))
        return
      }
      add(countersOf(visit, at))
      if (waiting.size >= COUNTERS_PER_STATEMENT) void flush()
      if (timer === null) {
        timer = setInterval(() => void flush(), flushMs)
        // Waiting counts must not keep a process alive that has nothing else to do.
        timer.unref()
      }
    },
    flush,
    async close() {
      if (timer !== null) clearInterval(timer)
      timer = null
      await flush()
    },
  }
}

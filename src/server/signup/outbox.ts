/**
 * The outbox's sender: delivers the messages the store holds (written in the same transaction as
 * the change that caused them) at least once, each with its stable id, retrying a failure with
 * backoff and jitter until it is given up on after a day and more. A crash loses nothing: a
 * claimed message that was not marked is claimed again once its lease runs out.
 */
import type { OutboxEntry, SignupStore } from "./stores/store"

/**
 * Waits after the 1st, 2nd, ... failed attempt (a hiccup passes in seconds, an outage in hours);
 * after the last, about a day and a half in all, the message is given up on.
 */
export const RETRY_DELAYS_MS = [10_000, 60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000, 24 * 60 * 60_000]

/** A claimed message is hidden from other senders this long: longer than one attempt can take. */
export const LEASE_MS = 2 * 60_000

/** When to try again after `attempts` failed attempts (spread by ±20 %), or null to give up. */
export const retryAt = (attempts: number, now: Date, random: () => number = Math.random): Date | null => {
  const delay = RETRY_DELAYS_MS[attempts - 1]
  return delay === undefined ? null : new Date(now.getTime() + delay * (0.8 + 0.4 * random()))
}

export interface OutboxSenderOptions {
  store: Pick<SignupStore, "claimDueMessages" | "markDelivered" | "markAttemptFailed">
  /** Delivers one message; throws when it did not get through. */
  deliver(entry: OutboxEntry): Promise<void>
  now?(): Date
  logError(message: string, error: unknown): void
  /** Messages claimed at a time (and sent side by side). */
  batchSize?: number
}

export interface OutboxSender {
  /** Delivers what is due now, until nothing is or `maxWaitMs` has passed; resolves with how many were delivered. */
  deliverDue(maxWaitMs?: number): Promise<number>
  /** Asks for a delivery run soon, without waiting for it (new messages were queued). */
  kick(): void
  /** Looks for due messages (retries) every `intervalMs`. */
  start(intervalMs: number): void
  /** Stops looking, and waits at most `maxWaitMs` for the run in progress. */
  stop(maxWaitMs: number): Promise<void>
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** `work`, or 0 once `maxWaitMs` has passed (the work goes on; only the waiting stops). */
const bounded = (work: Promise<number>, maxWaitMs: number): Promise<number> =>
  maxWaitMs === Number.POSITIVE_INFINITY ? work : Promise.race([work, new Promise<number>((resolve) => setTimeout(() => resolve(0), maxWaitMs).unref())])

export const createOutboxSender = ({ store, deliver, now = () => new Date(), logError, batchSize = 10 }: OutboxSenderOptions): OutboxSender => {
  let running: Promise<number> | null = null
  let again = false
  let timer: NodeJS.Timeout | null = null

  const attempt = async (entry: OutboxEntry): Promise<boolean> => {
    try {
      await deliver(entry)
    } catch (error) {
      const when = retryAt(entry.attempts, now())
      await store.markAttemptFailed(entry.id, now(), errorText(error), when)
      // Logged once recorded: the line means the retry (or the giving up) is on file.
      logError(`outbox: ${entry.kind} ${entry.messageId} failed (attempt ${entry.attempts}${when ? "" : ", given up"})`, error)
      return false
    }
    await store.markDelivered(entry.id, now())
    return true
  }

  const run = async (deadline: number): Promise<number> => {
    let delivered = 0
    do {
      again = false
      for (;;) {
        const claimed = await store.claimDueMessages(now(), batchSize, new Date(now().getTime() + LEASE_MS))
        if (claimed.length === 0) break
        const results = await Promise.all(claimed.map((entry) => attempt(entry).catch((error: unknown) => (logError("outbox: could not record an attempt", error), false))))
        delivered += results.filter(Boolean).length
        if (Date.now() >= deadline) return delivered
      }
    } while (again)
    return delivered
  }

  const deliverDue = (maxWaitMs = Number.POSITIVE_INFINITY): Promise<number> => {
    if (running) {
      // A run is on its way: it goes round once more for what was queued meanwhile.
      again = true
      return bounded(running, maxWaitMs)
    }
    running = run(Date.now() + maxWaitMs)
      .catch((error: unknown) => {
        logError("outbox: a delivery run failed", error)
        return 0
      })
      .finally(() => {
        running = null
      })
    return bounded(running, maxWaitMs)
  }

  return {
    deliverDue,
    kick: () => void deliverDue(),
    start(intervalMs) {
      timer ??= setInterval(() => void deliverDue(), intervalMs)
      timer.unref()
    },
    async stop(maxWaitMs) {
      if (timer) clearInterval(timer)
      timer = null
      if (running) await bounded(running, maxWaitMs)
    },
  }
}

/**
 * outbox/: everything that leaves the process after a change, from the store's outbox table:
 * this sender, fan-out.ts (list events to their targets), mail/ (the emails and SMTP), webhooks/
 * and providers/ (the owner's email tool).
 *
 * The outbox's sender: delivers the messages the store holds (written in the same transaction as
 * the change that caused them) at least once, each with its stable id, by the deliverer of its
 * kind (emails, list events fanned out to their targets, webhooks, email-provider calls),
 * retrying a failure on its kind's schedule, with jitter, until it is given up on. A crash loses nothing: a
 * claimed message that was not marked is claimed again once its lease runs out.
 */
import type { OutboxEntry, OutboxKind, OutboxStore } from "../store/store"

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/**
 * Every retry schedule, in one place: the waits after the 1st, 2nd, ... failed attempt of a
 * message; after the last, it is given up on.
 * - Emails, email-provider calls and the fanning out of events: a hiccup passes in seconds, an
 *   outage in hours; about a day and a half in all.
 * - Webhooks: the Standard Webhooks (Svix) schedule, at once then 5 s, 5 min, 30 min, 2 h, 5 h,
 *   10 h and 10 h.
 */
export const RETRY_SCHEDULES = {
  email: [10_000, MINUTE, 10 * MINUTE, HOUR, 6 * HOUR, 24 * HOUR],
  webhook: [5_000, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR],
} as const satisfies Record<string, readonly number[]>

/** The schedule of a kind of message. */
export const scheduleOf = (kind: OutboxKind): readonly number[] => (kind === "webhook" ? RETRY_SCHEDULES.webhook : RETRY_SCHEDULES.email)

/** The emails' schedule. */
export const RETRY_DELAYS_MS: readonly number[] = RETRY_SCHEDULES.email

/** A claimed message is hidden from other senders this long: longer than one attempt can take. */
export const LEASE_MS = 2 * 60_000

/** When to try again after `attempts` failed attempts (spread by ±20 %), or null to give up. */
export const retryAt = (attempts: number, now: Date, random: () => number = Math.random, schedule: readonly number[] = RETRY_DELAYS_MS): Date | null => {
  const delay = schedule[attempts - 1]
  return delay === undefined ? null : new Date(now.getTime() + delay * (0.8 + 0.4 * random()))
}

/** The message cannot be delivered and trying again will not help (a rejected address, a disabled endpoint): given up at once. */
export class GiveUp extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = "GiveUp"
  }
}

/** The receiver asked us to wait: the retry comes no sooner than `retryAfterMs` (and no sooner than the schedule says). */
export class RetryLater extends Error {
  readonly retryAfterMs: number | null
  constructor(message: string, retryAfterMs: number | null, options?: ErrorOptions) {
    super(message, options)
    this.name = "RetryLater"
    this.retryAfterMs = retryAfterMs
  }
}

/**
 * What the log says of a failed attempt: the kinds of failure and the remote's status codes
 * (`AddressRefused smtp 550 5.1.1`, `GiveUp ProviderRejectedError http 400`), never their
 * words. A receiving server's refusal names the address, a provider's error body may hold it:
 * the words stay in the outbox row (and the hard bounce) the owner sees.
 */
export const failureCode = (error: unknown): string => {
  const parts: string[] = []
  for (let cause = error, depth = 0; cause !== undefined && cause !== null && depth < 5; depth += 1) {
    const { name, code, responseCode, response, status } = cause as {
      name?: unknown
      code?: unknown
      responseCode?: unknown
      response?: unknown
      status?: unknown
    }
    if (typeof name === "string" && /^\w{1,40}$/.test(name)) parts.push(name)
    if (typeof code === "string" && /^[A-Z][A-Z0-9_]{1,30}$/.test(code)) parts.push(code)
    const smtp = typeof response === "string" ? /^(\d{3})(?:[ -]+([245]\.\d{1,3}\.\d{1,3})\b)?/.exec(response) : null
    if (smtp) parts.push(`smtp ${smtp[1]}${smtp[2] ? ` ${smtp[2]}` : ""}`)
    else if (typeof responseCode === "number") parts.push(`smtp ${responseCode}`)
    if (typeof status === "number") parts.push(`http ${status}`)
    cause = (cause as { cause?: unknown }).cause
  }
  return parts.length > 0 ? [...new Set(parts)].join(" ") : "an error without a name"
}

/** When a failed attempt is tried again, or null to give up. */
export const nextAttemptAfter = (entry: Pick<OutboxEntry, "kind" | "attempts">, error: unknown, now: Date, random: () => number = Math.random): Date | null => {
  if (error instanceof GiveUp) return null
  const scheduled = retryAt(entry.attempts, now, random, scheduleOf(entry.kind))
  const asked = error instanceof RetryLater && error.retryAfterMs !== null ? new Date(now.getTime() + error.retryAfterMs) : null
  return scheduled && asked && asked > scheduled ? asked : scheduled
}

/** Delivers one message (throws when it did not get through); `now` is the sender's clock. */
export type Deliver = (entry: OutboxEntry, now: Date) => Promise<void>

export interface OutboxSenderOptions {
  store: Pick<OutboxStore, "claimDueMessages" | "markDelivered" | "markAttemptFailed">
  /** Who delivers each kind of message; a kind with none waits in the outbox (emails without SMTP_URL). */
  deliverers: Partial<Record<OutboxKind, Deliver>>
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

export const createOutboxSender = ({ store, deliverers, now = () => new Date(), logError, batchSize = 10 }: OutboxSenderOptions): OutboxSender => {
  const kinds = (Object.keys(deliverers) as OutboxKind[]).filter((kind) => deliverers[kind])
  let running: Promise<number> | null = null
  let again = false
  let timer: NodeJS.Timeout | null = null

  const attempt = async (entry: OutboxEntry): Promise<boolean> => {
    try {
      const deliver = deliverers[entry.kind]
      if (!deliver) throw new Error(`no deliverer for ${entry.kind} messages`)
      await deliver(entry, now())
    } catch (error) {
      const when = nextAttemptAfter(entry, error, now())
      await store.markAttemptFailed(entry.id, now(), errorText(error), when)
      // Logged once recorded: the line means the retry (or the giving up) is on file, with the words.
      logError(`outbox: ${entry.kind} ${entry.messageId} failed (attempt ${entry.attempts}${when ? "" : ", given up"})`, failureCode(error))
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
        const claimed = await store.claimDueMessages(now(), batchSize, new Date(now().getTime() + LEASE_MS), kinds)
        if (claimed.length === 0) break
        const results = await Promise.all(
          claimed.map((entry) => attempt(entry).catch((error: unknown) => (logError("outbox: could not record an attempt", error), false))),
        )
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
    // After this turn of the event loop: the answer that queued the mail goes out first, and no
    // answer waits for (or is timed with) the sender's claim of the outbox.
    kick: () => void setImmediate(() => void deliverDue()),
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

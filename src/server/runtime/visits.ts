/**
 * The wiring of counted views: one counter per store and process (views wait in its memory for
 * their batch, or are written one by one where memory does not last), and a limit per client of
 * its own, in memory. Like the rest of the runtime, made once per process and shared on
 * globalThis (Gatsby's servers re-require a Function's bundle on every request).
 */
import { createRateLimiter, type RateLimiter } from "../http/rate-limit"
import { VISIT_BUDGET, type VisitDependencies } from "../http/visit-handler"
import type { OwnerDependencies } from "../http/owner-handler"
import type { SignupSettings } from "../settings/settings"
import { createVisitCounter, type VisitCounter } from "../store/visit-counter"
import type { SignupStore } from "../store/store"
import { once, processShared } from "./made-once"

interface SharedVisits {
  counters: Map<string, VisitCounter>
  limiters: Map<string, RateLimiter>
}

const shared = (): SharedVisits => processShared("visits", () => ({ counters: new Map(), limiters: new Map() }))

export interface VisitWiring {
  /** POST /api/visit's dependencies. */
  visits: VisitDependencies
  /** The owner's funnel: what waits to be counted is written before it is read. */
  funnel: NonNullable<OwnerDependencies["funnel"]> | null
}

/**
 * Views counted into `store` (null: nowhere to keep them) as the settings say. `storeKey` names
 * the store as the runtime knows it, so one counter serves one store per process.
 */
export const visitWiring = (
  store: SignupStore | null,
  storeKey: string,
  settings: Pick<SignupSettings, "countVisits" | "serverless" | "rateLimit" | "rateWindowMs">,
  logError: (message: string, error: unknown) => void,
): VisitWiring => {
  const { counters, limiters } = shared()
  const serverless = settings.serverless !== null
  const counter =
    store && settings.countVisits ? once(counters, JSON.stringify({ storeKey, serverless }), () => createVisitCounter(store, { serverless, logError })) : null
  const limit = settings.rateLimit * VISIT_BUDGET
  const limiter = once(limiters, JSON.stringify([limit, settings.rateWindowMs]), () => createRateLimiter(limit, settings.rateWindowMs))
  return {
    visits: { visits: counter, limiter, now: () => new Date(), logError },
    funnel: store
      ? {
          counting: counter !== null,
          read: async (now) => {
            // What this process counted and has not written yet is part of the answer.
            await counter?.flush()
            return store.funnel(now)
          },
          totals: () => store.visitTotals(),
        }
      : null,
  }
}

/** Writes the views this process counted and stops counting: at shutdown, before the store closes. */
export const closeVisitCounters = async (logError: (message: string, error: unknown) => void): Promise<void> => {
  const { counters, limiters } = shared()
  await Promise.all([...counters.values()].map((counter) => counter.close().catch((error: unknown) => logError("visits: counts lost at shutdown", error))))
  counters.clear()
  limiters.clear()
}

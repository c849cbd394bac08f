/** The timers' upkeep, shared by serve:prod and the scheduled mail:send: each logs rather than throws. */
import type { DropService } from "../drop/service"
import type { SignupSettings } from "../settings/settings"
import type { SignupStore } from "../store/store"
import { logError } from "./runtime"

/** Runs the list's retention (see store/retention.ts) and the visit counters' (store/visit-store.ts) now; logs rather than throws, for a timer. */
export const purgeStale = async (store: SignupStore, settings: Pick<SignupSettings, "retention">, now = new Date()): Promise<void> => {
  try {
    await store.purgeStale(now, settings.retention)
    await store.purgeVisitCounts(now)
  } catch (error) {
    logError("signups: could not delete what the list no longer keeps", error)
  }
}

/** Runs the drops' upkeep (see DropService's `upkeep`) now; logs rather than throws, for a timer. */
export const dropUpkeep = async (drops: DropService, now = new Date()): Promise<void> => {
  try {
    await drops.upkeep(now)
  } catch (error) {
    logError("drops: could not freeze a closed drop or pass codes on", error)
  }
}

import { windowMoments, windowPhase, type DropWindowTimes, type WindowPhase } from "../lib/drop-stage"
import { useNowAt } from "./use-now"

/**
 * Where a drop's window stands by the visitor's clock: null on the server and until mount (so the
 * server HTML and the first client render agree), then the phase, updated only when it changes.
 */
export const useWindowPhase = (window: DropWindowTimes): WindowPhase | null => {
  const now = useNowAt(windowMoments(window))
  return now === null ? null : windowPhase(window, now)
}

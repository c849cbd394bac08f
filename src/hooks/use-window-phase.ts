import { useEffect, useState } from "react"
import { windowPhase, type DropWindowTimes, type WindowPhase } from "../lib/drop-stage"

/** A timer's longest wait: browsers fire a longer one at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1

/** Milliseconds until the window's next moment after `now` (opening, closing, results); null once the results are out. */
export const untilNextPhase = ({ opensAt, closesAt, resultsAt }: DropWindowTimes, now: number): number | null => {
  const next = [opensAt, closesAt, resultsAt].map((iso) => Date.parse(iso)).find((moment) => moment > now)
  return next === undefined ? null : next - now
}

/**
 * Where a drop's window stands by the visitor's clock: null on the server and until mount (so the
 * server HTML and the first client render agree), then the phase, updated only when it changes.
 * What shows the phase alone redraws a few times a drop, not every second as a countdown does.
 */
export const useWindowPhase = (window: DropWindowTimes): WindowPhase | null => {
  const [phase, setPhase] = useState<WindowPhase | null>(null)
  const { opensAt, closesAt, resultsAt } = window
  useEffect(() => {
    const times = { opensAt, closesAt, resultsAt }
    let timer: ReturnType<typeof setTimeout> | undefined
    const update = () => {
      const now = Date.now()
      setPhase(windowPhase(times, now))
      const wait = untilNextPhase(times, now)
      if (wait !== null) timer = setTimeout(update, Math.min(wait, LONGEST_TIMER_MS))
    }
    update()
    return () => clearTimeout(timer)
  }, [opensAt, closesAt, resultsAt])
  return phase
}

import { useEffect, useState } from "react"
import { untilNextSecond } from "../lib/drop-stage"

/**
 * The clock, for display: null on the server and until mount (so the server HTML and the first
 * client render agree), then the time in milliseconds, updated on every whole second while
 * `ticking`. The clock is read here only; everything it feeds takes `now` as a parameter.
 */
export const useNow = (ticking = true): number | null => {
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    setNow(Date.now())
    if (!ticking) return
    let timer: ReturnType<typeof setTimeout>
    const tick = () => {
      const time = Date.now()
      setNow(time)
      timer = setTimeout(tick, untilNextSecond(time))
    }
    timer = setTimeout(tick, untilNextSecond(Date.now()))
    return () => clearTimeout(timer)
  }, [ticking])
  return now
}

/** A timer's longest wait: browsers fire a longer one at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1

/**
 * The clock for what changes only at known moments (a drop's opening, its close): null on the
 * server and until mount, then the time, read again as each of `moments` (ms) passes and not in
 * between, so what shows it redraws a few times a drop rather than every second.
 */
export const useNowAt = (moments: readonly number[]): number | null => {
  const [now, setNow] = useState<number | null>(null)
  // The moments as one value, so a new array of the same moments sets no new timer.
  const key = moments.join(",")
  useEffect(() => {
    const times = key === "" ? [] : key.split(",").map(Number)
    let timer: ReturnType<typeof setTimeout> | undefined
    const update = () => {
      const time = Date.now()
      setNow(time)
      const next = Math.min(...times.filter((moment) => moment > time))
      if (Number.isFinite(next)) timer = setTimeout(update, Math.min(next - time, LONGEST_TIMER_MS))
    }
    update()
    return () => clearTimeout(timer)
  }, [key])
  return now
}

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

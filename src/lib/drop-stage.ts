/**
 * Where a drop's window stands by the clock, and the time left in a few words: what the drop
 * link's stage needs (a chunk loaded once the page is idle), kept apart from the drop page's other
 * helpers (drop-schedule.ts) and from the choice of the announced drop (announced-drop.ts, in every
 * page's opening JavaScript). Time is a parameter (`now`, in milliseconds): callers read the clock.
 */
/** A drop's entry window as content/drops.json writes it: ISO 8601 instants in UTC. */
export interface DropWindowTimes {
  opensAt: string
  closesAt: string
  resultsAt: string
}

/** Where the window stands by the clock: before it opens, open, closed (results to come), results out. */
export type WindowPhase = "before" | "open" | "closed" | "results"

/** The window's moments (opening, close, results) in milliseconds: where its phase changes. */
export const windowMoments = ({ opensAt, closesAt, resultsAt }: DropWindowTimes): number[] => [opensAt, closesAt, resultsAt].map((iso) => Date.parse(iso))

export const windowPhase = ({ opensAt, closesAt, resultsAt }: DropWindowTimes, now: number): WindowPhase => {
  if (now < Date.parse(opensAt)) return "before"
  if (now < Date.parse(closesAt)) return "open"
  if (now < Date.parse(resultsAt)) return "closed"
  return "results"
}

export interface CountdownParts {
  days: number
  hours: number
  minutes: number
  seconds: number
}

/**
 * The time left in whole days, hours, minutes and seconds, rounded up to the next second: the
 * countdown reads 00:00:01 until the very moment, never 00:00:00 while the window is still shut.
 */
export const countdownParts = (millisecondsLeft: number): CountdownParts => {
  const total = Math.max(0, Math.ceil(millisecondsLeft / 1000))
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  }
}

/** Two digits at least, as a countdown shows them: 7 -> "07", 120 -> "120". */
export const twoDigits = (value: number): string => String(value).padStart(2, "0")

/** Milliseconds until the clock's next whole second, so a ticking countdown changes with the second. */
export const untilNextSecond = (now: number): number => 1000 - (((now % 1000) + 1000) % 1000)

export interface CompactUnits {
  days: string
  hours: string
  minutes: string
}

/**
 * The time left in two units at most, rounded up to the minute, for where there is little room
 * (the drop link, the phone's bar): "6d 4h", "3h 05m", "12m"; "1m" in the last minute.
 */
export const compactCountdown = (millisecondsLeft: number, units: CompactUnits): string => {
  const { days, hours, minutes } = countdownParts(Math.ceil(Math.max(0, millisecondsLeft) / 60_000) * 60_000)
  if (days > 0) return `${days}${units.days} ${hours}${units.hours}`
  if (hours > 0) return `${hours}${units.hours} ${twoDigits(minutes)}${units.minutes}`
  return `${Math.max(1, minutes)}${units.minutes}`
}

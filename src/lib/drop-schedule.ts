/**
 * The drop page's plain helpers: where a drop's entry window stands at a given moment, the
 * countdown's numbers and the bonus-ticket sentence from a drop's numbers (times are written by
 * dates.ts). Time is a parameter (`now`, in milliseconds): callers read the clock.
 */
import { maxTickets, type BonusRule } from "../drop/tickets"
import { fillTemplate } from "./template"

/** A drop's entry window as content/drops.json writes it: ISO 8601 instants in UTC. */
export interface DropWindowTimes {
  opensAt: string
  closesAt: string
  resultsAt: string
}

/** Where the window stands by the clock: before it opens, open, closed (results to come), results out. */
export type WindowPhase = "before" | "open" | "closed" | "results"

export const windowPhase = ({ opensAt, closesAt, resultsAt }: DropWindowTimes, now: number): WindowPhase => {
  if (now < Date.parse(opensAt)) return "before"
  if (now < Date.parse(closesAt)) return "open"
  if (now < Date.parse(resultsAt)) return "closed"
  return "results"
}

/** What the countdown counts down to in each phase; nothing once the results are out. */
export const countdownTarget = (window: DropWindowTimes, now: number): { phase: WindowPhase; target: number | null } => {
  const phase = windowPhase(window, now)
  const target = { before: window.opensAt, open: window.closesAt, closed: window.resultsAt, results: null }[phase]
  return { phase, target: target === null ? null : Date.parse(target) }
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

export interface CountdownWords {
  days: string
  hours: string
  minutes: string
  seconds: string
}

/** The countdown as one line of text, for screen readers and tests: "02 days 03 hours 04 min 05 sec". */
export const countdownText = (parts: CountdownParts, words: CountdownWords): string =>
  (["days", "hours", "minutes", "seconds"] as const).map((unit) => `${twoDigits(parts[unit])} ${words[unit]}`).join(" ")

/** Milliseconds until the clock's next whole second, so a ticking countdown changes with the second. */
export const untilNextSecond = (now: number): number => 1000 - (((now % 1000) + 1000) % 1000)

/** The bonus-ticket sentence for a drop's numbers, or the no-bonus sentence when referrals add none. */
export const bonusSentence = (rule: BonusRule, copy: { bonus: string; noBonus: string }): string => {
  if (rule.ticketsPerReferral === 0 || rule.maxBonusTickets === 0) return copy.noBonus
  return fillTemplate(copy.bonus, {
    perReferral: String(rule.ticketsPerReferral),
    maxBonus: String(rule.maxBonusTickets),
    maxTickets: String(maxTickets(rule)),
  })
}

/** Drops by their window, the newest (latest opening) first. */
export const newestFirst = <Drop extends { opensAt: string }>(drops: readonly Drop[]): Drop[] =>
  [...drops].sort((a, b) => Date.parse(b.opensAt) - Date.parse(a.opensAt))

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

/** The one thing a visitor can do about a drop now: join the list, enter the draw, or see that their entry is in (its size key). */
export type VisitorAction = { kind: "join" } | { kind: "enter" } | { kind: "entered"; size: string } | null

/**
 * The action for the visitor's stage. `entry` is what their status link says of their entry:
 * undefined when the page has no link (a visitor not known), null when they are on the list and
 * have not entered. Before the opening only people not known to be on the list have something to do.
 */
export const visitorAction = (phase: WindowPhase, entry: { size: string } | null | undefined): VisitorAction => {
  if (entry && (phase === "open" || phase === "closed")) return { kind: "entered", size: entry.size }
  if (phase === "before") return entry === undefined ? { kind: "join" } : null
  if (phase === "open") return { kind: "enter" }
  return null
}

/** The drop the header, menu and footer name: the newest of those announced (drops.json, announcement), or null. */
export const announcedDrop = <Drop extends { opensAt: string; announcement: { show: boolean } }>(drops: readonly Drop[]): Drop | null =>
  newestFirst(drops.filter((drop) => drop.announcement.show))[0] ?? null

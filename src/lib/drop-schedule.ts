/**
 * The drop page's plain helpers: what the countdown counts down to and its words, the action for
 * the visitor's stage and the bonus-ticket sentence from a drop's numbers (times are written by
 * dates.ts, the window's stage by drop-stage.ts). Time is a parameter (`now`, in milliseconds):
 * callers read the clock.
 */
import { maxTickets, type BonusRule } from "../drop/tickets"
import { twoDigits, windowPhase, type CountdownParts, type DropWindowTimes, type WindowPhase } from "./drop-stage"
import { fillTemplate } from "../signup/template"

/** What the countdown counts down to in each phase; nothing once the results are out. */
export const countdownTarget = (window: DropWindowTimes, now: number): { phase: WindowPhase; target: number | null } => {
  const phase = windowPhase(window, now)
  const target = { before: window.opensAt, open: window.closesAt, closed: window.resultsAt, results: null }[phase]
  return { phase, target: target === null ? null : Date.parse(target) }
}

export interface CountdownWords {
  days: string
  hours: string
  minutes: string
  seconds: string
}

/** The countdown as one line of text, for screen readers and tests: "02 days 03 hours 04 min 05 sec". */
export const countdownText = (parts: CountdownParts, words: CountdownWords): string =>
  (["days", "hours", "minutes", "seconds"] as const).map((unit) => `${twoDigits(parts[unit])} ${words[unit]}`).join(" ")

/** The bonus-ticket sentence for a drop's numbers, or the no-bonus sentence when referrals add none. */
export const bonusSentence = (rule: BonusRule, copy: { bonus: string; noBonus: string }): string => {
  if (rule.ticketsPerReferral === 0 || rule.maxBonusTickets === 0) return copy.noBonus
  return fillTemplate(copy.bonus, {
    perReferral: String(rule.ticketsPerReferral),
    maxBonus: String(rule.maxBonusTickets),
    maxTickets: String(maxTickets(rule)),
  })
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

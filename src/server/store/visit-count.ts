/** A visit counter's shape, below visit-store.ts and visit-links.ts, which both write counters. */

/** What a counter counts views by: all of them, the page, and a landing's origins. */
export const VISIT_DIMENSIONS = ["all", "path", "source", "campaign", "referrer", "ref"] as const
export type VisitDimension = (typeof VISIT_DIMENSIONS)[number]

/** A counter's period: a UTC day ("2026-11-23") or hour ("2026-11-23T14"). */
export type VisitPeriod = "day" | "hour"

/** One counter and what a batch adds to it. */
export interface VisitCount {
  period: VisitPeriod
  starts: string
  dimension: VisitDimension
  /** The page, source, campaign, host or code; "" for `all`, and for a landing that came with none. */
  name: string
  views: number
  landings: number
}

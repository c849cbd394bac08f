/**
 * The launch funnel, as the store reads it, GET /api/owner/funnel answers it and `signups:stats`
 * prints it: one declaration for the server that writes it and the owner's page that reads it.
 * docs/owner.md defines each figure.
 */
import { fillTemplate } from "./template"

/**
 * Counts from 1 to SMALL_COUNT - 1 are shown as "fewer than SMALL_COUNT" (in content's words), so
 * a quiet hour or a small campaign singles nobody out; a rate on such a count is not shown.
 */
export const SMALL_COUNT = 5

/** Hours the hourly series covers, the current hour last. */
export const FUNNEL_HOURS = 48
/** UTC days the daily series covers, today last. */
export const FUNNEL_DAYS = 30
/** Rows per breakdown (sources, campaigns, referring sites, referral links). */
export const FUNNEL_LIMIT = 20

/**
 * The funnel's steps, in order: visits (arrivals from outside the site), signups, confirmed
 * signups, friends referred (confirmed friends credited to a referral link), drop entries, and
 * drop winners who redeemed their code.
 */
export const FUNNEL_STEPS = ["visits", "signups", "confirmed", "referred", "entered", "redeemed"] as const
export type FunnelStep = (typeof FUNNEL_STEPS)[number]
export type StepCounts = Record<FunnelStep, number>

/** Each step's count over the one before it; null for the first step, or where the step before counted none. */
export type StepRates = Record<FunnelStep, number | null>

/** One hour ("2026-11-23T14", UTC) or day ("2026-11-23"): views counted beside the steps. */
export interface FunnelPeriod extends StepCounts {
  starts: string
  /** Page views: every page shown, landings and moves within the site and reloads alike. */
  views: number
}

/** Signups by one attribution (a source, campaign or referring site), and the visits that came with it. */
export interface FunnelBreakdown {
  /** "" for the visits and signups that came with none. */
  name: string
  visits: number
  signups: number
  confirmed: number
}

/** A referral link: visits through it in the last FUNNEL_DAYS days, the friends who signed up and confirmed with it. */
export interface FunnelLink {
  code: string
  visits: number
  signups: number
  confirmed: number
}

/** The steps in a stretch of time now, and the same stretch a day before. */
export interface FunnelNow {
  today: StepCounts
  sameTimeYesterday: StepCounts
  lastHour: StepCounts
  lastHourYesterday: StepCounts
}

export interface Funnel {
  /** Every step since counting began; visits within what is kept (VISIT_COUNT_MONTHS). */
  total: StepCounts & { views: number }
  now: FunnelNow
  /** The last FUNNEL_HOURS hours, oldest first, the current one last. */
  hours: FunnelPeriod[]
  /** The last FUNNEL_DAYS UTC days, oldest first, today last. */
  days: FunnelPeriod[]
  /** Visits kept and signups since the start, by attribution, the most visited first. */
  sources: FunnelBreakdown[]
  campaigns: FunnelBreakdown[]
  referrers: FunnelBreakdown[]
  /** The most visited referral links of the last FUNNEL_DAYS days. */
  links: FunnelLink[]
  /** People on the list whose link brought at least one visit in the last FUNNEL_DAYS days, and everyone on the list. */
  sharing: { links: number; people: number }
  /** Friends referred per confirmed signup, over the last FUNNEL_DAYS days; null before anyone confirmed. */
  viralCoefficient: number | null
}

/** What GET /api/owner/funnel answers. */
export interface FunnelAnswer extends Funnel {
  generatedAt: string
  dayZone: "UTC"
  /** Whether views are being counted here (VISIT_COUNTING). */
  counting: boolean
  /** SMALL_COUNT: the UI shows counts below it as "fewer than" it. */
  smallCount: number
}

/** No step counted: the sum's start. */
export const noSteps = (): StepCounts => ({ visits: 0, signups: 0, confirmed: 0, referred: 0, entered: 0, redeemed: 0 })

/** `part` over `whole`; null when `whole` is 0. */
export const rate = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null)

/** Each step over the one before it. */
export const stepRates = (counts: StepCounts): StepRates => {
  const rates = {} as StepRates
  FUNNEL_STEPS.forEach((step, index) => {
    rates[step] = index === 0 ? null : rate(counts[step], counts[FUNNEL_STEPS[index - 1]])
  })
  return rates
}

/** Whether a count is too small to show as itself (1 to SMALL_COUNT - 1). */
export const isSmallCount = (count: number, smallCount = SMALL_COUNT): boolean => count > 0 && count < smallCount

/**
 * A count as the owner reads it: the number, or for a small one the words of `fewerThan` (from
 * content, like "fewer than {count}") with the limit in place of {count}. `format` writes a number.
 */
export const countText = (count: number, fewerThan: string, format: (count: number) => string = String, smallCount = SMALL_COUNT): string =>
  isSmallCount(count, smallCount) ? fillTemplate(fewerThan, { count: format(smallCount) }) : format(count)

/** A rate as the owner reads it, or null (shown as a dash) when either count is small or there is none. */
export const shownRate = (part: number, whole: number, smallCount = SMALL_COUNT): number | null =>
  isSmallCount(part, smallCount) || isSmallCount(whole, smallCount) ? null : rate(part, whole)

/** Numbers, days and times on the owner's page: for people, in the owner's own locale and time zone, dates as everywhere (dates.ts). */
import { formatDateTime, formatDay } from "./dates"

/** Part of a whole as a fraction, or null when there is no whole. */
export const share = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null)

export interface Formats {
  count(value: number): string
  percent(value: number | null): string
  /** A ratio to two decimals at most: "1.25". */
  decimal(value: number): string
  /** A UTC day ("2026-11-23"): "Mon 23 Nov". */
  day(day: string): string
  /** An instant in the owner's time zone: "Mon 23 Nov, 19:05 GMT+1". */
  time(iso: string): string
  /** How long before `now` an instant was, in the largest whole unit: "3 hours ago". */
  age(iso: string, now: string): string
}

const AGE_UNITS = [
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
] as const

/**
 * Formats for `locale` and `timeZone` (undefined: the browser's), the year left out of dates in
 * the year of `now`. Made in the browser, after mount, so they follow the owner's settings.
 */
export const makeFormats = (locale?: string, timeZone?: string, now?: number): Formats => {
  const count = new Intl.NumberFormat(locale)
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 })
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })
  const resolved = new Intl.DateTimeFormat(locale, { timeZone }).resolvedOptions()
  const dates = { language: resolved.locale, timeZone: resolved.timeZone, now }
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: "always" })
  return {
    count: (value) => count.format(value),
    percent: (value) => (value === null ? "–" : percent.format(value)),
    decimal: (value) => decimal.format(value),
    day: (value) => formatDay(value, dates),
    time: (value) => formatDateTime(value, dates),
    age: (value, now) => {
      const seconds = Math.max(0, (Date.parse(now) - Date.parse(value)) / 1000)
      const [unit, size] = AGE_UNITS.find(([, length]) => seconds >= length) ?? AGE_UNITS[2]
      return relative.format(-Math.floor(seconds / size), unit)
    },
  }
}

/** The count axis: a round top at or above `max`, in at most `ticks` steps of 1, 2 or 5 times a power of ten. */
export const countAxis = (max: number, ticks = 4): number[] => {
  if (max <= 0) return [0, 1]
  const rough = max / ticks
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power
  const wholeStep = Math.max(1, step)
  const top = Math.ceil(max / wholeStep) * wholeStep
  return Array.from({ length: Math.round(top / wholeStep) + 1 }, (_, index) => index * wholeStep)
}

/** Numbers, days and times on the owner's page: for people, in the owner's own locale and time zone. */

/** Part of a whole as a fraction, or null when there is no whole. */
export const share = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null)

export interface Formats {
  count(value: number): string
  percent(value: number | null): string
  /** A UTC day ("2026-11-23"), short: "Nov 23". */
  day(day: string): string
  /** A UTC day, long, for tables: "Mon, Nov 23". */
  dayLong(day: string): string
  /** An instant in the owner's time zone: "Nov 23, 2026, 7:05 PM". */
  time(iso: string): string
  /** How long before `now` an instant was, in the largest whole unit: "3 hours ago". */
  age(iso: string, now: string): string
}

const AGE_UNITS = [
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
] as const

const utcMidnight = (day: string): Date => new Date(`${day}T00:00:00.000Z`)

/** Formats for `locale` (undefined: the browser's). Made in the browser, after mount, so they follow the owner's settings. */
export const makeFormats = (locale?: string, timeZone?: string): Formats => {
  const count = new Intl.NumberFormat(locale)
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 })
  const day = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" })
  const dayLong = new Intl.DateTimeFormat(locale, { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" })
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone })
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: "always" })
  return {
    count: (value) => count.format(value),
    percent: (value) => (value === null ? "–" : percent.format(value)),
    day: (value) => day.format(utcMidnight(value)),
    dayLong: (value) => dayLong.format(utcMidnight(value)),
    time: (value) => time.format(new Date(value)),
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

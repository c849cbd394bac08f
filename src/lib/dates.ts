/**
 * How the site writes dates and times for people, on every page: one format, "Fri 4 Dec, 17:00 CET".
 * Weekday, day and month, then the time on a 24-hour clock with its zone named; the year only
 * when it is not the reader's current year, or when the reader's clock is not known yet (the
 * server HTML, read before the page runs). A day alone reads "Wed 25 Nov 2026".
 */

export interface DateOptions {
  /** The site's language, for the names of days and months ("en"). */
  language: string
  /** The reader's time zone (IANA, like "Europe/Berlin"); UTC until the page knows it. */
  timeZone?: string
  /** The reader's clock (ms since 1970): the year is left out when it is this one. Unknown: always written. */
  now?: number
}

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>

// A formatter is costly to make (a page writes the same few kinds of date many times): one per kind, made when first needed.
const formatters = new Map<string, Intl.DateTimeFormat>()

const formatterFor = (language: string, timeZone: string, withTime: boolean): Intl.DateTimeFormat => {
  const key = `${language} ${timeZone} ${withTime}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language, {
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone,
      ...(withTime ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" } : {}),
    })
    formatters.set(key, formatter)
  }
  return formatter
}

const partsOf = (date: Date, language: string, timeZone: string, withTime: boolean): Parts =>
  Object.fromEntries(
    formatterFor(language, timeZone, withTime)
      .formatToParts(date)
      .map(({ type, value }) => [type, value]),
  )

/** " 2026", or nothing when `now` falls in the same year in that zone. */
const yearPart = (parts: Parts, language: string, timeZone: string, now: number | undefined): string =>
  now !== undefined && partsOf(new Date(now), language, timeZone, false).year === parts.year ? "" : ` ${parts.year}`

/** An instant, like "Fri 4 Dec, 17:00 CET" (or "Fri 4 Dec 2026, 17:00 UTC" before the page knows the reader's clock). */
export function formatDateTime(iso: string, { language, timeZone = "UTC", now }: DateOptions): string {
  const parts = partsOf(new Date(iso), language, timeZone, true)
  return `${parts.weekday} ${parts.day} ${parts.month}${yearPart(parts, language, timeZone, now)}, ${parts.hour}:${parts.minute} ${parts.timeZoneName}`
}

/** A calendar day written as "2026-11-25" (a UTC day), like "Wed 25 Nov 2026", or "Wed 25 Nov" in the reader's current year. */
export function formatDay(day: string, { language, now }: Omit<DateOptions, "timeZone">): string {
  const parts = partsOf(new Date(`${day}T00:00:00.000Z`), language, "UTC", false)
  return `${parts.weekday} ${parts.day} ${parts.month}${yearPart(parts, language, "UTC", now)}`
}

/** The reader's time zone; the browser's only (undefined in server rendering, where the page speaks UTC). */
export function readerTimeZone(): string | undefined {
  return typeof window === "undefined" ? undefined : Intl.DateTimeFormat().resolvedOptions().timeZone
}

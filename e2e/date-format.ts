// The site's one way of writing dates (src/lib/dates.ts), and a finder for dates written any other way.

const WEEKDAY = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)"
const MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
const ZONE = "(?:UTC|GMT(?:[+-]\\d{1,2}(?::\\d{2})?)?|[A-Z]{2,5})"

/** "Fri 4 Dec", "Wed 25 Nov 2026", "Fri 4 Dec, 17:00 GMT+1", "Fri 4 Dec 2026, 17:00 UTC". */
export const ONE_FORMAT = new RegExp(`\\b${WEEKDAY} \\d{1,2} ${MONTH}(?: \\d{4})?(?:, \\d{2}:\\d{2} ${ZONE})?(?![\\w:])`, "g")

const MONTH_NAME = "(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\\.?"

/** Dates as people write them in other ways: a day beside a month's name, a month beside a year, numbers, a 12-hour clock. */
const OTHER_WAYS = [
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)? (?:of )?${MONTH_NAME}(?!\\w)`, "g"),
  new RegExp(`\\b${MONTH_NAME} \\d{1,2}(?:st|nd|rd|th)?\\b`, "g"),
  new RegExp(`\\b${MONTH_NAME},? \\d{4}\\b`, "g"),
  /\b\d{4}-\d{2}-\d{2}\b/g,
  /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g,
  /\b\d{1,2}(?::\d{2})? ?(?:AM|PM)\b/g,
]

/** The dates in `text` that are not written in the site's one format. */
export const datesWrittenOtherwise = (text: string): string[] => {
  const rest = text.replace(ONE_FORMAT, " ")
  return OTHER_WAYS.flatMap((pattern) => rest.match(pattern) ?? [])
}

/** The dates in `text` written in the site's one format. */
export const datesInOneFormat = (text: string): string[] => text.match(ONE_FORMAT) ?? []

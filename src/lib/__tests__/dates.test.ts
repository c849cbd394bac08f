import { formatDateTime, formatDay } from "../dates"

const OPENS = "2026-12-04T17:00:00Z"
const IN_2026 = Date.parse("2026-11-27T10:00:00Z")
const IN_2027 = Date.parse("2027-01-02T10:00:00Z")

describe("formatDateTime", () => {
  it("writes an instant with its weekday, day, month, 24-hour time and named zone", () => {
    expect(formatDateTime(OPENS, { language: "en", timeZone: "UTC", now: IN_2026 })).toBe("Fri 4 Dec, 17:00 UTC")
    expect(formatDateTime("2026-12-05T08:05:00Z", { language: "en", timeZone: "UTC", now: IN_2026 })).toBe("Sat 5 Dec, 08:05 UTC")
  })

  it("writes it in the reader's time zone, naming the zone, and moves the day when the zone does", () => {
    expect(formatDateTime(OPENS, { language: "en", timeZone: "Europe/Berlin", now: IN_2026 })).toBe("Fri 4 Dec, 18:00 GMT+1")
    expect(formatDateTime(OPENS, { language: "en", timeZone: "America/New_York", now: IN_2026 })).toBe("Fri 4 Dec, 12:00 EST")
    expect(formatDateTime(OPENS, { language: "en", timeZone: "Asia/Tokyo", now: IN_2026 })).toBe("Sat 5 Dec, 02:00 GMT+9")
    expect(formatDateTime(OPENS, { language: "en", timeZone: "Asia/Kolkata", now: IN_2026 })).toBe("Fri 4 Dec, 22:30 GMT+5:30")
  })

  it("writes the year when it is not the reader's, or when the reader's clock is unknown (the server HTML, in UTC)", () => {
    expect(formatDateTime(OPENS, { language: "en", timeZone: "UTC", now: IN_2027 })).toBe("Fri 4 Dec 2026, 17:00 UTC")
    expect(formatDateTime(OPENS, { language: "en" })).toBe("Fri 4 Dec 2026, 17:00 UTC")
  })

  it("judges the current year in the reader's zone: New Year's Eve in New York is still last year there", () => {
    const newYearUtc = Date.parse("2027-01-01T02:00:00Z")
    expect(formatDateTime("2026-12-31T23:00:00Z", { language: "en", timeZone: "America/New_York", now: newYearUtc })).toBe("Thu 31 Dec, 18:00 EST")
    expect(formatDateTime("2026-12-31T23:00:00Z", { language: "en", timeZone: "UTC", now: newYearUtc })).toBe("Thu 31 Dec 2026, 23:00 UTC")
  })

  it("takes the names of days and months from the site's language, in the same order", () => {
    expect(formatDateTime(OPENS, { language: "de", timeZone: "Europe/Berlin", now: IN_2026 })).toBe("Fr. 4 Dez., 18:00 MEZ")
  })
})

describe("formatDay", () => {
  it("writes a calendar day in the same format, without a time", () => {
    expect(formatDay("2026-11-25", { language: "en" })).toBe("Wed 25 Nov 2026")
    expect(formatDay("2026-11-25", { language: "en", now: IN_2026 })).toBe("Wed 25 Nov")
    expect(formatDay("2026-11-25", { language: "en", now: IN_2027 })).toBe("Wed 25 Nov 2026")
  })

  it("reads the day as a UTC day, whatever the machine's zone", () => {
    expect(formatDay("2026-01-01", { language: "en" })).toBe("Thu 1 Jan 2026")
  })
})

import { countAxis, makeFormats, share } from "../owner-format"

describe("the owner's page's numbers", () => {
  it("formats counts and rates for people, in the locale asked for", () => {
    const en = makeFormats("en-US", "UTC")
    expect(en.count(12480)).toBe("12,480")
    expect(en.percent(share(2249, 2623))).toBe("85.7%")
    expect(en.percent(share(0, 0))).toBe("–")
    expect(makeFormats("de-DE", "UTC").count(12480)).toBe("12.480")
  })

  it("names UTC days as UTC days, and instants in the owner's time zone, in the site's one date format", () => {
    const formats = makeFormats("en-US", "America/Los_Angeles", Date.parse("2026-11-25T12:00:00Z"))
    // 2026-11-23 is the 23rd in UTC, wherever the owner is.
    expect(formats.day("2026-11-23")).toBe("Mon 23 Nov")
    // 02:30 UTC on the 23rd is still the evening of the 22nd in Los Angeles.
    expect(formats.time("2026-11-23T02:30:00.000Z")).toBe("Sun 22 Nov, 18:30 PST")
    // Another year is written out.
    expect(formats.day("2025-11-23")).toBe("Sun 23 Nov 2025")
  })

  it("says how old an instant is in the largest whole unit, for the last backup", () => {
    const formats = makeFormats("en-US", "UTC")
    const now = "2026-11-25T12:00:00.000Z"
    expect(formats.age("2026-11-25T11:59:30.000Z", now)).toBe("0 minutes ago")
    expect(formats.age("2026-11-25T11:35:00.000Z", now)).toBe("25 minutes ago")
    expect(formats.age("2026-11-25T09:10:00.000Z", now)).toBe("2 hours ago")
    expect(formats.age("2026-11-22T12:00:00.000Z", now)).toBe("3 days ago")
  })

  it("puts round numbers on the count axis, reaching at least the highest day", () => {
    expect(countAxis(0)).toEqual([0, 1])
    expect(countAxis(3)).toEqual([0, 1, 2, 3])
    expect(countAxis(131)).toEqual([0, 50, 100, 150])
    expect(countAxis(12480)).toEqual([0, 5000, 10000, 15000])
    for (const max of [1, 7, 19, 99, 101, 999, 123456]) {
      const ticks = countAxis(max)
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max)
      expect(ticks.length).toBeLessThanOrEqual(6)
    }
  })
})

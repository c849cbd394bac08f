import { bonusSentence, countdownTarget, countdownText, visitorAction } from "../drop-schedule"
import { announcedDrop, newestFirst } from "../announced-drop"
import { compactCountdown, countdownParts, twoDigits, untilNextSecond, windowPhase } from "../drop-stage"

const WINDOW = { opensAt: "2026-12-04T17:00:00Z", closesAt: "2026-12-06T17:00:00Z", resultsAt: "2026-12-07T17:00:00Z" }
const at = (iso: string): number => Date.parse(iso)
const SECOND = 1000

describe("windowPhase: where the window stands at a moment", () => {
  it.each([
    ["a day before it opens", "2026-12-03T17:00:00Z", "before"],
    ["a millisecond before it opens", "2026-12-04T16:59:59.999Z", "before"],
    ["the moment it opens", "2026-12-04T17:00:00Z", "open"],
    ["a millisecond before it closes", "2026-12-06T16:59:59.999Z", "open"],
    ["the moment it closes", "2026-12-06T17:00:00Z", "closed"],
    ["the moment the results are out", "2026-12-07T17:00:00Z", "results"],
    ["a year later", "2027-12-07T17:00:00Z", "results"],
  ])("%s: %s is %s", (_when, now, phase) => {
    expect(windowPhase(WINDOW, at(now))).toBe(phase)
  })

  it("goes from closed straight to the results when they come at the close", () => {
    const sameMoment = { ...WINDOW, resultsAt: WINDOW.closesAt }
    expect(windowPhase(sameMoment, at("2026-12-06T16:59:59Z"))).toBe("open")
    expect(windowPhase(sameMoment, at("2026-12-06T17:00:00Z"))).toBe("results")
  })
})

describe("countdownTarget: the next moment to count down to", () => {
  it("counts to the opening, then the closing, then the results, then to nothing", () => {
    expect(countdownTarget(WINDOW, at("2026-12-01T00:00:00Z"))).toEqual({ phase: "before", target: at(WINDOW.opensAt) })
    expect(countdownTarget(WINDOW, at("2026-12-05T00:00:00Z"))).toEqual({ phase: "open", target: at(WINDOW.closesAt) })
    expect(countdownTarget(WINDOW, at("2026-12-06T18:00:00Z"))).toEqual({ phase: "closed", target: at(WINDOW.resultsAt) })
    expect(countdownTarget(WINDOW, at("2026-12-08T00:00:00Z"))).toEqual({ phase: "results", target: null })
  })
})

describe("countdownParts and countdownText: the time left as the countdown shows it", () => {
  it("splits the time left into days, hours, minutes and seconds", () => {
    const left = at(WINDOW.opensAt) - at("2026-12-02T13:55:50Z")
    expect(countdownParts(left)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 10 })
  })

  it("rounds up to the next whole second, so it never reads zero before the moment", () => {
    expect(countdownParts(1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 })
    expect(countdownParts(999)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 })
    expect(countdownParts(1000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 })
    expect(countdownParts(1001)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 2 })
    expect(countdownParts(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 })
    expect(countdownParts(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 })
  })

  it("ticks one second per second across a minute, an hour and a day", () => {
    const target = at(WINDOW.opensAt)
    const reads = [0, 1, 2].map((step) =>
      countdownText(countdownParts(target - (at("2026-12-03T16:59:59Z") + step * SECOND)), { days: "d", hours: "h", minutes: "m", seconds: "s" }),
    )
    expect(reads).toEqual(["01 d 00 h 00 m 01 s", "01 d 00 h 00 m 00 s", "00 d 23 h 59 m 59 s"])
  })

  it("writes the countdown in the content's words, two digits at least", () => {
    const words = { days: "days", hours: "hours", minutes: "min", seconds: "sec" }
    expect(countdownText({ days: 2, hours: 3, minutes: 4, seconds: 5 }, words)).toBe("02 days 03 hours 04 min 05 sec")
    expect(countdownText({ days: 120, hours: 23, minutes: 59, seconds: 59 }, words)).toBe("120 days 23 hours 59 min 59 sec")
    expect([0, 7, 10, 100].map(twoDigits)).toEqual(["00", "07", "10", "100"])
  })

  it("waits for the next whole second between ticks", () => {
    expect(untilNextSecond(at("2026-12-04T17:00:00.000Z"))).toBe(1000)
    expect(untilNextSecond(at("2026-12-04T17:00:00.250Z"))).toBe(750)
    expect(untilNextSecond(at("2026-12-04T17:00:00.999Z"))).toBe(1)
  })
})

describe("bonusSentence: the bonus rule in words, from the drop's numbers", () => {
  const copy = {
    bonus: "Each friend adds {perReferral}, up to {maxBonus}, so an entry holds at most {maxTickets} tickets.",
    noBonus: "Every entry holds one ticket.",
  }

  it.each([
    [{ ticketsPerReferral: 1, maxBonusTickets: 3 }, "Each friend adds 1, up to 3, so an entry holds at most 4 tickets."],
    [{ ticketsPerReferral: 2, maxBonusTickets: 5 }, "Each friend adds 2, up to 5, so an entry holds at most 6 tickets."],
    [{ ticketsPerReferral: 10, maxBonusTickets: 20 }, "Each friend adds 10, up to 20, so an entry holds at most 21 tickets."],
  ])("fills in %j", (rule, sentence) => {
    expect(bonusSentence(rule, copy)).toBe(sentence)
  })

  it("says there is no bonus when referrals add nothing or nothing may be added", () => {
    expect(bonusSentence({ ticketsPerReferral: 0, maxBonusTickets: 3 }, copy)).toBe(copy.noBonus)
    expect(bonusSentence({ ticketsPerReferral: 1, maxBonusTickets: 0 }, copy)).toBe(copy.noBonus)
  })
})

describe("newestFirst", () => {
  it("puts the drop whose window opens last first, leaving the list as it was", () => {
    const drops = [
      { id: "a", opensAt: "2026-12-04T17:00:00Z" },
      { id: "c", opensAt: "2027-03-01T12:00:00Z" },
      { id: "b", opensAt: "2027-01-10T12:00:00Z" },
    ]
    expect(newestFirst(drops).map(({ id }) => id)).toEqual(["c", "b", "a"])
    expect(drops.map(({ id }) => id)).toEqual(["a", "c", "b"])
  })
})

describe("compactCountdown: the time left where there is little room", () => {
  const units = { days: "d", hours: "h", minutes: "m" }
  const MINUTE = 60 * SECOND
  it.each([
    ["six days and four hours", 6 * 86_400 * SECOND + 4 * 3_600 * SECOND, "6d 4h"],
    ["a day and a second: the minute rounds up, the hours stay", 86_400 * SECOND + SECOND, "1d 0h"],
    ["three hours and five minutes", 3 * 3_600 * SECOND + 5 * MINUTE, "3h 05m"],
    ["twelve minutes", 12 * MINUTE, "12m"],
    ["eleven minutes and a second, rounded up", 11 * MINUTE + SECOND, "12m"],
    ["the last second", SECOND, "1m"],
    ["nothing left", 0, "1m"],
  ])("%s: %s", (_what, left, text) => {
    expect(compactCountdown(left, units)).toBe(text)
  })
})

describe("visitorAction: the one action for the visitor's stage", () => {
  const entry = { size: "hoodie/M" }
  it.each([
    ["a visitor not known, before the opening", "before", undefined, { kind: "join" }],
    ["someone on the list, before the opening", "before", null, null],
    ["a visitor not known, while entries are open", "open", undefined, { kind: "enter" }],
    ["someone on the list who has not entered, while open", "open", null, { kind: "enter" }],
    ["someone whose entry is in, while open", "open", entry, { kind: "entered", size: "hoodie/M" }],
    ["someone whose entry is in, after the close", "closed", entry, { kind: "entered", size: "hoodie/M" }],
    ["a visitor not known, after the close", "closed", undefined, null],
    ["anyone once the results are out", "results", entry, null],
  ] as const)("%s", (_who, phase, visitorEntry, action) => {
    expect(visitorAction(phase, visitorEntry)).toEqual(action)
  })
})

describe("announcedDrop", () => {
  const drop = (id: string, opensAt: string, show: boolean) => ({ id, opensAt, announcement: { show } })
  it("is the newest drop announced, passing over newer ones that are not", () => {
    const drops = [drop("a", "2026-12-04T17:00:00Z", true), drop("b", "2027-01-10T12:00:00Z", true), drop("c", "2027-03-01T12:00:00Z", false)]
    expect(announcedDrop(drops)?.id).toBe("b")
  })
  it("is null when no drop is announced", () => {
    expect(announcedDrop([drop("a", "2026-12-04T17:00:00Z", false)])).toBeNull()
    expect(announcedDrop([])).toBeNull()
  })
})

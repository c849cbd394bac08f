// The funnel over time on the owner's page: a small chart a step for the last 48 hours or the
// last 30 days, a pale bar (not its size) for a small count, a sentence for screen readers, and the
// same numbers as a table at the press of a button.
import { render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import ownerPage from "../../../../content/pages/owner.json"
import { makeFormats } from "../../../lib/owner-format"
import { FUNNEL_STEPS, noSteps, type FunnelPeriod } from "../../../signup/funnel"
import type { OwnerCopy } from "../copy"
import { FunnelCharts } from "../FunnelCharts"

const { seo: _seo, $schema: _schema, ...copy } = ownerPage
const formats = makeFormats("en-GB", "UTC", Date.parse("2026-11-27T12:00:00.000Z"))

const period = (starts: string, counts: Partial<FunnelPeriod> = {}): FunnelPeriod => ({ starts, views: 0, ...noSteps(), ...counts })
// 48 hours to 27 Nov 12:00 UTC: 40 visits at 09:00, 3 signups at 10:00; 30 days with 12 signups on the 25th.
const HOURS = Array.from({ length: 48 }, (_, index) => {
  const at = new Date(Date.UTC(2026, 10, 25, 13 + index)).toISOString().slice(0, 13)
  if (at === "2026-11-27T09") return period(at, { visits: 40, signups: 6 })
  if (at === "2026-11-27T10") return period(at, { signups: 3 })
  return period(at)
})
const DAYS = Array.from({ length: 30 }, (_, index) => {
  const day = new Date(Date.UTC(2026, 9, 29 + index)).toISOString().slice(0, 10)
  return period(day, day === "2026-11-25" ? { visits: 100, signups: 12 } : {})
})

const show = () => render(<FunnelCharts funnel={{ hours: HOURS, days: DAYS, smallCount: 5 }} copy={copy as unknown as OwnerCopy} formats={formats} />)
const chart = (step: string) => document.querySelector<HTMLElement>(`[data-step-chart='${step}']`)!

describe("the funnel over time", () => {
  test("a chart a step, the last 48 hours first, each saying its busiest hour to screen readers", () => {
    show()
    expect([...document.querySelectorAll("[data-step-chart]")].map((figure) => figure.getAttribute("data-step-chart"))).toEqual([...FUNNEL_STEPS])
    expect(within(chart("visits")).getByRole("img").getAttribute("aria-label")).toBe("Visits: 40 in this span, the most (40) at Fri 27 Nov, 09:00.")
    expect(within(chart("visits")).getByText("40 in this span")).toBeTruthy()
    expect(within(chart("redeemed")).getByRole("img").getAttribute("aria-label")).toBe("Codes used: none in this span.")
    expect(screen.getByRole("button", { name: "Last 48 hours" }).getAttribute("aria-pressed")).toBe("true")
  })

  test("a small count is a pale bar at the limit, and 'fewer than' in words: its size says nothing", () => {
    show()
    const bars = chart("signups").querySelectorAll("rect")
    expect(bars).toHaveLength(2)
    const [six, three] = [...bars]
    expect(three.getAttribute("data-small")).toBe("true")
    expect(six.getAttribute("data-small")).toBeNull()
    // Three is drawn as tall as five would be, never as three.
    expect(Number(three.getAttribute("height"))).toBeCloseTo((5 / 6) * 60)
    expect(within(chart("signups")).getByRole("img").getAttribute("aria-label")).toBe("Signups: 9 in this span, the most (6) at Fri 27 Nov, 09:00.")
  })

  test("the last 30 days at the press of a button, from the keyboard", async () => {
    const user = userEvent.setup()
    show()
    await user.tab()
    expect(document.activeElement?.textContent).toBe("Last 48 hours")
    await user.tab()
    await user.keyboard("{Enter}")
    expect(screen.getByRole("button", { name: "Last 30 days" }).getAttribute("aria-pressed")).toBe("true")
    expect(within(chart("signups")).getByRole("img").getAttribute("aria-label")).toBe("Signups: 12 in this span, the most (12) at Wed 25 Nov.")
    expect(chart("signups").querySelectorAll("rect")).toHaveLength(1)
  })

  test("the same numbers as a table, small ones as 'fewer than'", async () => {
    const user = userEvent.setup()
    show()
    await user.click(screen.getByRole("button", { name: copy.charts.asTable }))
    expect(screen.getByRole("button", { name: copy.charts.asTable }).getAttribute("aria-pressed")).toBe("true")
    const table = document.querySelector("table")!
    expect(table.querySelector("caption")?.textContent).toBe("Each step by hour, last 48 hours (UTC)")
    const rows = [...table.querySelectorAll("tbody tr")].map((row) => row.textContent)
    expect(rows).toHaveLength(48)
    expect(rows).toContain("Fri 27 Nov, 09:00" + "40" + "6" + "0000")
    expect(rows).toContain("Fri 27 Nov, 10:00" + "0" + "fewer than 5" + "0000")
    expect(document.querySelector("[data-step-chart]")).toBeNull()
  })
})

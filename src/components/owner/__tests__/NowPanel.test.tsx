// The owner's first screen: is it working? The list's total, today and the last hour against the
// same time yesterday (small counts hidden as "fewer than"), the goal from content, the funnel's
// steps with their rates, and the health line saying what to do when something is wrong. Then the
// page reading the figures again every minute while it is shown.
import { act, render, screen, waitFor, within } from "@testing-library/react"
import ownerPage from "../../../../content/pages/owner.json"
import { makeFormats } from "../../../lib/owner-format"
import { noSteps, type FunnelAnswer } from "../../../signup/funnel"
import type { OwnerSummaryAnswer } from "../../../signup/owner-summary"
import type { OwnerCopy } from "../copy"
import { NowPanel } from "../NowPanel"
import { OwnerPage, REFRESH_EVERY_MS } from "../OwnerPage"
import { emptySummary } from "../../../../test/owner-summary"

const { seo: _seo, $schema: _schema, ...copy } = ownerPage
const formats = makeFormats("en-GB", "UTC")
const NOW = "2026-11-27T12:30:00.000Z"

const SUMMARY: OwnerSummaryAnswer = {
  ...emptySummary({ confirmed: 240, pending: 10, botCheck: { passed: 250, refused: 0, wouldRefuse: 0, replayed: 0, missing: 0 } }),
  backups: { lastGood: { takenAt: "2026-11-27T12:00:00.000Z", signups: 250 }, problem: null },
  visits: { views: 2400, visits: 1000 },
  generatedAt: NOW,
}

const FUNNEL: FunnelAnswer = {
  total: { visits: 1000, signups: 250, confirmed: 240, referred: 60, entered: 3, redeemed: 0, views: 2400 },
  now: {
    today: { ...noSteps(), signups: 40 },
    sameTimeYesterday: { ...noSteps(), signups: 25 },
    lastHour: { ...noSteps(), signups: 3 },
    lastHourYesterday: { ...noSteps(), signups: 9 },
  },
  hours: [],
  days: [],
  sources: [],
  campaigns: [],
  referrers: [],
  links: [],
  sharing: { links: 0, people: 250 },
  viralCoefficient: null,
  generatedAt: NOW,
  dayZone: "UTC",
  counting: true,
  smallCount: 5,
}

const mailLine = (sent: number | string, bounced: number) => copy.health.mailSent.replace("{sent}", String(sent)).replace("{bounced}", String(bounced))

const show = (summary: OwnerSummaryAnswer = SUMMARY, funnel: FunnelAnswer | null = FUNNEL) =>
  render(<NowPanel summary={summary} funnel={funnel} copy={copy as OwnerCopy} formats={formats} />)

/** A figure's value and the line under it, by its label. */
const figure = (label: string) => {
  const figures = document.querySelector<HTMLElement>(`dl[aria-label="${copy.now.label}"]`)
  const term = within(figures!).getByText(label, { selector: "dt" })
  return [...(term.parentElement?.querySelectorAll("dd") ?? [])].map((dd) => dd.textContent)
}

describe("the first screen", () => {
  test("says the total, and today against the same time yesterday; a small last hour only as 'fewer than'", () => {
    show()
    expect(figure("On the list")).toEqual(["250"])
    expect(figure("Signups today")).toEqual(["40", "15 more than this time yesterday"])
    // 3 now and 9 then: too few to compare without singling someone out.
    expect(figure("Signups in the last hour")).toEqual(["fewer than 5"])
  })

  test("shows the goal from content, as a share", () => {
    show()
    expect(screen.getByText("Goal: 1,000 people")).toBeTruthy()
    expect(screen.getByText("250 of 1,000 (25%)")).toBeTruthy()
  })

  test("walks the funnel from visits to codes used, with each step's share of the one before", () => {
    const { container } = show()
    const steps = [...container.querySelectorAll("[data-step]")].map((step) => step.textContent)
    expect(steps).toEqual([
      "Visits1,000",
      "Signups25025% of the step before",
      "Confirmed24096% of the step before",
      "Friends brought6025% of the step before",
      "Drop entriesfewer than 5Too few to compare yet",
      "Codes used0Too few to compare yet",
    ])
  })

  test("where no funnel is counted, says so and still shows the list's total", () => {
    show(SUMMARY, null)
    expect(screen.getByText(copy.now.noFunnel)).toBeTruthy()
    expect(figure("On the list")).toEqual(["250"])
  })

  test("the health line: all is well in one line; else each problem first, with what to do", () => {
    const { unmount } = show()
    expect(screen.getByRole("status").textContent).toBe(copy.health.good + mailLine(0, 0))
    unmount()
    show({
      ...SUMMARY,
      outbox: { waiting: 4, failed: 2, lastError: "535 authentication failed", sentToday: 0 },
      botCheck: { ...SUMMARY.botCheck, wouldRefuse: 12 },
    })
    const line = screen.getByRole("status")
    expect(line.getAttribute("data-health")).toBe("problem")
    expect([...line.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      copy.health.problem,
      copy.health.mailFailed.replace("{count}", "2"),
      copy.health.mailRetrying.replace("{count}", "4"),
      copy.health.botCheck.replace("{count}", "12"),
      mailLine(0, 0),
    ])
  })

  test("the health line counts the emails the mail server took today, and says it cannot know which reached an inbox", () => {
    show({ ...SUMMARY, outbox: { ...SUMMARY.outbox, sentToday: 1234 }, hardBounces: { total: 3, rows: [] } })
    const line = screen.getByRole("status")
    expect(line.querySelector("[data-mail-sent]")?.textContent).toBe(mailLine("1,234", 3))
    expect(line.textContent).toContain("does not tell this site which reached an inbox")
  })

  test("says small counts in content's words, not the code's", () => {
    render(<NowPanel summary={SUMMARY} funnel={FUNNEL} copy={{ ...copy, now: { ...copy.now, fewerThan: "under {count}" } } as OwnerCopy} formats={formats} />)
    expect(figure("Signups in the last hour")).toEqual(["under 5"])
    expect(document.body.textContent).not.toContain("fewer than")
  })

  test("the share rate and the viral coefficient, each with its line in plain words", () => {
    show(SUMMARY, { ...FUNNEL, sharing: { links: 50, people: 250 }, viralCoefficient: 0.254 })
    const sharing = document.querySelector<HTMLElement>(`dl[aria-label="${copy.sharing.label}"]`)!
    const rows = (label: string) => [...within(sharing).getByText(label, { selector: "dt" }).parentElement!.querySelectorAll("dd")].map((dd) => dd.textContent)
    expect(rows(copy.sharing.shareRate)).toEqual(["20%", "50 of 250 people on the list had a friend visit through their link in the last 30 days."])
    expect(rows(copy.sharing.viral)).toEqual(["0.25", copy.sharing.viralDetail.replace("{days}", "30")])
  })

  test("before anyone confirmed, the viral coefficient says so rather than 0", () => {
    show()
    const sharing = document.querySelector<HTMLElement>(`dl[aria-label="${copy.sharing.label}"]`)!
    expect(within(sharing).getByText(copy.sharing.none)).toBeTruthy()
  })
})

describe("the open page", () => {
  const originalFetch = global.fetch
  const answer = (body: unknown) => ({ ok: true, status: 200, json: async () => body }) as Response
  let visibility: DocumentVisibilityState = "visible"
  beforeEach(() => {
    // React schedules its renders with setImmediate here: only the page's own timers are faked.
    jest.useFakeTimers({ doNotFake: ["setImmediate", "queueMicrotask", "nextTick"] })
    global.fetch = jest.fn(async (url: RequestInfo | URL) => answer(String(url).endsWith("/funnel") ? FUNNEL : SUMMARY)) as typeof fetch
    jest.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility)
    sessionStorage.setItem("block94-owner-secret", "owner-secret-for-the-unit-tests-0123")
  })
  afterEach(() => {
    jest.useRealTimers()
    jest.restoreAllMocks()
    global.fetch = originalFetch
    sessionStorage.clear()
  })

  const reads = () => (global.fetch as jest.Mock).mock.calls.filter(([url]) => String(url).endsWith("/summary")).length

  test("reads the figures again every minute while shown, not while hidden", async () => {
    render(<OwnerPage brand="Block 94" copy={copy as OwnerCopy} />)
    await screen.findByRole("heading", { name: "Is it working?" })
    expect(reads()).toBe(1)
    await act(async () => {
      jest.advanceTimersByTime(REFRESH_EVERY_MS)
    })
    await waitFor(() => expect(reads()).toBe(2))
    visibility = "hidden"
    await act(async () => {
      jest.advanceTimersByTime(REFRESH_EVERY_MS * 3)
    })
    expect(reads()).toBe(2)
  })
})

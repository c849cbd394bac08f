/**
 * The launch funnel as `npm run signups:stats` prints it: the same figures as GET
 * /api/owner/funnel, counts under SMALL_COUNT shown as "fewer than" it and no rate on them.
 */
import ownerPage from "../../content/pages/owner.json"
import { countText, FUNNEL_DAYS, FUNNEL_STEPS, shownRate, type Funnel, type FunnelPeriod, type FunnelStep } from "../../src/signup/funnel"

// The steps and a small count in the owner's page's words, so the terminal and the page say them alike.
const STEP_NAMES: Record<FunnelStep, string> = ownerPage.now.steps

const count = (value: number): string => countText(value, ownerPage.now.fewerThan)

const percent = (part: number, whole: number): string => {
  const value = shownRate(part, whole)
  return value === null ? "-" : `${(value * 100).toFixed(1)}%`
}

/** How far a figure is from the same time yesterday. */
const change = (now: number, before: number): string => {
  if (now === before) return "same"
  const sign = now > before ? "+" : "-"
  return `${sign}${count(Math.abs(now - before))}`
}

const table = (rows: string[][]): string => {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ")).join("\n")
}

const periodTable = (title: string, label: string, periods: FunnelPeriod[]): string[] => {
  const active = periods.filter((period) => period.views + FUNNEL_STEPS.reduce((all, step) => all + period[step], 0) > 0)
  return [
    title,
    active.length > 0
      ? table([
          [label, "views", ...FUNNEL_STEPS.map((step) => STEP_NAMES[step])],
          ...active.map((period) => [
            period.starts.replace("T", " ") + (period.starts.length > 10 ? ":00" : ""),
            count(period.views),
            ...FUNNEL_STEPS.map((step) => count(period[step])),
          ]),
        ])
      : "(nothing yet)",
    "",
  ]
}

const breakdownTable = (title: string, column: string, none: string, rows: Funnel["sources"]): string[] => [
  title,
  rows.length > 0
    ? table([
        [column, "visits", "signups", "per visit", "confirmed"],
        ...rows.map((row) => [row.name || none, count(row.visits), count(row.signups), percent(row.signups, row.visits), count(row.confirmed)]),
      ])
    : "(none yet)",
  "",
]

/** The funnel in text; `counting`: whether views are counted here (VISIT_COUNTING). */
export const formatFunnel = (funnel: Funnel, counting: boolean): string => {
  const { total, now } = funnel
  const rows = FUNNEL_STEPS.map((step, index) => [
    STEP_NAMES[step],
    count(total[step]),
    index === 0 ? "-" : percent(total[step], total[FUNNEL_STEPS[index - 1]]),
    count(now.today[step]),
    change(now.today[step], now.sameTimeYesterday[step]),
    count(now.lastHour[step]),
    change(now.lastHour[step], now.lastHourYesterday[step]),
  ])
  const viral = funnel.viralCoefficient === null ? "-" : funnel.viralCoefficient.toFixed(2)
  return [
    `Funnel (UTC; visits are arrivals from outside the site${counting ? "" : "; VISIT_COUNTING=off: no views are counted"})`,
    table([["step", "total", "of step before", "today", "vs same time yesterday", "last hour", "vs yesterday"], ...rows]),
    `Page views: ${count(total.views)}`,
    `Share rate: ${percent(funnel.sharing.links, funnel.sharing.people)} (${count(funnel.sharing.links)} of ${count(funnel.sharing.people)} people's links brought a visit in the last ${FUNNEL_DAYS} days)`,
    `Viral coefficient: ${viral} (friends referred per confirmed signup, last ${FUNNEL_DAYS} days)`,
    "",
    ...periodTable("Last 48 hours", "hour", funnel.hours),
    ...periodTable(`Last ${FUNNEL_DAYS} days`, "day", funnel.days),
    ...breakdownTable("Visits and signups by source (utm_source)", "source", "(no source)", funnel.sources),
    ...breakdownTable("Visits and signups by campaign (utm_campaign)", "campaign", "(no campaign)", funnel.campaigns),
    ...breakdownTable("Visits and signups by referring site", "site", "(direct or unknown)", funnel.referrers),
    `Referral links, the most visited of the last ${FUNNEL_DAYS} days`,
    funnel.links.length > 0
      ? table([
          ["link", "visits", "friends signed up", "per visit", "confirmed"],
          ...funnel.links.map((link) => [link.code, count(link.visits), count(link.signups), percent(link.signups, link.visits), count(link.confirmed)]),
        ])
      : "(none yet)",
    "",
  ].join("\n")
}

/** content/pages/owner.json's funnel over time, its breakdown, sharing and drop demand. */
import { longTemplate, longText, record, template, text } from "../../fields"

/** The charts' two spans: the last hours, hour by hour, or the last days, day by day. */
type SpanUnit = "hour" | "day"

/** The button that picks a span; its {hours} or {days} is the span's length. */
const spanButton = (unit: SpanUnit) =>
  template(`the button that shows the last ${unit}s, ${unit} by ${unit}`, { [`${unit}s`]: `the number of ${unit}s goes there (the server's rule)` })

/** The caption of the table of a span, with its length. */
const spanCaption = (unit: SpanUnit) => template(`the caption of the table by ${unit}`, { [`${unit}s`]: `the number of ${unit}s goes there` })

/** The funnel's steps by hour and by day: small charts, or the same numbers as a table. */
export const ownerCharts = record(
  {
    heading: text("the heading of the funnel over time"),
    intro: longText("the line under that heading: what the charts show, and that hours and days are UTC"),
    span: text("the name of the choice between hours and days, for screen readers"),
    hours: spanButton("hour"),
    days: spanButton("day"),
    asTable: text("the label of the switch that shows the numbers as a table instead of charts"),
    inAll: template("the line under a chart: the step's count over the whole span", { count: "the count goes there" }),
    busiest: template("the chart's text for screen readers: its step, count and busiest hour or day", {
      step: "the step's name goes there",
      count: "the count over the span goes there",
      peak: "the busiest hour's or day's count goes there",
      when: "that hour or day goes there",
    }),
    quiet: template("the chart's text for screen readers when nothing was counted", { step: "the step's name goes there" }),
    small: template("the key under the charts: what a pale bar means", { count: "the small-count limit goes there" }),
    hour: text("the hour column's heading in the table (UTC)"),
    day: text("the day column's heading in the table (UTC)"),
    tableHours: spanCaption("hour"),
    tableDays: spanCaption("day"),
  },
  "the funnel by hour and by day",
)

const breakdownTable = (what: string) =>
  record(
    {
      heading: text(`the heading of ${what}`),
      name: text(`the first column's heading in ${what}, in plain words (the link's technical name may follow in brackets)`),
      none: text(`the name shown in ${what} for visits and signups that came without one`),
    },
    what,
    { typeName: "OwnerBreakdownTable" },
  )

/** Visits, signups and confirmed signups by source, campaign, referring site and referral link. */
export const ownerBreakdown = record(
  {
    visits: text("the visits column's heading"),
    signups: text("the signups column's heading"),
    signupRate: text("the heading of the column of signups per visit"),
    confirmed: text("the confirmed column's heading"),
    confirmRate: text("the heading of the column of confirmed per signup"),
    sources: breakdownTable("the table of sources (utm_source)"),
    campaigns: breakdownTable("the table of campaigns (utm_campaign)"),
    referringSites: breakdownTable("the table of referring sites"),
    links: breakdownTable("the table of referral links (the last days only)"),
  },
  "where people come from, step by step",
)

/** How much the list spreads by itself. */
export const ownerSharing = record(
  {
    label: text("the name of the sharing figures, for screen readers"),
    shareRate: text("the label of the share of people on the list whose link brought a visit"),
    shareRateDetail: longTemplate("one line in plain words under the share rate", {
      links: "how many people's links brought a visit goes there",
      people: "everyone on the list goes there",
      days: "the number of days goes there",
    }),
    viral: text("the label of the viral coefficient, in plain words with its technical name"),
    viralDetail: longTemplate("one line in plain words under the viral coefficient", { days: "the number of days goes there" }),
    none: text("said in place of the viral coefficient before anyone confirmed"),
  },
  "share rate and viral coefficient",
)

/** The current drop's entries per size against its pieces. */
export const ownerDemand = record(
  {
    heading: template("the heading of the current drop's demand", { drop: "the drop's name goes there" }),
    intro: longText("the line under it: entries per size against the pieces there are"),
    perPiece: template("a size's entries against its pieces", { entries: "the entries go there", pieces: "the pieces go there" }),
    ratio: template("how many entries there are per piece of a size", { ratio: "the number of entries per piece goes there" }),
    noEntries: text("said for a size nobody entered yet"),
  },
  "drop demand per size",
)

/** @jsxImportSource theme-ui */
import { graphql } from "gatsby"
import { Fragment } from "react"
import { useNowAt } from "../../hooks/use-now"
import { formatDateTime, readerTimeZone } from "../../lib/dates"
import { windowMoments, windowPhase } from "../../lib/drop-stage"
import { fillTemplate } from "../../signup/template"
import { sideBySide } from "../shared/styles"
import { Countdown } from "./Countdown"
import { dropSectionId, type CountdownCopy, type DropContent, type WindowCopy } from "./copy"
import { panel, subheading } from "./ui"

interface DropScheduleProps {
  drop: DropContent
  copy: { window: WindowCopy; countdown: CountdownCopy }
  /** The site's language, like "en": the names of days and months in times. */
  language: string
}

/**
 * When entries open and close and when the results are out: in UTC in the server HTML (readable
 * without JavaScript), in the visitor's own time zone once the page runs, with the countdown.
 * Each time keeps to one line in a column of its own and the note has room for two, so the
 * change moves nothing.
 */
export const DropSchedule = ({ drop, copy, language }: DropScheduleProps) => {
  // Read at mount and at the window's moments; the countdown ticks on its own.
  const now = useNowAt(windowMoments(drop))
  const timeZone = now === null ? undefined : readerTimeZone()
  const time = (iso: string) => formatDateTime(iso, { language, timeZone, now: now ?? undefined })
  const times = [
    { label: copy.window.opens, iso: drop.opensAt },
    { label: copy.window.closes, iso: drop.closesAt },
    { label: copy.window.results, iso: drop.resultsAt },
  ]
  const headingId = dropSectionId(drop.id, "when")
  return (
    <section aria-labelledby={headingId} data-phase={now === null ? undefined : windowPhase(drop, now)} sx={{ mb: [6, 7] }}>
      <h3 id={headingId} sx={subheading}>
        {copy.window.heading}
      </h3>
      <div
        sx={{
          ...panel,
          ...sideBySide("minmax(0, 3fr) minmax(0, 2fr)", "minmax(0, 1fr)"),
          gap: [4, 5],
          alignItems: "center",
        }}
      >
        <div>
          <dl
            sx={{
              display: "grid",
              gridTemplateColumns: ["minmax(0, 1fr)", "max-content minmax(0, 1fr)"],
              alignItems: "baseline",
              columnGap: 4,
              rowGap: [1, 3],
              m: 0,
            }}
          >
            {times.map(({ label, iso }) => (
              <Fragment key={label}>
                <dt sx={{ variant: "text.eyebrow", mt: [2, 0] }}>{label}</dt>
                <dd sx={{ m: 0, fontSize: 2, fontWeight: "bold", whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
                  <time dateTime={iso}>{time(iso)}</time>
                </dd>
              </Fragment>
            ))}
          </dl>
          <p data-time-note="" sx={{ mt: 3, fontSize: 0, color: "subtle", minHeight: "3.2em" }}>
            {timeZone ? fillTemplate(copy.window.localNote, { zone: timeZone }) : copy.window.utcNote}
          </p>
        </div>
        <Countdown window={drop} copy={copy.countdown} labelId={dropSectionId(drop.id, "countdown")} />
      </div>
    </section>
  )
}

/**
 * A drop's schedule as the drop page and the status page query it: which drop, when entries open
 * and close and the results are out, and the terms of its draw that go with them (days to use a
 * winning code, bonus tickets).
 */
export const dropScheduleFragment = graphql`
  fragment DropSchedule on Drop {
    id
    name
    opensAt
    closesAt
    resultsAt
    redeemDays
    bonus {
      ticketsPerReferral
      maxBonusTickets
    }
  }
`

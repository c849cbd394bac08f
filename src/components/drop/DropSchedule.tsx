/** @jsxImportSource theme-ui */
import { Fragment } from "react"
import { useNow } from "../../hooks/use-now"
import { formatLocalTime, timeLocale, windowPhase } from "../../lib/drop-schedule"
import { fillTemplate } from "../../lib/template"
import { Countdown } from "./Countdown"
import { dropSectionId, type CountdownCopy, type DropContent, type WindowCopy } from "./copy"
import { panel, subheading } from "./ui"

interface DropScheduleProps {
  drop: DropContent
  copy: { window: WindowCopy; countdown: CountdownCopy }
  /** The site's language, like "en": times are written in it (in the visitor's variant of it). */
  language: string
}

/** The visitor's way of writing times and their time zone; known in the browser only. */
const visitorClock = (language: string): { locale: string; timeZone: string } => ({
  locale: timeLocale(language, typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language])),
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
})

/**
 * When entries open and close and when the results are out: in UTC in the server HTML (readable
 * without JavaScript), in the visitor's own time zone once the page runs, with the countdown.
 * Each time keeps to one line in a column of its own and the note has room for two, so the
 * change moves nothing.
 */
export const DropSchedule = ({ drop, copy, language }: DropScheduleProps) => {
  const now = useNow()
  const clock = now === null ? null : visitorClock(language)
  const times = [
    { label: copy.window.opens, iso: drop.opensAt, utc: drop.opensAtUtc },
    { label: copy.window.closes, iso: drop.closesAt, utc: drop.closesAtUtc },
    { label: copy.window.results, iso: drop.resultsAt, utc: drop.resultsAtUtc },
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
          display: "grid",
          gridTemplateColumns: ["minmax(0, 1fr)", "minmax(0, 1fr)", "minmax(0, 3fr) minmax(0, 2fr)"],
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
            {times.map(({ label, iso, utc }) => (
              <Fragment key={label}>
                <dt sx={{ variant: "text.eyebrow", mt: [2, 0] }}>{label}</dt>
                <dd sx={{ m: 0, fontSize: 2, fontWeight: "bold", whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
                  <time dateTime={iso}>{clock ? formatLocalTime(iso, clock.locale) : utc}</time>
                </dd>
              </Fragment>
            ))}
          </dl>
          <p data-time-note="" sx={{ mt: 3, fontSize: 0, color: "subtle", minHeight: "3.2em" }}>
            {clock ? fillTemplate(copy.window.localNote, { zone: clock.timeZone }) : copy.window.utcNote}
          </p>
        </div>
        <Countdown window={drop} now={now} copy={copy.countdown} labelId={dropSectionId(drop.id, "countdown")} />
      </div>
    </section>
  )
}

/** @jsxImportSource theme-ui */
import { Link } from "gatsby"
import { useId, useState } from "react"
import type { ThemeUIStyleObject } from "theme-ui"
import { windowPhase, type MyDropEntry } from "../../drop/contract"
import { ticketsFor } from "../../drop/tickets"
import { formatDateTime } from "../../lib/dates"
import { bonusSentence } from "../../lib/drop-schedule"
import { DROP_PAGE_PATH } from "../../lib/routes"
import { fillTemplate } from "../../signup/template"
import { CheckMyEntry } from "./CheckMyEntry"
import { DropEntryForm, type Entry } from "./DropEntryForm"
import { sizeNames, type DropEntryCopy, type EntryDrop } from "./drop-entry-copy"

/** The reader's clock, read after mount (so server HTML and the first render agree). */
export interface Clock {
  now: number
  /** The reader's time zone; undefined where the page cannot tell (times stay in UTC). */
  timeZone: string | undefined
}

interface DropEntryProps {
  drop: EntryDrop
  minimumAge: number
  /** The site's language, for the names of days and months. */
  language: string
  /** The person's entry as the status answer has it; null when they have not entered. */
  entry: MyDropEntry | null
  referrals: number
  token: string
  copy: DropEntryCopy
  /** Null until the page knows the time (server HTML, first render): times in UTC, no state yet. */
  clock: Clock | null
}

const panel: ThemeUIStyleObject = { p: [3, 4], bg: "surface", border: "2px solid", borderColor: "border", borderRadius: "default" }

/**
 * One drop on the status page: its name and window, the age and bonus rules, the reader's
 * tickets, and where they stand: entries not open yet, the size choice while open, closed with
 * the draw's date, or the draw's outcome. The rules and the draw's check are on the drop page.
 */
export const DropEntry = ({ drop, minimumAge, language, entry: answered, referrals, token, copy, clock }: DropEntryProps) => {
  const id = useId()
  // The entry as it stands now: the status answer's, then each entering answer's.
  const [entry, setEntry] = useState<Entry | null>(
    answered ? { size: answered.size, tickets: answered.tickets, entryId: answered.entryId, review: answered.review } : null,
  )
  const names = sizeNames(drop)
  // Before the page knows the clock: in UTC with the year, as the server HTML has it.
  const time = (iso: string) => formatDateTime(iso, { language, timeZone: clock?.timeZone, now: clock?.now })
  const phase = clock ? windowPhase(drop, new Date(clock.now)) : null
  const outcome = answered?.outcome ?? null
  const times = [
    { label: copy.opens, iso: drop.opensAt, text: time(drop.opensAt) },
    { label: copy.closes, iso: drop.closesAt, text: time(drop.closesAt) },
    { label: copy.results, iso: drop.resultsAt, text: time(drop.resultsAt) },
  ]
  // Before and while open, the tickets an entry holds (or would hold); once closed, only an entry's.
  const tickets = entry ? entry.tickets : phase === "closed" ? null : ticketsFor(referrals, drop.bonus)

  return (
    <section
      aria-labelledby={`${id}-heading`}
      data-drop={drop.id}
      sx={{ mt: 6, pt: 5, borderTop: "2px solid", borderColor: "border", display: "grid", gap: 4 }}
    >
      <div sx={{ display: "grid", gap: 2 }}>
        <p sx={{ variant: "text.eyebrow" }}>{copy.eyebrow}</p>
        <h2 id={`${id}-heading`} sx={{ variant: "text.heading", fontSize: [3, 4] }}>
          {drop.name}
        </h2>
      </div>
      <div>
        <dl sx={{ display: "grid", gridTemplateColumns: ["1fr", "repeat(3, minmax(0, 1fr))"], gap: [2, 3], m: 0 }}>
          {times.map(({ label, iso, text }) => (
            <div key={label} sx={{ display: ["flex", "block"], justifyContent: "space-between", alignItems: "baseline", gap: 3 }}>
              {/* On a phone, label and time share a line: the label keeps to one, the time wraps if it must. */}
              <dt sx={{ variant: "text.eyebrow", color: "subtle", letterSpacing: ["0.06em", "0.2em"], whiteSpace: "nowrap", mb: [0, 1] }}>{label}</dt>
              <dd sx={{ m: 0, fontWeight: "bold", whiteSpace: ["normal", "nowrap"], textAlign: ["right", "left"], fontVariantNumeric: "tabular-nums" }}>
                <time dateTime={iso}>{text}</time>
              </dd>
            </div>
          ))}
        </dl>
        <p sx={{ mt: 2, fontSize: 0, color: "subtle" }}>{clock?.timeZone ? fillTemplate(copy.localNote, { zone: clock.timeZone }) : copy.utcNote}</p>
      </div>
      <div sx={{ display: "grid", gap: 2 }}>
        <p sx={{ fontWeight: "bold" }}>{fillTemplate(copy.age, { minimumAge: String(minimumAge) })}</p>
        <p sx={{ color: "subtle" }}>{bonusSentence(drop.bonus, copy)}</p>
      </div>
      {tickets !== null && (
        <dl sx={{ ...panel, display: "flex", alignItems: "baseline", justifyContent: "space-between", gap: 3, m: 0 }}>
          <dt sx={{ variant: "text.eyebrow", color: "subtle" }}>{copy.tickets}</dt>
          <dd data-tickets="" sx={{ m: 0, fontFamily: "heading", fontSize: [4, 5], lineHeight: 1, color: "primary" }}>
            {tickets}
          </dd>
        </dl>
      )}
      {entry && (
        <div>
          <p sx={{ fontWeight: "bold" }}>{fillTemplate(copy.yourEntry, { size: names[entry.size] ?? entry.size })}</p>
          {/* Only its person sees which line of the published list is theirs: a way to find themselves in the draw. */}
          <p data-entry-id="" sx={{ color: "subtle", overflowWrap: "anywhere" }}>
            {fillTemplate(copy.entryNumber, { id: entry.entryId })}
          </p>
          {entry.review && (
            <p data-review={entry.review} sx={{ ...panel, mt: 3, fontWeight: "bold" }}>
              {entry.review === "waiting" && phase !== "closed" ? copy.waiting : copy.leftOut}
            </p>
          )}
        </div>
      )}
      {/* Once the list is published, a person can see for themselves that their entry is in it, as it should be. */}
      {entry && entry.review === null && phase === "closed" && (
        <CheckMyEntry dropId={drop.id} entry={entry} sizeName={(size) => names[size] ?? size} copy={copy.check} />
      )}
      {phase === "scheduled" && <p sx={{ fontWeight: "bold" }}>{fillTemplate(copy.scheduled, { opens: times[0].text })}</p>}
      {phase === "open" && outcome === null && (
        <DropEntryForm dropId={drop.id} pieces={drop.pieces} names={names} entry={entry} token={token} copy={copy} onEntry={setEntry} />
      )}
      {phase === "closed" && outcome === null && <p sx={{ fontWeight: "bold" }}>{fillTemplate(copy.closed, { results: times[2].text })}</p>}
      {outcome !== null && (
        <p
          data-outcome={outcome}
          sx={{
            ...panel,
            fontSize: [2, 3],
            fontWeight: "bold",
            borderColor: outcome === "won" ? "primary" : "border",
            color: outcome === "won" ? "primary" : "text",
            boxShadow: outcome === "won" ? "pop" : "none",
          }}
        >
          {outcome === "won" ? copy.won : copy.notWon}
        </p>
      )}
      <p>
        <Link to={`${DROP_PAGE_PATH}#${drop.id}`} sx={{ variant: "links.inline" }}>
          {copy.rulesLink}
        </Link>
      </p>
    </section>
  )
}

/** @jsxImportSource theme-ui */
import type { MyDropEntry } from "../../drop/contract"
import { useNowAt } from "../../hooks/use-now"
import { useSiteContent } from "../../hooks/use-site-content"
import { readerTimeZone } from "../../lib/dates"
import { windowMoments } from "../../lib/drop-stage"
import { DropEntry, type Clock } from "./DropEntry"
import type { DropEntryCopy, EntryDrop } from "./drop-entry-copy"
import { DAY_MS } from "../../signup/durations"

/**
 * Until when a drop belongs on the status page: until its winners' codes stop working
 * (`redeemDays` after the results), so an entrant can still read how it went.
 */
const shownUntil = (drop: Pick<EntryDrop, "resultsAt" | "redeemDays">): number => Date.parse(drop.resultsAt) + drop.redeemDays * DAY_MS

/** Whether a drop still belongs on the status page at `now`. */
export const stillShown = (drop: Pick<EntryDrop, "resultsAt" | "redeemDays">, now: number): boolean => now < shownUntil(drop)

interface DropEntriesProps {
  drops: ReadonlyArray<EntryDrop>
  minimumAge: number
  /** The person's entries by drop id, from the status answer. */
  entries: Readonly<Record<string, MyDropEntry>>
  /** Their confirmed referrals: the tickets an entry would hold. */
  referrals: number
  token: string
  copy: DropEntryCopy
  /** When the page started (after mount): the clock until this part's own has read the time, so nothing is redrawn in another zone. */
  startedAt: number | null
}

/**
 * The drop section of a confirmed person's status page: one part per drop still on (see
 * `stillShown`), each with its window, its rules in a sentence or two, and entering while it is
 * open. Times are in UTC until the page knows the reader's clock, then in their own time zone.
 */
export const DropEntries = ({ drops, minimumAge, entries, referrals, token, copy, startedAt }: DropEntriesProps) => {
  const { language } = useSiteContent()
  // What the entries show changes only at each drop's moments: the clock is read again then, not every second.
  const read = useNowAt(drops.flatMap((drop) => [...windowMoments(drop), shownUntil(drop)]))
  const now = read ?? startedAt
  const clock: Clock | null =
    now === null
      ? null
      : {
          now,
          timeZone: readerTimeZone(),
        }
  const shown = clock === null ? drops : drops.filter((drop) => stillShown(drop, clock.now))
  return (
    <>
      {shown.map((drop) => (
        <DropEntry
          key={drop.id}
          drop={drop}
          minimumAge={minimumAge}
          language={language}
          entry={entries[drop.id] ?? null}
          referrals={referrals}
          token={token}
          copy={copy}
          clock={clock}
        />
      ))}
    </>
  )
}

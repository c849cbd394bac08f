import { useNow } from "../../hooks/use-now"
import type { AnnouncedDrop, UiCopy } from "../../hooks/use-site-content"
import { compactCountdown, windowPhase } from "../../lib/drop-stage"
import { fillTemplate } from "../../signup/template"

type DropLinkCopy = UiCopy["dropLink"]

/** The drop's stage in a few words: "opens in 6d 4h", "entries open", "draw coming", "results out". */
export function dropStageLine(drop: AnnouncedDrop, copy: DropLinkCopy, now: number): string {
  const phase = windowPhase(drop, now)
  if (phase !== "before") return copy[phase]
  return fillTemplate(copy.before, { countdown: compactCountdown(Date.parse(drop.opensAt) - now, copy) })
}

/** The drop link's stage by the visitor's clock, kept current: a chunk of its own, loaded once the page is idle. */
export const DropStage = ({ drop, copy }: { drop: AnnouncedDrop; copy: DropLinkCopy }) => {
  const now = useNow()
  return <>{now === null ? "" : dropStageLine(drop, copy, now)}</>
}

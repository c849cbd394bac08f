/** @jsxImportSource theme-ui */
import { Link } from "gatsby"
import { useNow } from "../../hooks/use-now"
import type { AnnouncedDrop, UiCopy } from "../../hooks/use-site-content"
import { compactCountdown, windowPhase } from "../../lib/drop-schedule"
import { DROP_PAGE_PATH } from "../../lib/routes"
import { fillTemplate } from "../../lib/template"

type DropLinkCopy = UiCopy["dropLink"]

/** The drop's stage in a few words: "opens in 6d 4h", "entries open", "draw coming", "results out". */
export function dropStageLine(drop: AnnouncedDrop, copy: DropLinkCopy, now: number): string {
  const phase = windowPhase(drop, now)
  if (phase !== "before") return copy[phase]
  return fillTemplate(copy.before, { countdown: compactCountdown(Date.parse(drop.opensAt) - now, copy) })
}

interface DropLinkProps {
  drop: AnnouncedDrop
  copy: DropLinkCopy
  /** Called on a click, e.g. to close the mobile menu. */
  onActivate?: () => void
}

/**
 * The announced drop's short name and stage, linking to the drop page: in the header, the menu
 * and the footer. The stage needs the visitor's clock, so it fills in after mount, in room kept
 * for it: nothing beside the link moves.
 */
export const DropLink = ({ drop, copy, onActivate }: DropLinkProps) => {
  const now = useNow()
  return (
    <Link
      to={DROP_PAGE_PATH}
      onClick={onActivate}
      data-drop-link=""
      sx={{
        display: "inline-flex",
        alignItems: "baseline",
        gap: 2,
        px: 3,
        py: 1,
        border: "2px solid",
        borderColor: "primary",
        borderRadius: "pill",
        color: "text",
        textDecoration: "none",
        whiteSpace: "nowrap",
        "&:hover": { bg: "muted" },
        '&[aria-current="page"]': { bg: "primary", color: "onPrimary" },
      }}
    >
      <span sx={{ fontFamily: "heading", fontSize: 1, letterSpacing: "0.06em", textTransform: "uppercase" }}>{drop.label}</span>
      <span data-drop-stage="" sx={{ fontSize: 0, fontWeight: "bold", minWidth: "12ch", fontVariantNumeric: "tabular-nums" }}>
        {now === null ? "" : dropStageLine(drop, copy, now)}
      </span>
    </Link>
  )
}

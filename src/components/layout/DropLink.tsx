/** @jsxImportSource theme-ui */
import { Link } from "gatsby"
import { lazy, Suspense, useEffect, useState } from "react"
import type { AnnouncedDrop, UiCopy } from "../../hooks/use-site-content"
import { whenIdle } from "../../lib/idle"
import { DROP_PAGE_PATH } from "../../lib/routes"

/** The stage's code (the clock, the countdown) stays out of every page's opening JavaScript. */
const DropStage = lazy(() => new Promise<void>((idle) => whenIdle(idle)).then(() => import("./DropStage")).then(({ DropStage }) => ({ default: DropStage })))

interface DropLinkProps {
  drop: AnnouncedDrop
  copy: UiCopy["dropLink"]
  /** Called on a click, e.g. to close the mobile menu. */
  onActivate?: () => void
}

/**
 * The announced drop's short name and stage, linking to the drop page: in the header, the menu
 * and the footer. The stage needs the visitor's clock, so it fills in after mount, in room kept
 * for it: nothing beside the link moves.
 */
export const DropLink = ({ drop, copy, onActivate }: DropLinkProps) => {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  return (
    <Link
      to={DROP_PAGE_PATH}
      onClick={onActivate}
      data-drop-link=""
      sx={{
        variant: "badges.chip",
        borderColor: "primary",
        color: "text",
        textDecoration: "none",
        whiteSpace: "nowrap",
        "&:hover": { bg: "muted" },
        '&[aria-current="page"]': { bg: "primary", color: "onPrimary" },
      }}
    >
      <span sx={{ fontFamily: "heading", fontSize: 1, letterSpacing: "0.06em", textTransform: "uppercase" }}>{drop.label}</span>
      <span data-drop-stage="" sx={{ fontSize: 0, fontWeight: "bold", minWidth: "12ch", fontVariantNumeric: "tabular-nums" }}>
        {mounted && (
          <Suspense fallback={null}>
            <DropStage drop={drop} copy={copy} />
          </Suspense>
        )}
      </span>
    </Link>
  )
}

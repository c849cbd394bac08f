/** @jsxImportSource theme-ui */
import { useEffect, useRef } from "react"
import { useDropVisitor } from "../../hooks/use-drop-visitor"
import { useNow } from "../../hooks/use-now"
import { useUiCopy } from "../../hooks/use-site-content"
import { countdownTarget, visitorAction } from "../../lib/drop-schedule"
import { compactCountdown } from "../../lib/drop-stage"
import { HEADER_HEIGHT } from "../../theme"
import { ActionLink } from "./DropAction"
import type { ActionCopy, CountdownCopy, DropContent } from "./copy"

/** Room between a focused control (its ring) and the bar. */
const FOCUS_MARGIN = 12

/**
 * Keeps keyboard focus clear of the bar: a control that lands under it (browsers scroll a
 * focused control into view only when none of it shows) is scrolled up until it clears it.
 */
const useFocusClearOf = (bar: React.RefObject<HTMLElement | null>) => {
  useEffect(() => {
    const reveal = (event: FocusEvent) =>
      requestAnimationFrame(() => {
        const focused = event.target
        const element = bar.current
        if (!element || !(focused instanceof HTMLElement) || element.contains(focused) || document.activeElement !== focused) return
        const barTop = element.getBoundingClientRect().top
        const { top, bottom } = focused.getBoundingClientRect()
        // Only while the bar floats over the page (at rest at the end of the drop it covers nothing).
        if (bottom + FOCUS_MARGIN <= barTop || top >= element.getBoundingClientRect().bottom) return
        window.scrollBy(0, Math.min(bottom + FOCUS_MARGIN - barTop, Math.max(0, top - HEADER_HEIGHT - FOCUS_MARGIN)))
      })
    document.addEventListener("focusin", reveal)
    return () => document.removeEventListener("focusin", reveal)
  }, [bar])
}

interface DropActionBarProps {
  drop: DropContent
  copy: { action: ActionCopy; countdown: CountdownCopy }
  sizeNames: Readonly<Record<string, string>>
}

/**
 * On phones, a bar held at the foot of the screen while the drop is on it: the countdown and the
 * one action for the visitor's stage. It sits above the cookie notice (never over it) and keeps
 * focus from landing under it; at the end of the drop it comes to rest in the page. Nothing once
 * the results are out. It redraws with the clock as one small piece, so its words, time and action
 * change together at the opening and its height never flickers between two of them.
 */
export const DropActionBar = ({ drop, copy, sizeNames }: DropActionBarProps) => {
  const now = useNow()
  const { dropLink: units } = useUiCopy()
  const { token, entry } = useDropVisitor(drop.id)
  const bar = useRef<HTMLElement>(null)
  useFocusClearOf(bar)
  if (now === null) return null
  const { phase, target } = countdownTarget(drop, now)
  if (target === null) return null
  const action = visitorAction(phase, entry)
  const label = { before: copy.countdown.toOpen, open: copy.countdown.toClose, closed: copy.countdown.toResults, results: copy.countdown.over }[phase]
  return (
    <section
      ref={bar}
      aria-label={copy.action.label}
      data-drop-bar=""
      sx={{
        display: ["flex", "none"],
        position: "sticky",
        // Tucked a pixel under the cookie notice (drawn above it): the notice's height is rounded up.
        bottom: "calc(var(--cookie-notice-space, 0px) - 1px)",
        zIndex: 10,
        alignItems: "center",
        justifyContent: "space-between",
        gap: 3,
        mt: 5,
        mx: -3,
        px: 3,
        py: 2,
        bg: "background",
        borderTop: "2px solid",
        borderColor: "primary",
      }}
    >
      <p sx={{ display: "grid", lineHeight: 1.2 }}>
        <span sx={{ fontSize: 0, color: "subtle" }}>{label}</span>
        <strong sx={{ fontSize: 2, color: "primary", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>
          {compactCountdown(target - now, units)}
        </strong>
      </p>
      {action && <ActionLink action={action} token={token} copy={copy.action} sizeNames={sizeNames} variant="small" />}
    </section>
  )
}

/** @jsxImportSource theme-ui */
import { Link } from "gatsby"
import { useEffect, useState } from "react"
import { useUiCopy } from "../../hooks/use-site-content"
import { HEADER_HEIGHT } from "../../theme"
import { Icon } from "../shared/Icon"

/** The CSS variable the root styles keep room with (theme.ts): at the page's foot, and when scrolling to focus. */
const SPACE_VARIABLE = "--cookie-notice-space"
/** Room between a focused control (its focus ring) and the notice. */
const FOCUS_MARGIN = 12

/**
 * Keeps the room the notice takes at the bottom of the window in SPACE_VARIABLE while it shows,
 * so what it would cover can always be scrolled clear of it, and keeps focus out from under it:
 * browsers scroll a focused control into view only when none of it shows, so one half under the
 * notice (a tall text field) is scrolled up here until it clears the notice.
 */
const useRoomBelow = (notice: HTMLElement | null) => {
  useEffect(() => {
    if (!notice) return
    const root = document.documentElement
    const measure = () => root.style.setProperty(SPACE_VARIABLE, `${Math.ceil(window.innerHeight - notice.getBoundingClientRect().top)}px`)
    // After the browser's own scrolling to the focused control: one frame on.
    const reveal = (event: FocusEvent) =>
      requestAnimationFrame(() => {
        const focused = event.target
        // Controls reached by the keyboard only: a section an in-page link focuses (tabindex -1) scrolls as it was told.
        if (!(focused instanceof HTMLElement) || focused.tabIndex < 0 || !focused.matches(":focus-visible")) return
        if (notice.contains(focused) || document.activeElement !== focused) return
        const { top, bottom } = focused.getBoundingClientRect()
        const hiddenBelow = bottom + FOCUS_MARGIN - notice.getBoundingClientRect().top
        // Never so far that its top goes under the sticky header.
        const roomAbove = top - HEADER_HEIGHT - FOCUS_MARGIN
        if (hiddenBelow > 0) window.scrollBy(0, Math.min(hiddenBelow, Math.max(0, roomAbove)))
      })
    measure()
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure)
    observer?.observe(notice)
    window.addEventListener("resize", measure)
    document.addEventListener("focusin", reveal)
    return () => {
      observer?.disconnect()
      window.removeEventListener("resize", measure)
      document.removeEventListener("focusin", reveal)
      root.style.removeProperty(SPACE_VARIABLE)
    }
  }, [notice])
}

interface CookieNoticeBoxProps {
  onAccept: () => void
  onDismiss: () => void
}

/**
 * The notice itself: a slim bar across the foot of a phone, a small box in the bottom left corner of a
 * wider window. Loaded only for visitors who have not accepted, once the browser is idle.
 */
export const CookieNoticeBox = ({ onAccept, onDismiss }: CookieNoticeBoxProps) => {
  const { cookieNotice: copy } = useUiCopy()
  const [notice, setNotice] = useState<HTMLElement | null>(null)
  useRoomBelow(notice)
  return (
    <aside
      ref={setNotice}
      aria-label={copy.label}
      sx={{
        position: "fixed",
        zIndex: 30,
        bottom: [0, 4],
        left: [0, 4],
        right: [0, "auto"],
        maxWidth: ["none", 400],
        display: "grid",
        gap: [1, 2],
        px: [3, 4],
        py: [2, 3],
        variant: "cards.pop",
        color: "text",
        borderWidth: ["2px 0 0", "2px"],
        borderRadius: [0, "large"],
        boxShadow: ["none", "pop"],
      }}
    >
      {/* Set close: on a phone this text must stay smaller than each page's lead, or, painted later, it is the page's largest paint. */}
      <div sx={{ fontSize: 0, lineHeight: 1.35, color: "subtle" }}>
        <h2 sx={{ variant: "text.heading", display: "inline", fontSize: 0, color: "text", mr: 1 }}>{copy.heading}</h2>
        <p sx={{ display: "inline" }}>
          {copy.text}{" "}
          <Link to="/privacy/" sx={{ variant: "links.inline" }}>
            {copy.privacyLink}
          </Link>
        </p>
      </div>
      {/* One row of controls under the words, the close icon at its end: the words get the full width. */}
      <div sx={{ display: "flex", alignItems: "center", gap: 2 }}>
        <button type="button" onClick={onAccept} sx={{ variant: "buttons.small" }}>
          {copy.accept}
        </button>
        <button type="button" onClick={onDismiss} sx={{ variant: "buttons.ghost" }}>
          {copy.dismiss}
        </button>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={copy.close}
          sx={{ variant: "buttons.icon", width: 40, height: 40, ml: "auto", borderColor: "border" }}
        >
          <Icon name="close" size={18} />
        </button>
      </div>
    </aside>
  )
}

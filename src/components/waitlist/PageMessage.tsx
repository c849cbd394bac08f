/** @jsxImportSource theme-ui */
import { Link } from "gatsby"
import { useEffect, useRef } from "react"
import { HOME_SIGNUP_PATH } from "../../lib/routes"

interface PageMessageProps {
  text: string
  /** Offers another try (after a network failure). */
  retry?: { label: string; onRetry: () => void }
  /** Offers the way back to the signup section. */
  joinLabel?: string
  /**
   * Moves focus to the message when it appears in place of the control that was used (after
   * leaving the list), so keyboard and screen-reader users are not left on a vanished button.
   */
  takeFocus?: boolean
}

/** What a token page says when it has no place to show: why, and what to do next. */
export const PageMessage = ({ text, retry, joinLabel, takeFocus = false }: PageMessageProps) => {
  const textRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (takeFocus) textRef.current?.focus()
  }, [takeFocus])
  return (
    <div sx={{ display: "grid", gap: 4, justifyItems: "start" }}>
      <p ref={textRef} tabIndex={takeFocus ? -1 : undefined} sx={{ variant: "text.lead" }}>
        {text}
      </p>
      {(retry || joinLabel) && (
        <div sx={{ display: "flex", gap: 3, flexWrap: "wrap" }}>
          {retry && (
            <button type="button" onClick={retry.onRetry} sx={{ variant: "buttons.primary" }}>
              {retry.label}
            </button>
          )}
          {joinLabel && (
            <Link to={HOME_SIGNUP_PATH} sx={{ variant: retry ? "buttons.secondary" : "buttons.primary" }}>
              {joinLabel}
            </Link>
          )}
        </div>
      )}
    </div>
  )
}

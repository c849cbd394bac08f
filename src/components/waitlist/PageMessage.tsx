/** @jsxImportSource theme-ui */
import { Link } from "gatsby"
import { HOME_SIGNUP_PATH } from "../../lib/routes"

interface PageMessageProps {
  text: string
  /** Offers another try (after a network failure). */
  retry?: { label: string; onRetry: () => void }
  /** Offers the way back to the signup section. */
  joinLabel?: string
}

/** What a token page says when it has no place to show: why, and what to do next. */
export const PageMessage = ({ text, retry, joinLabel }: PageMessageProps) => (
  <div sx={{ display: "grid", gap: 4, justifyItems: "start" }}>
    <p sx={{ variant: "text.lead" }}>{text}</p>
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

/** @jsxImportSource theme-ui */
import { useNow } from "../../hooks/use-now"
import { formatDateTime, readerTimeZone } from "../../lib/dates"
import { fillTemplate } from "../../signup/template"

interface CheckLaterProps {
  id: string
  button: string
  /** "The check opens with the results, {time}." */
  line: string
  resultsAt: string
  language: string
}

/** Before the draw: the check's button, disabled, with when it can be used (in UTC as sent, in the reader's zone once the page runs). */
export const CheckLater = ({ id, button, line, resultsAt, language }: CheckLaterProps) => {
  const now = useNow(false)
  const time = formatDateTime(resultsAt, { language, timeZone: now === null ? undefined : readerTimeZone(), now: now ?? undefined })
  return (
    <div data-check="later" sx={{ display: "grid", gap: 3, justifyItems: "start", mt: 5 }}>
      <button type="button" disabled aria-describedby={id} sx={{ variant: "buttons.primary", "&:disabled": { opacity: 0.5, cursor: "not-allowed" } }}>
        {button}
      </button>
      <p id={id}>{fillTemplate(line, { time })}</p>
    </div>
  )
}

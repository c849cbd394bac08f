/** @jsxImportSource theme-ui */
import { Link } from "gatsby"
import { HOME_SIGNUP_PATH } from "../../lib/routes"
import { fillTemplate } from "../../lib/template"
import type { EnterCopy } from "./copy"

/** Where to enter (the status page, from any of our emails), the age to enter, and the way onto the list. */
export const EnterNote = ({ copy, minimumAge }: { copy: EnterCopy; minimumAge: number }) => (
  <div
    sx={{
      display: "grid",
      gap: 3,
      justifyItems: "start",
      mb: [6, 7],
      p: [4, 5],
      bg: "muted",
      border: "2px solid",
      borderColor: "primary",
      borderRadius: "large",
    }}
  >
    <p sx={{ fontSize: [2, 3], fontWeight: "bold" }}>{fillTemplate(copy.text, { minimumAge: String(minimumAge) })}</p>
    <Link to={HOME_SIGNUP_PATH} sx={{ variant: "buttons.secondary" }}>
      {copy.joinLink}
    </Link>
  </div>
)

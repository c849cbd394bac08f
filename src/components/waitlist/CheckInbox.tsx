/** @jsxImportSource theme-ui */
import { useUiCopy } from "../../hooks/use-site-content"
import { fillTemplate } from "../../lib/template"

/** After a signup that must be confirmed: where the confirmation link went. */
export const CheckInbox = ({ email }: { email: string }) => {
  const { waitlist: copy } = useUiCopy()
  return (
    <div sx={{ display: "grid", gap: 2 }}>
      <p sx={{ variant: "text.heading", fontSize: [4, 5], color: "primary" }}>{copy.pendingHeading}</p>
      <p>{fillTemplate(copy.pending, { email })}</p>
    </div>
  )
}

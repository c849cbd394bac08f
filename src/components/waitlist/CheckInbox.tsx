/** @jsxImportSource theme-ui */
import { useEffect, useRef, useState } from "react"
import { useUiCopy } from "../../hooks/use-site-content"
import { fillTemplate } from "../../signup/template"
import { requestLinkAgain } from "../../lib/waitlist-client"
import { CONFIRM_LINK_HOURS } from "../../signup/link-lifetimes"

type Resend = "idle" | "sending" | "sent" | "failed"

/** After a signup that must be confirmed: where the confirmation link went, and a way to get it again. */
export const CheckInbox = ({ email, takeFocus = false }: { email: string; takeFocus?: boolean }) => {
  const { waitlist: copy } = useUiCopy()
  const headingRef = useRef<HTMLHeadingElement>(null)
  // The heading takes the place of the form that was used: focus goes there, not to the page's start.
  useEffect(() => {
    if (takeFocus) headingRef.current?.focus()
  }, [takeFocus])
  const [resend, setResend] = useState<Resend>("idle")
  const sendAgain = async () => {
    setResend("sending")
    // The bot check's work, loaded and done only when someone asks (well under a second).
    // Through the signup form's own sending module (loaded already after a signup): one chunk fewer.
    const altcha = await import("../../lib/signup-sending").then(({ takeBotCheck }) => takeBotCheck(null)).catch(() => undefined)
    setResend((await requestLinkAgain(email, altcha)) ? "sent" : "failed")
  }
  return (
    <div sx={{ display: "grid", gap: 2 }}>
      <h3 ref={headingRef} tabIndex={-1} sx={{ variant: "text.heading", fontSize: [5, 6], color: "primary", outlineOffset: "4px" }}>
        {copy.pendingHeading}
      </h3>
      <p>{fillTemplate(copy.pending, { email, confirmHours: String(CONFIRM_LINK_HOURS) })}</p>
      <p sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2, m: 0 }}>
        <span>{copy.resendQuestion}</span>
        <button type="button" onClick={() => void sendAgain()} disabled={resend === "sending" || resend === "sent"} sx={{ variant: "buttons.small" }}>
          {resend === "sending" ? copy.resending : copy.resend}
        </button>
      </p>
      <p aria-live="polite" sx={{ minHeight: "1.6em", m: 0, fontSize: 0 }}>
        {resend === "sent" ? fillTemplate(copy.resent, { email }) : resend === "failed" ? copy.resendFailed : ""}
      </p>
    </div>
  )
}

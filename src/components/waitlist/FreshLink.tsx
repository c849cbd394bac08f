/** @jsxImportSource theme-ui */
import { graphql } from "gatsby"
import { useId, useRef, useState, type FormEvent } from "react"
import { isValidEmail } from "../../signup/rules"
import { fillTemplate } from "../../signup/template"
import { requestLinkAgain } from "../../lib/waitlist-client"
import { STATUS_LINK_DAYS, UNSUBSCRIBE_LINK_DAYS } from "../../signup/link-lifetimes"

export interface FreshLinkCopy {
  text: string
  label: string
  button: string
  sending: string
  sent: string
  invalid: string
  failed: string
}

/** What a token page says when its link leads nowhere: past its time, missing, unknown, or the request failed. */
export interface LinkTroubleCopy {
  /** A link past its time: a fresh status link by email instead. */
  expired: FreshLinkCopy
  noToken: string
  notFound: string
  failed: string
  retry: string
  joinLink: string
}

type Request = { kind: "idle" } | { kind: "invalid" } | { kind: "sending" } | { kind: "sent"; email: string } | { kind: "failed" }

/**
 * A link that did not work (expired, unknown, or none): the address, then a fresh status link by
 * email (the same answer whether or not it is on the list). `text` says why, in place of the
 * expired link's words.
 */
export const FreshLink = ({ copy, text }: { copy: FreshLinkCopy; text?: string }) => {
  const id = useId()
  const [email, setEmail] = useState("")
  const [request, setRequest] = useState<Request>({ kind: "idle" })
  const inputRef = useRef<HTMLInputElement>(null)
  // The bot check's work starts when someone starts the form, and is done while they type.
  const formRef = useRef<HTMLFormElement>(null)
  // Through the signup form's sending module, which holds the proof of work: one chunk fewer.
  const startBotCheck = () => void import("../../lib/signup-sending").then((sending) => sending.startBotCheck(formRef.current)).catch(() => undefined)
  const send = async (event: FormEvent) => {
    event.preventDefault()
    if (request.kind === "sending") return
    const address = email.trim()
    if (!isValidEmail(address)) {
      setRequest({ kind: "invalid" })
      inputRef.current?.focus()
      return
    }
    setRequest({ kind: "sending" })
    const altcha = await import("../../lib/signup-sending").then(({ takeBotCheck }) => takeBotCheck(formRef.current)).catch(() => undefined)
    setRequest((await requestLinkAgain(address, altcha)) ? { kind: "sent", email: address } : { kind: "failed" })
  }
  const note = request.kind === "sent" ? fillTemplate(copy.sent, { email: request.email }) : request.kind === "failed" ? copy.failed : ""
  return (
    <div sx={{ display: "grid", gap: 4, maxWidth: 560 }}>
      <p sx={{ variant: "text.lead" }}>
        {text ?? fillTemplate(copy.text, { statusLinkDays: String(STATUS_LINK_DAYS), unsubscribeLinkDays: String(UNSUBSCRIBE_LINK_DAYS) })}
      </p>
      <form ref={formRef} noValidate onSubmit={(event) => void send(event)} sx={{ display: "grid", gap: 3 }}>
        <div>
          <label htmlFor={`${id}-email`} sx={{ variant: "forms.label", display: "block" }}>
            {copy.label}
          </label>
          <input
            ref={inputRef}
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            required
            value={email}
            aria-invalid={request.kind === "invalid"}
            aria-describedby={request.kind === "invalid" ? `${id}-invalid` : undefined}
            onFocus={startBotCheck}
            onChange={(event) => setEmail(event.currentTarget.value)}
            sx={{ variant: "forms.input", width: "100%" }}
          />
          {request.kind === "invalid" && (
            <p id={`${id}-invalid`} sx={{ color: "secondary", mt: 2 }}>
              {copy.invalid}
            </p>
          )}
        </div>
        <div>
          <button type="submit" aria-disabled={request.kind === "sending"} sx={{ variant: "buttons.primary" }}>
            {request.kind === "sending" ? copy.sending : copy.button}
          </button>
        </div>
      </form>
      <p role="status" sx={{ minHeight: "1.6em", m: 0, fontWeight: "bold", color: request.kind === "failed" ? "secondary" : "primary" }}>
        {note}
      </p>
    </div>
  )
}

/** The words of a fresh link, as the status and unsubscribe pages' content holds them, for their queries. */
export const freshLinkCopy = graphql`
  fragment FreshLinkCopy on FreshLinkCopy {
    text
    label
    button
    sending
    sent
    invalid
    failed
  }
`

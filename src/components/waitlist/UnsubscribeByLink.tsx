/** @jsxImportSource theme-ui */
import { useState } from "react"
import { useLinkToken } from "../../hooks/use-link-token"
import { unsubscribeByLink, type LeaveOutcome } from "../../lib/waitlist-client"
import { FreshLink, type LinkTroubleCopy } from "./FreshLink"
import { PageMessage } from "./PageMessage"

export interface UnsubscribeCopy extends LinkTroubleCopy {
  question: string
  button: string
  leaving: string
  left: string
}

/**
 * The unsubscribe page's body, where the link at the foot of every email leads. Opening it
 * changes nothing (mail scanners open every link): the person presses the button, which POSTs.
 */
export const UnsubscribeByLink = ({ copy }: { copy: UnsubscribeCopy }) => {
  const token = useLinkToken()
  const [state, setState] = useState<"idle" | "leaving" | LeaveOutcome["kind"]>("idle")

  if (token === null) return <PageMessage text={copy.noToken} joinLabel={copy.joinLink} />
  if (state === "left") return <PageMessage text={copy.left} takeFocus />
  if (state === "notFound") return <PageMessage text={copy.notFound} takeFocus />
  if (state === "expired") return <FreshLink copy={copy.expired} />

  const unsubscribe = async () => {
    if (!token || state === "leaving") return
    setState("leaving")
    setState((await unsubscribeByLink(token)).kind)
  }
  return (
    <div sx={{ display: "grid", gap: 4, justifyItems: "start" }}>
      <p sx={{ variant: "text.lead" }}>{copy.question}</p>
      <button
        type="button"
        aria-disabled={state === "leaving"}
        onClick={() => void unsubscribe()}
        sx={{ variant: "buttons.destructive", '&[aria-disabled="true"]': { opacity: 0.7, cursor: "progress" } }}
      >
        {state === "leaving" ? copy.leaving : state === "failed" ? copy.retry : copy.button}
      </button>
      {state === "failed" && <p sx={{ color: "secondary" }}>{copy.failed}</p>}
    </div>
  )
}

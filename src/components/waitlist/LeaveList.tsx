/** @jsxImportSource theme-ui */
import { useEffect, useId, useRef, useState } from "react"
import { leaveList } from "../../lib/waitlist-client"

export interface LeaveListCopy {
  heading: string
  intro: string
  button: string
  question: string
  confirm: string
  cancel: string
  leaving: string
  failed: string
}

interface LeaveListProps {
  /** The status token of the page's link. */
  token: string
  copy: LeaveListCopy
  /** The person is off the list (now, or already in another tab). */
  onLeft(): void
}

/** A busy button stays focusable (a disabled one drops focus); its clicks are ignored instead. */
const busyButton = { '&[aria-disabled="true"]': { opacity: 0.7, cursor: "progress" } } as const

/**
 * "Leave the list" on the status page. It asks first: the button discloses the question and two
 * answers below it, and focus moves to the safe one ("Keep my place"); that button or Escape
 * closes the question and puts focus back on "Leave the list". Only the other answer erases.
 */
export const LeaveList = ({ token, copy, onLeft }: LeaveListProps) => {
  const id = useId()
  const [asking, setAsking] = useState(false)
  const [state, setState] = useState<"idle" | "leaving" | "failed">("idle")
  const askRef = useRef<HTMLButtonElement>(null)
  const keepRef = useRef<HTMLButtonElement>(null)
  /** Where focus goes on the next render: into the question, or back to the button that opened it. */
  const moveFocus = useRef<"question" | "button" | null>(null)

  useEffect(() => {
    if (moveFocus.current === "question") keepRef.current?.focus()
    if (moveFocus.current === "button") askRef.current?.focus()
    moveFocus.current = null
  }, [asking])

  const ask = () => {
    moveFocus.current = "question"
    setAsking(true)
  }
  const keep = () => {
    if (state === "leaving") return
    moveFocus.current = "button"
    setAsking(false)
    setState("idle")
  }
  const leave = async () => {
    if (state === "leaving") return
    setState("leaving")
    const outcome = await leaveList(token)
    if (outcome.kind === "failed") setState("failed")
    // Unknown now: the link was good a moment ago, so the person has left already (another tab, an email).
    else onLeft()
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      sx={{ mt: 6, pt: 5, borderTop: "2px solid", borderColor: "border", display: "grid", gap: 3, justifyItems: "start" }}
    >
      <h2 id={`${id}-heading`} sx={{ variant: "text.heading", fontSize: [3, 4] }}>
        {copy.heading}
      </h2>
      <p sx={{ color: "subtle" }}>{copy.intro}</p>
      <button
        ref={askRef}
        type="button"
        aria-expanded={asking}
        aria-controls={`${id}-question`}
        onClick={asking ? keep : ask}
        sx={{ variant: "buttons.secondary" }}
      >
        {copy.button}
      </button>
      <div
        id={`${id}-question`}
        role="group"
        aria-labelledby={`${id}-question-text`}
        hidden={!asking}
        onKeyDown={(event) => {
          if (event.key === "Escape") keep()
        }}
        sx={{
          display: asking ? "grid" : "none",
          gap: 3,
          width: "100%",
          p: [3, 4],
          bg: "surface",
          border: "2px solid",
          borderColor: "destructive",
          borderRadius: 8,
        }}
      >
        <p id={`${id}-question-text`} sx={{ fontWeight: "bold" }}>
          {copy.question}
        </p>
        <div sx={{ display: "flex", gap: 3, flexWrap: "wrap" }}>
          <button type="button" aria-disabled={state === "leaving"} onClick={() => void leave()} sx={{ variant: "buttons.destructive", ...busyButton }}>
            {state === "leaving" ? copy.leaving : copy.confirm}
          </button>
          <button ref={keepRef} type="button" aria-disabled={state === "leaving"} onClick={keep} sx={{ variant: "buttons.secondary", ...busyButton }}>
            {copy.cancel}
          </button>
        </div>
        {state === "failed" && <p sx={{ color: "secondary" }}>{copy.failed}</p>}
      </div>
    </section>
  )
}

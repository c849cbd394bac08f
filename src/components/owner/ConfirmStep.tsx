/** @jsxImportSource theme-ui */
import { useEffect, useId, useRef, type ReactNode } from "react"
import { busyButton } from "./ui"

interface ConfirmStepProps {
  question: ReactNode
  confirm: string
  cancel: string
  working: string
  busy: boolean
  /** Red for what cannot be undone (an erasure). */
  destructive?: boolean
  onConfirm(): void
  onCancel(): void
  children?: ReactNode
}

/**
 * The step before an action runs: the question and two answers, focus on the safe one ("Cancel"),
 * Escape the same as Cancel. Only the other answer goes ahead.
 */
export const ConfirmStep = ({ question, confirm, cancel, working, busy, destructive = false, onConfirm, onCancel, children }: ConfirmStepProps) => {
  const id = useId()
  const cancelRef = useRef<HTMLButtonElement>(null)
  useEffect(() => cancelRef.current?.focus(), [])
  return (
    <div
      role="group"
      aria-labelledby={`${id}-question`}
      onKeyDown={(event) => {
        if (event.key === "Escape" && !busy) onCancel()
      }}
      sx={{
        display: "grid",
        gap: 3,
        mt: 3,
        p: 3,
        bg: "muted",
        border: "2px solid",
        borderColor: destructive ? "destructive" : "primary",
        borderRadius: "default",
      }}
    >
      <p id={`${id}-question`} sx={{ fontWeight: "bold" }}>
        {question}
      </p>
      {children}
      <div sx={{ display: "flex", gap: 3, flexWrap: "wrap" }}>
        <button
          type="button"
          aria-disabled={busy}
          onClick={() => !busy && onConfirm()}
          sx={{ variant: destructive ? "buttons.destructive" : "buttons.primary", ...busyButton }}
        >
          {busy ? working : confirm}
        </button>
        <button ref={cancelRef} type="button" aria-disabled={busy} onClick={() => !busy && onCancel()} sx={{ variant: "buttons.secondary", ...busyButton }}>
          {cancel}
        </button>
      </div>
    </div>
  )
}

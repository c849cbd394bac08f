/** @jsxImportSource theme-ui */
import type { ReactNode } from "react"

interface BusyButtonProps {
  /** While true the button says so (aria-disabled) and the caller ignores its clicks. */
  busy: boolean
  onClick: () => void
  variant: "primary" | "secondary"
  children: ReactNode
}

/** A button whose work takes a while: it stays focusable while busy (a disabled one would drop focus). */
export const BusyButton = ({ busy, onClick, variant, children }: BusyButtonProps) => (
  <button
    type="button"
    onClick={onClick}
    aria-disabled={busy}
    sx={{ variant: `buttons.${variant}`, "&[aria-disabled='true']": { cursor: "progress", opacity: 0.7 } }}
  >
    {children}
  </button>
)

/** @jsxImportSource theme-ui */
import { Button, Flex } from "@theme-ui/components"
import type { ReactNode } from "react"
import type { ResponsiveStyleValue } from "theme-ui"
import { busyButton } from "./ui"

/** Buttons side by side, wrapping onto a new line where the row runs out of room (or, per width, as `wrap` says). */
export function ButtonRow({ children, wrap = "wrap" }: { children: ReactNode; wrap?: ResponsiveStyleValue<"wrap" | "nowrap"> }) {
  return <Flex sx={{ flexWrap: wrap, alignItems: "center", gap: 3 }}>{children}</Flex>
}

interface BusyButtonProps {
  /** While busy the button stays focusable and says so, and a press does nothing. */
  busy: boolean
  variant: string
  /** What it acts on, for screen readers, where its words alone say too little ("Release all: maya@…"). */
  label?: string
  /** A form's button submits it; any other acts on a press. */
  onPress?: () => void
  children: ReactNode
}

/** A button of the owner's page that waits on the server: focusable while busy, its presses ignored. */
export function BusyButton({ busy, variant, label, onPress, children }: BusyButtonProps) {
  return (
    <Button
      type={onPress ? "button" : "submit"}
      variant={variant}
      aria-disabled={busy}
      aria-label={label}
      onClick={onPress && (() => !busy && onPress())}
      sx={busyButton}
    >
      {children}
    </Button>
  )
}

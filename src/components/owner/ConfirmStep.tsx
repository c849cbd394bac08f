/** @jsxImportSource theme-ui */
import { Box, Button, Text } from "@theme-ui/components"
import { useId, type ReactNode } from "react"
import { ButtonRow } from "./ButtonRow"
import { useFocusOnMount } from "./focus"
import { busyButton, stepPanel } from "./ui"

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
export function ConfirmStep({ question, confirm, cancel, working, busy, destructive = false, onConfirm, onCancel, children }: ConfirmStepProps) {
  const id = useId()
  const cancelRef = useFocusOnMount<HTMLButtonElement>()
  return (
    <Box
      role="group"
      aria-labelledby={`${id}-question`}
      onKeyDown={(event) => {
        if (event.key === "Escape" && !busy) onCancel()
      }}
      sx={stepPanel(destructive ? "destructive" : "primary")}
    >
      <Text as="p" id={`${id}-question`} sx={{ fontWeight: "bold" }}>
        {question}
      </Text>
      {children}
      <ButtonRow>
        <Button type="button" variant={destructive ? "destructive" : "primary"} aria-disabled={busy} onClick={() => !busy && onConfirm()} sx={busyButton}>
          {busy ? working : confirm}
        </Button>
        <Button ref={cancelRef} type="button" variant="secondary" aria-disabled={busy} onClick={() => !busy && onCancel()} sx={busyButton}>
          {cancel}
        </Button>
      </ButtonRow>
    </Box>
  )
}

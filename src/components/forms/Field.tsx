/** @jsxImportSource theme-ui */
import type { ReactNode } from "react"
import { FieldError } from "./FieldError"

interface FieldProps {
  /** The control's id: the label points at it, and its error line is `${id}-error`. */
  id: string
  label: string
  /** What to fix, shown under the control; none while the field is fine. */
  error: string | undefined
  children: ReactNode
}

/** A form field: its label above the control, and under it the line that says what to fix. */
export const Field = ({ id, label, error, children }: FieldProps) => (
  <div>
    <label htmlFor={id} sx={{ variant: "forms.label", display: "block" }}>
      {label}
    </label>
    {children}
    <FieldError id={`${id}-error`} message={error} />
  </div>
)

/** @jsxImportSource theme-ui */
import { Box, Input, Label, Text } from "@theme-ui/components"
import type { InputHTMLAttributes, Ref } from "react"

type InputAttributes = Pick<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "autoComplete" | "required" | "spellCheck">

interface FieldProps extends InputAttributes {
  /** The input's id; its hint's is this with "-hint". */
  id: string
  label: string
  /** A line under the field, read with it. */
  hint?: string
  value: string
  onChange(value: string): void
  inputRef?: Ref<HTMLInputElement>
  invalid?: boolean
  /** Ids of more text read with the field (its problem), beside its hint. */
  describedBy?: string
  /** Codes and seeds: one width a character, smaller. */
  machine?: boolean
}

/** One labelled field of the owner's page, its hint under it, the problem it has said by `describedBy`. */
export function Field({ id, label, hint, value, onChange, inputRef, invalid, describedBy, machine = false, ...attributes }: FieldProps) {
  const described = [hint === undefined ? null : `${id}-hint`, describedBy ?? null].filter(Boolean).join(" ")
  return (
    <Box>
      <Label htmlFor={id} sx={{ display: "block" }}>
        {label}
      </Label>
      <Input
        {...attributes}
        ref={inputRef}
        id={id}
        value={value}
        aria-invalid={invalid}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        sx={{ width: "100%", ...(machine ? { fontFamily: "monospace", fontSize: 0 } : {}) }}
      />
      {hint !== undefined && (
        <Text as="p" id={`${id}-hint`} sx={{ mt: 2, fontSize: 0, color: "subtle" }}>
          {hint}
        </Text>
      )}
    </Box>
  )
}

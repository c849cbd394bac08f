/** @jsxImportSource theme-ui */
import { Box, Input, Label, Text, type InputProps } from "@theme-ui/components"
import { useId, type Ref } from "react"

interface FieldProps extends Omit<InputProps, "ref" | "id" | "value" | "onChange"> {
  label: string
  /** A line under the field, read with it. */
  hint?: string
  /** What is wrong with the value, once it is: said under the field, and read with it. */
  problem?: string | null
  value: string
  onChange(value: string): void
  inputRef?: Ref<HTMLInputElement>
  /** The input's id, where the page names it; else one of its own. */
  id?: string
  /** Ids of more text read with the field (a problem said elsewhere), beside its hint. */
  describedBy?: string
}

/** One labelled field of the owner's page: its hint under it, and what is wrong with its value once it is. */
export function Field({ label, hint, problem = null, value, onChange, inputRef, id: given, describedBy, sx, ...input }: FieldProps) {
  const own = useId()
  const id = given ?? own
  const described = [hint === undefined ? null : `${id}-hint`, problem === null ? null : `${id}-problem`, describedBy ?? null].filter(Boolean).join(" ")
  return (
    <Box>
      <Label htmlFor={id} sx={{ display: "block" }}>
        {label}
      </Label>
      <Input
        {...input}
        ref={inputRef}
        id={id}
        value={value}
        aria-invalid={input["aria-invalid"] ?? problem !== null}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        sx={{ width: "100%", ...sx }}
      />
      {hint !== undefined && (
        <Text as="p" id={`${id}-hint`} sx={{ mt: 2, fontSize: 0, color: "subtle" }}>
          {hint}
        </Text>
      )}
      {problem !== null && (
        <Text as="p" id={`${id}-problem`} sx={{ color: "secondary", mt: 2 }}>
          {problem}
        </Text>
      )}
    </Box>
  )
}

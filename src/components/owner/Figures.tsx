/** @jsxImportSource theme-ui */
import { Box, Card, Text } from "@theme-ui/components"
import type { ReactNode } from "react"
import type { ResponsiveStyleValue } from "theme-ui"

/** A row of figures, named for screen readers: as many columns as each width has room for. */
export function Figures({ label, columns, children }: { label: string; columns: Array<string | null>; children: ReactNode }) {
  return (
    <Box as="dl" aria-label={label} sx={{ display: "grid", gridTemplateColumns: columns, gap: [3, 4], m: 0 }}>
      {children}
    </Box>
  )
}

/** One figure: its label small, the number big, and a line under it where it needs one. */
export function Figure({ label, value, detail, accent = false }: { label: string; value: string; detail?: string; accent?: boolean }) {
  return (
    <Card sx={{ minWidth: 0, boxShadow: accent ? "pop" : "none", borderColor: accent ? "primary" : "border" }}>
      <Text
        as="dt"
        variant="eyebrow"
        sx={{ letterSpacing: ["0.02em", "0.08em"], overflowWrap: "break-word", hyphens: "auto", color: accent ? "primary" : "subtle" }}
      >
        {label}
      </Text>
      <Text as="dd" sx={{ m: 0, mt: 2, fontFamily: "heading", fontSize: [5, 6], lineHeight: 1, fontVariantNumeric: "tabular-nums" }}>
        {value}
      </Text>
      {detail && (
        <Text as="dd" sx={{ m: 0, mt: 2, fontSize: 0, color: "subtle" }}>
          {detail}
        </Text>
      )}
    </Card>
  )
}

/** Facts as a definition list: each label small over its value, in the columns each width has room for. */
export function Facts({
  facts,
  columns,
  gap = 3,
}: {
  facts: ReadonlyArray<{ label: string; value: ReactNode }>
  columns: Array<string | null>
  gap?: ResponsiveStyleValue<number>
}) {
  return (
    <Box as="dl" sx={{ display: "grid", gridTemplateColumns: columns, gap, m: 0 }}>
      {facts.map(({ label, value }) => (
        <Box key={label}>
          <Text as="dt" variant="eyebrow" sx={{ color: "subtle", mb: 1 }}>
            {label}
          </Text>
          <Text as="dd" sx={{ m: 0, fontWeight: "bold" }}>
            {value}
          </Text>
        </Box>
      ))}
    </Box>
  )
}

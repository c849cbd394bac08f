import { Flex } from "@theme-ui/components"
import type { ReactNode } from "react"
import type { ResponsiveStyleValue } from "theme-ui"

/** Buttons side by side, wrapping onto a new line where the row runs out of room (or, per width, as `wrap` says). */
export function ButtonRow({ children, wrap = "wrap" }: { children: ReactNode; wrap?: ResponsiveStyleValue<"wrap" | "nowrap"> }) {
  return <Flex sx={{ flexWrap: wrap, alignItems: "center", gap: 3 }}>{children}</Flex>
}

/** @jsxImportSource theme-ui */
import type { ReactNode } from "react"
import { subheading } from "./ui"

/** How the draw is checked, folded under one heading the curious can open: the steps, the commitment and the draw's record. */
export const CheckFold = ({ id, heading, children }: { id: string; heading: string; children: ReactNode }) => (
  <details id={id} data-check-fold="" sx={{ borderTop: "2px solid", borderBottom: "2px solid", borderColor: "border" }}>
    <summary sx={{ ...subheading, mb: 0, py: 4, cursor: "pointer" }}>{heading}</summary>
    <div sx={{ pt: 3, pb: 5 }}>{children}</div>
  </details>
)

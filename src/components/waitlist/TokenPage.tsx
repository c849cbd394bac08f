/** @jsxImportSource theme-ui */
import type { ReactNode } from "react"

/** The frame of a page opened from an email link: its heading, and a live region for what it finds. */
export const TokenPage = ({ heading, children }: { heading: string; children: ReactNode }) => (
  <section aria-labelledby="page-heading" sx={{ variant: "layout.narrow", py: [7, 8] }}>
    <h1 id="page-heading" sx={{ variant: "text.display", fontSize: [6, 7], mb: 5 }}>
      {heading}
    </h1>
    <div aria-live="polite">{children}</div>
  </section>
)

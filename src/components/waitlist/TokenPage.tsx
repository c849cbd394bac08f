/** @jsxImportSource theme-ui */
import type { ReactNode } from "react"

/**
 * The frame of a page opened from an email link: its heading, and a live region for what it
 * finds. What it finds arrives after the page has shown (the link's token is read and sent
 * once the page runs), so the frame keeps the whole first screen for it: the footer starts
 * below the screen, and however long the answer, nothing on screen moves when it comes in.
 * An intro, when the page has one, is painted with the heading: the largest text of the first
 * paint, so the answer arriving later does not become the page's largest paint.
 */
export const TokenPage = ({ heading, intro, children }: { heading: string; intro?: string; children: ReactNode }) => (
  <section aria-labelledby="page-heading" sx={{ variant: "layout.narrow", py: [7, 8], minHeight: "100vh" }}>
    <h1 id="page-heading" sx={{ variant: "text.display", fontSize: [6, 7], mb: 5 }}>
      {heading}
    </h1>
    {intro && <p sx={{ variant: "text.lead", fontSize: [3, 4], mb: 5 }}>{intro}</p>}
    <div aria-live="polite">{children}</div>
  </section>
)

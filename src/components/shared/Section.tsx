/** @jsxImportSource theme-ui */
import type { ReactNode } from "react"

interface SectionProps {
  id?: string
  heading: string
  intro?: string
  children?: ReactNode
  tone?: "plain" | "surface"
}

/** A page section with its heading; the heading names the section for screen readers. */
export const Section = ({ id, heading, intro, children, tone = "plain" }: SectionProps) => {
  const headingId = `${id ?? heading.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-heading`
  return (
    <section id={id} aria-labelledby={headingId} sx={{ bg: tone === "surface" ? "surface" : "transparent", py: [6, 7] }}>
      <div sx={{ variant: "layout.container" }}>
        <h2 id={headingId} sx={{ variant: "text.heading", fontSize: [5, 6], mb: intro ? 3 : 5 }}>
          {heading}
        </h2>
        {intro && <p sx={{ variant: "text.lead", maxWidth: 640, mb: 5 }}>{intro}</p>}
        {children}
      </div>
    </section>
  )
}

/** @jsxImportSource theme-ui */
import type { CheckCopy } from "./copy"

/** How anyone can check the draw: the commit-reveal steps in plain words (the fold's summary is their heading). */
export const CheckTheDraw = ({ copy }: { copy: CheckCopy }) => (
  <div sx={{ display: "grid", gap: 3, mb: [6, 7], maxWidth: 760 }}>
    {copy.paragraphs.map((paragraph) => (
      <p key={paragraph}>{paragraph}</p>
    ))}
  </div>
)

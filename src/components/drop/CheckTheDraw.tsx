/** @jsxImportSource theme-ui */
import { dropSectionId, type CheckCopy } from "./copy"
import { subheading } from "./ui"

/** How anyone can check the draw: the commit-reveal steps in plain words. */
export const CheckTheDraw = ({ dropId, copy }: { dropId: string; copy: CheckCopy }) => {
  const headingId = dropSectionId(dropId, "check")
  return (
    <section aria-labelledby={headingId} sx={{ mb: [6, 7], maxWidth: 760 }}>
      <h3 id={headingId} sx={subheading}>
        {copy.heading}
      </h3>
      <div sx={{ display: "grid", gap: 3 }}>
        {copy.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </section>
  )
}

/** @jsxImportSource theme-ui */

interface PageIntroProps {
  heading: string
  paragraphs: ReadonlyArray<string>
  /** Smaller and tighter, for a page whose own content should lead (the drop's pieces). */
  compact?: boolean
}

/**
 * 20px at every width (a lead is 18px on phones): on a phone the intro is then larger than the
 * cookie notice's text, which comes once the page is idle and would otherwise be its largest paint.
 */
const INTRO_SIZE = 3

/** The top of an inner page: its one h1 and an intro. */
export const PageIntro = ({ heading, paragraphs, compact = false }: PageIntroProps) => (
  <section aria-labelledby="page-heading" sx={{ borderBottom: "2px solid", borderColor: "border" }}>
    <div sx={{ variant: "layout.container", py: compact ? [4, 5] : [6, 8] }}>
      <h1 id="page-heading" sx={{ variant: "text.display", fontSize: compact ? [5, 6] : undefined, mb: compact ? 2 : 4, maxWidth: 900 }}>
        {heading}
      </h1>
      <div sx={{ display: "grid", gap: 3, maxWidth: 720 }}>
        {paragraphs.map((paragraph) => (
          <p key={paragraph} sx={{ variant: "text.lead", fontSize: compact ? [1, 2] : INTRO_SIZE }}>
            {paragraph}
          </p>
        ))}
      </div>
    </div>
  </section>
)

/** @jsxImportSource theme-ui */

interface PageIntroProps {
  heading: string
  paragraphs: ReadonlyArray<string>
}

/** The top of an inner page: its one h1 and an intro. */
export const PageIntro = ({ heading, paragraphs }: PageIntroProps) => (
  <section aria-labelledby="page-heading" sx={{ borderBottom: "2px solid", borderColor: "border" }}>
    <div sx={{ variant: "layout.container", py: [6, 8] }}>
      <h1 id="page-heading" sx={{ variant: "text.display", mb: 4, maxWidth: 900 }}>
        {heading}
      </h1>
      <div sx={{ display: "grid", gap: 3, maxWidth: 720 }}>
        {paragraphs.map((paragraph) => (
          <p key={paragraph} sx={{ variant: "text.lead" }}>
            {paragraph}
          </p>
        ))}
      </div>
    </div>
  </section>
)

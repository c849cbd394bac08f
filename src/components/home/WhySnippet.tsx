/** @jsxImportSource theme-ui */
import { Link } from "gatsby"
import { WHY_SECTION_ID } from "../../lib/routes"
import { sideBySide } from "../shared/styles"

interface WhySnippetProps {
  heading: string
  text: string
  linkLabel: string
}

/** The short brand story on Home, linking to the full one on About. */
export const WhySnippet = ({ heading, text, linkLabel }: WhySnippetProps) => (
  <section id={WHY_SECTION_ID} aria-labelledby="why-heading" sx={{ py: [6, 7] }}>
    <div
      sx={{
        variant: "layout.container",
        ...sideBySide("1fr 2fr"),
        gap: [4, 6],
        alignItems: "center",
      }}
    >
      <h2 id="why-heading" sx={{ variant: "text.display", fontSize: [7, 8], color: "primary" }}>
        {heading}
      </h2>
      <div>
        <p sx={{ fontSize: [3, 4], mb: 4 }}>{text}</p>
        <Link to="/about/" sx={{ variant: "buttons.secondary" }}>
          {linkLabel}
        </Link>
      </div>
    </div>
  </section>
)

/** @jsxImportSource theme-ui */
import { SIGNUP_SECTION_ID, WHY_SECTION_ID } from "../../lib/routes"
import { scrollToSection } from "../../lib/scroll"
import { HeroPiece, type HeroPieceProps } from "./HeroPiece"

interface HeroProps {
  eyebrow: string
  headline: string
  subtext: string
  primaryButton: string
  secondaryButton: string
  /** The announced drop's first piece, beside the headline; none when no drop is announced. */
  piece?: HeroPieceProps
}

/** An in-page link that scrolls smoothly (or jumps, under reduced motion) to a section. */
const ScrollButton = ({ target, label, variant }: { target: string; label: string; variant: "primary" | "secondary" }) => (
  <a
    href={`#${target}`}
    onClick={(event) => {
      if (scrollToSection(target)) event.preventDefault()
    }}
    sx={{ variant: `buttons.${variant}` }}
  >
    {label}
  </a>
)

export const Hero = ({ eyebrow, headline, subtext, primaryButton, secondaryButton, piece }: HeroProps) => (
  <section aria-labelledby="hero-heading" sx={{ borderBottom: "2px solid", borderColor: "border" }}>
    <div sx={{ variant: "layout.container", py: [6, 7, 8], display: "flow-root" }}>
      <p sx={{ variant: "text.eyebrow", mb: 3 }}>{eyebrow}</p>
      {piece && <HeroPiece {...piece} />}
      <h1 id="hero-heading" sx={{ variant: "text.display", maxWidth: 900, mb: 4 }}>
        {headline}
      </h1>
      <p sx={{ variant: "text.lead", maxWidth: 620, mb: 5 }}>{subtext}</p>
      <div sx={{ display: "flex", flexWrap: "wrap", gap: 3 }}>
        <ScrollButton target={SIGNUP_SECTION_ID} label={primaryButton} variant="primary" />
        <ScrollButton target={WHY_SECTION_ID} label={secondaryButton} variant="secondary" />
      </div>
    </div>
  </section>
)

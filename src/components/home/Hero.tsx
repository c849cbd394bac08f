/** @jsxImportSource theme-ui */
import { SIGNUP_SECTION_ID, WHY_SECTION_ID } from "../../lib/routes"
import { scrollToSection } from "../../lib/scroll"

interface HeroProps {
  eyebrow: string
  headline: string
  subtext: string
  primaryButton: string
  secondaryButton: string
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

export const Hero = ({ eyebrow, headline, subtext, primaryButton, secondaryButton }: HeroProps) => (
  <section aria-labelledby="hero-heading" sx={{ position: "relative", overflow: "hidden", borderBottom: "2px solid", borderColor: "border" }}>
    <div
      aria-hidden="true"
      sx={{
        position: "absolute",
        right: ["-12%", "-4%"],
        top: ["auto", "50%"],
        bottom: [-40, "auto"],
        transform: ["none", "translateY(-50%)"],
        fontFamily: "heading",
        fontSize: ["16rem", "26rem", "34rem"],
        lineHeight: 0.8,
        color: "transparent",
        WebkitTextStroke: (theme) => `3px ${theme.colors?.secondaryOutline}`,
        userSelect: "none",
        pointerEvents: "none",
      }}
    >
      94
    </div>
    <div sx={{ variant: "layout.container", position: "relative", py: [7, 8, 9] }}>
      <p sx={{ variant: "text.eyebrow", mb: 3 }}>{eyebrow}</p>
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

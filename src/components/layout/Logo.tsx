/** @jsxImportSource theme-ui */
import { Link } from "gatsby"
import { useUiCopy } from "../../hooks/use-site-content"
import { fillTemplate } from "../../signup/template"

/** The wordmark: brand name in the heading face with the number boxed in lime. */
export const Logo = ({ brand }: { brand: string }) => {
  const { logoLabel } = useUiCopy()
  const [word, ...rest] = brand.split(" ")
  return (
    <Link
      to="/"
      aria-label={fillTemplate(logoLabel, { brand })}
      sx={{
        display: "inline-flex",
        alignItems: "center",
        gap: 2,
        fontFamily: "heading",
        fontSize: [3, 4],
        letterSpacing: "-0.02em",
        textTransform: "uppercase",
        color: "text",
        textDecoration: "none",
        lineHeight: 1,
      }}
    >
      <span>{word}</span>
      {rest.length > 0 && (
        <span sx={{ bg: "primary", color: "onPrimary", px: 2, py: 1, borderRadius: "small", transform: "rotate(-4deg)" }}>{rest.join(" ")}</span>
      )}
    </Link>
  )
}

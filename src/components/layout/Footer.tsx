/** @jsxImportSource theme-ui */
import { Link } from "gatsby"
import { Suspense, useEffect, useState } from "react"
import { useAnnouncedDrop, useUiCopy } from "../../hooks/use-site-content"
import { FOOTER_LINKS } from "../../lib/routes"
import { fillTemplate } from "../../signup/template"
import { lazyAfterIdle } from "../shared/Hydration"
import { JoinDropButton } from "../shared/JoinDropButton"
import { DropLink } from "./DropLink"
import { Logo } from "./Logo"

/**
 * The social links are plain links drawn with brand marks: their code comes once the browser is
 * idle, their server HTML working until then. Server rendering takes them at once (see
 * lazyAfterIdle), and the browser's build leaves that branch out.
 */
const SocialLinks =
  process.env.BUILD_STAGE === "build-html" || process.env.BUILD_STAGE === "develop-html"
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- the server's build only: a static import would ship it to the browser
      (require("./SocialLinks") as typeof import("./SocialLinks")).SocialLinks
    : lazyAfterIdle(() => import("./SocialLinks").then((module) => module.SocialLinks))

interface FooterProps {
  brand: string
  tagline: string
  social: ReadonlyArray<{ network: string; url: string }>
  /** The build year; the visitor's clock replaces it after mount, so the line is never stale. */
  buildYear: number
}

const headingStyle = { variant: "text.eyebrow", fontSize: 0, mb: 3, color: "subtle" } as const

export const Footer = ({ brand, tagline, social, buildYear }: FooterProps) => {
  const { navigation, footer, joinButton, dropLink } = useUiCopy()
  const drop = useAnnouncedDrop()
  const [year, setYear] = useState(buildYear)
  useEffect(() => setYear(new Date().getFullYear()), [])

  return (
    <footer sx={{ borderTop: "2px solid", borderColor: "border", bg: "surface", mt: 8 }}>
      <div
        sx={{
          variant: "layout.container",
          py: 6,
          display: "grid",
          gap: 5,
          gridTemplateColumns: ["1fr", "1fr 1fr", "2fr 1fr 1fr 1.2fr"],
        }}
      >
        <div>
          <Logo brand={brand} />
          <p sx={{ mt: 3, fontFamily: "heading", fontSize: 3, textTransform: "uppercase", color: "primary" }}>{tagline}</p>
        </div>
        <nav aria-label={footer.label}>
          <h2 sx={headingStyle}>{footer.quickLinks}</h2>
          <ul sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 2 }}>
            {FOOTER_LINKS.map(({ page, to }) => (
              <li key={to}>
                <Link to={to} sx={{ variant: "links.inline", color: "text", textDecoration: "none", "&:hover": { color: "primary" } }}>
                  {navigation[page]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 sx={headingStyle}>{footer.follow}</h2>
          <Suspense fallback={null}>
            <SocialLinks brand={brand} social={social} linkLabel={footer.socialLink} />
          </Suspense>
        </div>
        <div>
          <h2 sx={headingStyle}>{footer.earlyAccess}</h2>
          <div sx={{ display: "grid", gap: 3, justifyItems: "start" }}>
            {drop && <DropLink drop={drop} copy={dropLink} />}
            <JoinDropButton label={joinButton} />
          </div>
        </div>
      </div>
      <div sx={{ borderTop: "1px solid", borderColor: "border" }}>
        <p sx={{ variant: "layout.container", py: 3, fontSize: 0, color: "subtle" }}>{fillTemplate(footer.copyright, { year: String(year), brand })}</p>
      </div>
    </footer>
  )
}

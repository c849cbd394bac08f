/** @jsxImportSource theme-ui */
import { Link } from "gatsby"
import { useEffect, useRef } from "react"
import { useSiteContent, useUiCopy } from "../../hooks/use-site-content"
import { placeLine } from "../../lib/list-size"
import { ShareToMoveUp } from "./ShareToMoveUp"
import { formatCount } from "../../lib/numbers"

interface PlaceInLineProps {
  position: number
  /** The list's size, when the server tells it. */
  total?: number
  referralUrl: string
  /** The signup's own status page: its pass. */
  statusUrl: string
  /** The heading's level: under the page's heading (h2) or under a section's (h3). */
  headingLevel?: "h2" | "h3"
  /** Moves focus to the heading, which takes the place of the form that was used. */
  takeFocus?: boolean
}

/** The path and fragment of the status link: a link within the site, so it opens without a full reload. */
const pathOf = (url: string): string => {
  const { pathname, hash } = new URL(url)
  return `${pathname}${hash}`
}

/**
 * "You're in" after joining or confirming: the place (told without a number while the list is
 * smaller than the site's claim: lib/list-size.ts), a large button to the pass, and the referral
 * link with ways to share it.
 */
export const PlaceInLine = ({ position, total, referralUrl, statusUrl, headingLevel: Heading = "h3", takeFocus = false }: PlaceInLineProps) => {
  const { language, showListSizeFrom } = useSiteContent()
  const { waitlist: copy } = useUiCopy()
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (takeFocus) headingRef.current?.focus()
  }, [takeFocus])
  return (
    <div sx={{ display: "grid", gap: 4 }}>
      <Heading ref={headingRef} tabIndex={-1} sx={{ variant: "text.heading", fontSize: [5, 6], color: "primary", outlineOffset: "4px" }}>
        {placeLine(copy, position, total, showListSizeFrom, (value) => formatCount(value, language))}
      </Heading>
      <div sx={{ display: "grid", gap: 2, justifyItems: "start" }}>
        <Link to={pathOf(statusUrl)} sx={{ variant: "buttons.primary", width: ["100%", "auto"] }}>
          {copy.statusButton}
        </Link>
        <p sx={{ fontSize: 0, color: "subtle" }}>{copy.passHint}</p>
      </div>
      <ShareToMoveUp referralUrl={referralUrl} />
    </div>
  )
}

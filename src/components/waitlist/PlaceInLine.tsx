/** @jsxImportSource theme-ui */
import { useSiteContent, useUiCopy } from "../../hooks/use-site-content"
import { placeLine } from "../../lib/list-size"
import { fillTemplate } from "../../lib/template"
import { ShareActions } from "./ShareActions"

interface PlaceInLineProps {
  position: number
  /** The list's size, when the server may tell it. */
  total?: number
  referralUrl: string
  /** The signup's own status page, offered right after joining; the status page itself has none. */
  statusUrl?: string
  /** Confirmed friends who came through the link, shown on the status page. */
  referrals?: number
}

/**
 * "You're #N of M" ("You're #N" while the list is smaller than the size the site starts
 * showing: content/site.json), how to move up, and the referral link with ways to share it.
 */
export const PlaceInLine = ({ position, total, referralUrl, statusUrl, referrals }: PlaceInLineProps) => {
  const { brand, language, showListSizeFrom } = useSiteContent()
  const { waitlist: copy } = useUiCopy()
  const number = new Intl.NumberFormat(language)
  const [hintBefore, hintAfter = ""] = copy.statusHint.split("{statusLink}")
  return (
    <div sx={{ display: "grid", gap: 3 }}>
      <p sx={{ variant: "text.heading", fontSize: [5, 6], color: "primary" }}>
        {placeLine(copy, position, total, showListSizeFrom, (value) => number.format(value))}
      </p>
      {referrals !== undefined && <p sx={{ fontWeight: "bold" }}>{fillTemplate(copy.referrals, { count: number.format(referrals) })}</p>}
      <p sx={{ color: "subtle" }}>{copy.shareIntro}</p>
      <ShareActions url={referralUrl} brand={brand} />
      {statusUrl && (
        <p sx={{ fontSize: 0, color: "subtle" }}>
          {hintBefore}
          <a href={statusUrl} sx={{ variant: "links.inline" }}>
            {copy.statusLink}
          </a>
          {hintAfter}
        </p>
      )}
    </div>
  )
}

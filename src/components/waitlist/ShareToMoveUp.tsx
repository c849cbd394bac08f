/** @jsxImportSource theme-ui */
import { useSiteContent, useUiCopy } from "../../hooks/use-site-content"
import { fillTemplate } from "../../signup/template"
import { ShareActions } from "./ShareActions"
import { formatCount } from "../../lib/numbers"

interface ShareToMoveUpProps {
  referralUrl: string
  /** Confirmed friends who came through the link (the status page); none right after joining. */
  referrals?: number
  /** Friends who came through the link and wait for the team's review: told as waiting, never as nothing. */
  waiting?: number
}

/** How to move up: the friends brought so far, then the referral link with ways to share it. */
export const ShareToMoveUp = ({ referralUrl, referrals, waiting = 0 }: ShareToMoveUpProps) => {
  const { brand, language } = useSiteContent()
  const { waitlist: copy } = useUiCopy()
  return (
    <div sx={{ display: "grid", gap: 3 }}>
      {referrals !== undefined && (
        <div>
          <p sx={{ fontWeight: "bold" }}>{fillTemplate(copy.referrals, { count: formatCount(referrals, language) })}</p>
          {waiting > 0 && <p sx={{ color: "subtle" }}>{fillTemplate(copy.waiting, { count: formatCount(waiting, language) })}</p>}
        </div>
      )}
      <p sx={{ color: "subtle" }}>{copy.shareIntro}</p>
      <ShareActions url={referralUrl} brand={brand} />
    </div>
  )
}

/** @jsxImportSource theme-ui */
import { Link } from "gatsby"
import { useState, type ReactNode } from "react"
import { useLinkTokenRequest } from "../../hooks/use-link-token"
import { useNow } from "../../hooks/use-now"
import { useSiteContent, useUiCopy } from "../../hooks/use-site-content"
import { placeLine } from "../../lib/list-size"
import { HOME_SIGNUP_PATH } from "../../lib/routes"
import { fetchWaitlistStatus } from "../../lib/waitlist-client"
import { DropEntries } from "./DropEntries"
import type { DropEntryCopy, EntryDrop } from "./drop-entry-copy"
import { FreshLink, type LinkTroubleCopy } from "./FreshLink"
import { InvitedNote, type InvitedNoteCopy } from "./InvitedNote"
import { Leaderboard, type LeaderboardCopy } from "./Leaderboard"
import { LeaveList, type LeaveListCopy } from "./LeaveList"
import { PageMessage } from "./PageMessage"
import { Rewards, type RewardsCopy, type RewardTier } from "./Rewards"
import { ShareToMoveUp } from "./ShareToMoveUp"
import { formatCount } from "../../lib/numbers"

export interface StatusLookupCopy extends LinkTroubleCopy {
  heading: string
  eyebrow: string
  intro: string
  loading: string
  pendingHeading: string
  pending: string
  badLink: { heading: string; button: string }
  invited: InvitedNoteCopy
  leave: LeaveListCopy & { left: string }
  rewards: RewardsCopy
  leaderboard: LeaderboardCopy
  drop: DropEntryCopy
}

/** The drops a confirmed person may enter from the page (content/drops.json, built into the page). */
export interface StatusDrops {
  minimumAge: number
  drops: ReadonlyArray<EntryDrop>
}

interface PassProps {
  eyebrow: string
  heading: string
  /** What the answer brought; none while it is on its way. */
  children?: ReactNode
  /** While the answer is on its way: the page's note and "Looking up your place...". */
  lookingUp?: { intro: string; text: string }
}

/**
 * The frame of the pass: a small line, the heading (the place, the next step, or what went
 * wrong: one element whose words change) and what the answer brought. The answer arrives after
 * the page has shown, so the first paint is built to stay still and to be the largest: the live
 * region is empty (nothing in it to move), the page's note is painted large below it, and both
 * it and the looking-up line go when the answer comes; the whole first screen is kept, so the
 * footer never moves on screen either.
 */
const Pass = ({ eyebrow, heading, children, lookingUp }: PassProps) => (
  <section aria-labelledby="page-heading" sx={{ variant: "layout.narrow", py: [6, 8], minHeight: "100vh" }}>
    <p sx={{ variant: "text.eyebrow", mb: 3 }}>{eyebrow}</p>
    <h1 id="page-heading" sx={{ variant: "text.display", fontSize: [6, 7], mb: 5, textWrap: "balance" }}>
      {heading}
    </h1>
    <div aria-live="polite">{children}</div>
    {lookingUp && (
      <>
        <p sx={{ variant: "text.lead", fontSize: [3, 4], mb: 5 }}>{lookingUp.intro}</p>
        <p sx={{ variant: "text.lead" }}>{lookingUp.text}</p>
      </>
    )}
  </section>
)

/**
 * The status page, a pass: the place (or the next step) first, how to move up, the rewards
 * earned and the next one (tiers from content/rewards.json, built into the page), the
 * leaderboard when the service sends one, the drops to enter, the privacy note in small print
 * and the way to leave. The link's token stays in its fragment, so a bookmark opens it again; a
 * link that did not work says so and offers to email the person their link.
 */
export const StatusLookup = ({ copy, tiers, drops }: { copy: StatusLookupCopy; tiers: readonly RewardTier[]; drops?: StatusDrops }) => {
  const { language, showListSizeFrom } = useSiteContent()
  const { waitlist: ui } = useUiCopy()
  const { token, outcome, retry } = useLinkTokenRequest(fetchWaitlistStatus)
  const [left, setLeft] = useState(false)
  // The time the page started, read once: the drops' times are in the reader's zone from their first paint.
  const startedAt = useNow(false)
  const frame = { eyebrow: copy.eyebrow }
  // For someone who was never on the list: the way to join, after the form that mails a link.
  const joinInstead = (
    <Link to={HOME_SIGNUP_PATH} sx={{ variant: "links.inline", display: "inline-block", mt: 4 }}>
      {copy.joinLink}
    </Link>
  )

  if (left)
    return (
      <Pass {...frame} heading={copy.heading}>
        <PageMessage text={copy.leave.left} takeFocus />
      </Pass>
    )
  if (token === null)
    return (
      <Pass {...frame} heading={copy.heading}>
        <FreshLink copy={{ ...copy.expired, button: copy.badLink.button }} text={copy.noToken} />
        {joinInstead}
      </Pass>
    )
  if (token === undefined || outcome === null) return <Pass {...frame} heading={copy.heading} lookingUp={{ intro: copy.intro, text: copy.loading }} />
  if (outcome.kind === "notFound")
    return (
      <Pass {...frame} heading={copy.badLink.heading}>
        <FreshLink copy={{ ...copy.expired, button: copy.badLink.button }} text={copy.notFound} />
        {joinInstead}
      </Pass>
    )
  if (outcome.kind === "expired")
    return (
      <Pass {...frame} heading={copy.badLink.heading}>
        <FreshLink copy={copy.expired} />
      </Pass>
    )
  if (outcome.kind === "failed")
    return (
      <Pass {...frame} heading={copy.heading}>
        <PageMessage text={copy.failed} retry={{ label: copy.retry, onRetry: retry }} />
      </Pass>
    )
  const { status } = outcome
  const leave = <LeaveList token={token} copy={copy.leave} onLeft={() => setLeft(true)} />
  // Whose page this is and why its link stays private: small print, after what the person came for.
  const smallPrint = <p sx={{ mt: 6, fontSize: 0, color: "subtle", maxWidth: 560 }}>{copy.intro}</p>
  if (status.status === "pending" || status.position === null)
    return (
      <Pass {...frame} heading={copy.pendingHeading}>
        <p sx={{ variant: "text.lead" }}>{copy.pending}</p>
        {smallPrint}
        {leave}
      </Pass>
    )
  return (
    <Pass {...frame} heading={placeLine(ui, status.position, status.total, showListSizeFrom, (value) => formatCount(value, language))}>
      {status.invited && <InvitedNote copy={copy.invited} redeemed={status.redeemed} />}
      <ShareToMoveUp referralUrl={status.referralUrl} referrals={status.referrals} waiting={status.waiting} />
      <Rewards tiers={tiers} referrals={status.referrals} milestone={status.milestone} copy={copy.rewards} />
      {status.leaderboard && <Leaderboard rows={status.leaderboard} copy={copy.leaderboard} />}
      {drops && (
        <DropEntries
          drops={drops.drops}
          minimumAge={drops.minimumAge}
          entries={status.drops ?? {}}
          referrals={status.referrals}
          token={token}
          copy={copy.drop}
          startedAt={startedAt}
        />
      )}
      {smallPrint}
      {leave}
    </Pass>
  )
}

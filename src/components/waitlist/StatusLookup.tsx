/** @jsxImportSource theme-ui */
import { useState } from "react"
import { useLinkTokenRequest } from "../../hooks/use-link-token"
import { fetchWaitlistStatus } from "../../lib/waitlist-client"
import { FreshLink, type FreshLinkCopy } from "./FreshLink"
import { InvitedNote, type InvitedNoteCopy } from "./InvitedNote"
import { Leaderboard, type LeaderboardCopy } from "./Leaderboard"
import { LeaveList, type LeaveListCopy } from "./LeaveList"
import { PageMessage } from "./PageMessage"
import { PlaceInLine } from "./PlaceInLine"
import { Rewards, type RewardsCopy, type RewardTier } from "./Rewards"

export interface StatusLookupCopy {
  loading: string
  pending: string
  expired: FreshLinkCopy
  noToken: string
  notFound: string
  failed: string
  retry: string
  joinLink: string
  invited: InvitedNoteCopy
  leave: LeaveListCopy & { left: string }
  rewards: RewardsCopy
  leaderboard: LeaderboardCopy
}

/**
 * The status page's body: looks up the place behind the link's token and shows it, the rewards
 * reached and the next one (tiers from content/rewards.json, built into the page), the
 * leaderboard when the service sends one, and the way to leave.
 */
export const StatusLookup = ({ copy, tiers }: { copy: StatusLookupCopy; tiers: readonly RewardTier[] }) => {
  const { token, outcome, retry } = useLinkTokenRequest(fetchWaitlistStatus)
  const [left, setLeft] = useState(false)

  if (left) return <PageMessage text={copy.leave.left} takeFocus />
  if (token === null) return <PageMessage text={copy.noToken} joinLabel={copy.joinLink} />
  if (token === undefined || outcome === null) return <p sx={{ variant: "text.lead" }}>{copy.loading}</p>
  if (outcome.kind === "notFound") return <PageMessage text={copy.notFound} joinLabel={copy.joinLink} />
  if (outcome.kind === "expired") return <FreshLink copy={copy.expired} />
  if (outcome.kind === "failed") return <PageMessage text={copy.failed} retry={{ label: copy.retry, onRetry: retry }} />
  const { status } = outcome
  return (
    <div>
      {status.invited && <InvitedNote copy={copy.invited} redeemed={status.redeemed} />}
      {status.status === "pending" || status.position === null ? (
        <PageMessage text={copy.pending} />
      ) : (
        <>
          <PlaceInLine position={status.position} total={status.total} referralUrl={status.referralUrl} referrals={status.referrals} />
          <Rewards tiers={tiers} referrals={status.referrals} milestone={status.milestone} copy={copy.rewards} />
          {status.leaderboard && <Leaderboard rows={status.leaderboard} copy={copy.leaderboard} />}
        </>
      )}
      <LeaveList token={token} copy={copy.leave} onLeft={() => setLeft(true)} />
    </div>
  )
}

/** @jsxImportSource theme-ui */
import { useState } from "react"
import { useLinkTokenRequest } from "../../hooks/use-link-token"
import { useNow } from "../../hooks/use-now"
import { fetchWaitlistStatus } from "../../lib/waitlist-client"
import { DropEntries } from "./DropEntries"
import type { DropEntryCopy, EntryDrop } from "./drop-entry-copy"
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
  drop: DropEntryCopy
}

/** The drops a confirmed person may enter from the page (content/drops.json, built into the page). */
export interface StatusDrops {
  minimumAge: number
  drops: ReadonlyArray<EntryDrop>
}

/**
 * The status page's body: looks up the place behind the link's token and shows it, the rewards
 * reached and the next one (tiers from content/rewards.json, built into the page), the
 * leaderboard when the service sends one, the drops to enter, and the way to leave.
 */
export const StatusLookup = ({ copy, tiers, drops }: { copy: StatusLookupCopy; tiers: readonly RewardTier[]; drops?: StatusDrops }) => {
  const { token, outcome, retry } = useLinkTokenRequest(fetchWaitlistStatus)
  const [left, setLeft] = useState(false)
  // The time the page started, read once: the drops' times are in the reader's zone from their first paint.
  const startedAt = useNow(false)

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
        </>
      )}
      <LeaveList token={token} copy={copy.leave} onLeft={() => setLeft(true)} />
    </div>
  )
}

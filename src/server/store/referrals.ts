/**
 * Confirmed referrals as the line counts them: a referrer's count moves them between bands, a
 * gain may reach a reward tier (milestone-announcer.ts), and a referrer past the day's cap has
 * further referrals held for the owner (referral-review.ts).
 */
import type { SqlExecutor } from "./database"
import { milestoneAnnouncer } from "./milestone-announcer"
import { DEFAULT_REFERRAL_DAILY_CAP, reachedDailyCap } from "./referral-review"
import type { StoreContext } from "./store-context"

export interface ReferralCounter {
  /**
   * Confirmed referrals gained (or lost, below zero): the referrer's count changes, and if it is
   * confirmed it moves bands; a gain may reach a reward tier. A loss never lowers the milestone.
   */
  countReferral(tx: SqlExecutor, referralCode: string, referrals: number, at: string): Promise<void>
  /**
   * A confirmed friend's referral counts for its referrer, unless the referrer has had the day's
   * cap credited already: then it is held for the owner. Returns whether it counted.
   */
  creditReferral(tx: SqlExecutor, friendId: number | string, referralCode: string, now: Date): Promise<boolean>
  /** Announces the reward tiers the signups chosen by `where` reached and were not told of. */
  announceMilestones: ReturnType<typeof milestoneAnnouncer>
}

export function referralCounter({ options, line }: StoreContext): ReferralCounter {
  const announceMilestones = milestoneAnnouncer(options)

  async function countReferral(tx: SqlExecutor, referralCode: string, referrals: number, at: string): Promise<void> {
    await tx.query(line.removeFromBucket("s.referral_code = $1"), [referralCode])
    await tx.query("update signups set referrals = referrals + $2 where referral_code = $1", [referralCode, referrals])
    await tx.query(line.addToBuckets("s.referral_code = $1"), [referralCode])
    if (referrals > 0) await announceMilestones(tx, "referral_code = $1", referralCode, at)
  }

  async function creditReferral(tx: SqlExecutor, friendId: number | string, referralCode: string, now: Date): Promise<boolean> {
    const at = now.toISOString()
    if (await reachedDailyCap(tx, referralCode, at, options.referralDailyCap ?? DEFAULT_REFERRAL_DAILY_CAP, friendId)) {
      await tx.query("update signups set referral_held = 'daily_cap' where id = $1", [friendId])
      return false
    }
    await countReferral(tx, referralCode, 1, at)
    return true
  }

  return { countReferral, creditReferral, announceMilestones }
}

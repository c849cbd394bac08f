/**
 * Referral milestones: the reward tiers of content/rewards.json, and which of them a signup has
 * reached. Plain functions, shared by the status page (which shows them) and the store (which
 * announces a tier once it is reached).
 */

/** People on the masked leaderboard (the copy writes it out: "the ten people"). */
export const LEADERBOARD_SIZE = 10

/**
 * Fewer confirmed referrals than this, and no one is on the leaderboard ("{minFriends}" in the
 * copy). The partial index `signups_leaderboard` (migrations.ts) holds exactly these signups, so a
 * change here needs a new index there (schema-parity.test.ts checks it).
 */
export const LEADERBOARD_MIN_REFERRALS = 3

/** A tier as the logic needs it: reached with `referrals` confirmed friends. */
export interface TierThreshold {
  referrals: number
}

/**
 * Where a signup stands on the tiers (sorted by `referrals`, increasing). A tier once announced
 * (`milestone`: the highest the signup was told of) stays reached, even after a friend leaves;
 * the next tier counts the friends there are now.
 */
export const rewardProgress = <Tier extends TierThreshold>(
  tiers: readonly Tier[],
  referrals: number,
  milestone = 0,
): { reached: Tier[]; next: Tier | null } => {
  const reachedUpTo = Math.max(referrals, milestone)
  return { reached: tiers.filter((tier) => tier.referrals <= reachedUpTo), next: tiers.find((tier) => tier.referrals > reachedUpTo) ?? null }
}

/** The tiers newly reached at `referrals` by a signup already told of `milestone`: never one twice. */
export const newlyReached = <Tier extends TierThreshold>(tiers: readonly Tier[], referrals: number, milestone: number): Tier[] =>
  tiers.filter((tier) => tier.referrals > milestone && tier.referrals <= referrals)

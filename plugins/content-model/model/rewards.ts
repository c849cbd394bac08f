/** content/rewards.json: the referral rewards and the leaderboard setting. */
import { z } from "zod"
import { LEADERBOARD_MIN_REFERRALS, LEADERBOARD_SIZE } from "../../../src/signup/rewards"
import { contentFile, labelled, longText, record, text, wholeNumber, yesNo } from "../fields"

/** Most tiers the status page has room for. */
export const MAX_REWARD_TIERS = 6

/** Tiers from fewest to most friends, each number once: "reached 3" must mean one tier. */
const rewardTiers = z
  .array(
    record(
      {
        referrals: labelled(
          wholeNumber("how many friends must join through someone's link (and confirm) to unlock this reward", { min: 1, max: 1_000_000 }),
          "Friends needed",
        ),
        reward: text('the reward\'s name, like "A sticker pack"'),
        description: longText("one short line about the reward"),
      },
      "a reward tier",
      { typeName: "RewardTier" },
    ),
    { error: (issue) => (issue.input === undefined ? "is missing - list the reward tiers" : "must be a list [ ... ] of reward tiers") },
  )
  .max(MAX_REWARD_TIERS, {
    error: (issue) => `has ${Array.isArray(issue.input) ? issue.input.length : 0} tiers - the status page has room for at most ${MAX_REWARD_TIERS}`,
  })
  .superRefine((tiers, context) => {
    tiers.forEach((tier, index) => {
      const before = tiers[index - 1]
      if (!before || tier.referrals > before.referrals) return
      context.addIssue({
        code: "custom",
        path: [index, "referrals"],
        message:
          tier.referrals === before.referrals
            ? `is ${tier.referrals}, the same as the tier before it - each tier needs its own number of friends`
            : `is ${tier.referrals}, fewer than the tier before it (${before.referrals}) - list the tiers from fewest to most friends`,
      })
    })
  })
  .describe("the reward tiers, from fewest to most friends")

export const rewards = contentFile(
  {
    tiers: rewardTiers,
    showLeaderboard: labelled(
      yesNo(
        `whether the status page shows the top ${LEADERBOARD_SIZE} referrers, their addresses masked like j***@g***.com (no one below ${LEADERBOARD_MIN_REFERRALS} friends)`,
      ),
      "Show the leaderboard",
    ),
  },
  "the referral rewards and the leaderboard setting",
)

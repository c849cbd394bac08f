/** @jsxImportSource theme-ui */
import { useId } from "react"
import { useSiteContent } from "../../hooks/use-site-content"
import { fillTemplate } from "../../signup/template"
import { rewardProgress } from "../../signup/rewards"
import { Icon } from "../shared/Icon"
import { formatCount } from "../../lib/numbers"

/** A reward tier from content/rewards.json. */
export interface RewardTier {
  referrals: number
  reward: string
  description: string
}

export interface RewardsCopy {
  heading: string
  intro: string
  friend: string
  friends: string
  reached: string
  next: string
  nextOne: string
  allReached: string
}

interface RewardsProps {
  /** From fewest to most friends (the content check makes sure). */
  tiers: readonly RewardTier[]
  /** Confirmed friends who came through the signup's link. */
  referrals: number
  /** The highest tier announced to the signup: it stays reached when a friend leaves. */
  milestone: number
  copy: RewardsCopy
}

/**
 * The reward tiers on the status page: the progress towards the next one (a labelled progress
 * bar), then every tier, the ones reached marked. Nothing shows when there are no tiers.
 */
export const Rewards = ({ tiers, referrals, milestone, copy }: RewardsProps) => {
  const id = useId()
  const { language } = useSiteContent()
  if (tiers.length === 0) return null
  const { reached, next } = rewardProgress(tiers, referrals, milestone)
  const friendsLabel = (count: number) => (count === 1 ? copy.friend : fillTemplate(copy.friends, { count: formatCount(count, language) }))
  const sofar = next ? Math.min(referrals, next.referrals) : 0
  return (
    <section aria-labelledby={`${id}-heading`} sx={{ mt: 6, pt: 5, borderTop: "2px solid", borderColor: "border", display: "grid", gap: 4 }}>
      <div sx={{ display: "grid", gap: 2 }}>
        <h2 id={`${id}-heading`} sx={{ variant: "text.heading", fontSize: [3, 4] }}>
          {copy.heading}
        </h2>
        <p sx={{ color: "subtle" }}>{copy.intro}</p>
      </div>
      {next ? (
        <div sx={{ display: "grid", gap: 2 }}>
          <p id={`${id}-progress`} sx={{ fontWeight: "bold" }}>
            {fillTemplate(next.referrals === 1 ? copy.nextOne : copy.next, {
              count: formatCount(sofar, language),
              needed: formatCount(next.referrals, language),
              reward: next.reward,
            })}
          </p>
          <div
            role="progressbar"
            aria-labelledby={`${id}-progress`}
            aria-valuemin={0}
            aria-valuemax={next.referrals}
            aria-valuenow={sofar}
            sx={{ height: 14, bg: "muted", border: "2px solid", borderColor: "border", borderRadius: "pill", overflow: "hidden" }}
          >
            <div sx={{ height: "100%", width: `${(100 * sofar) / next.referrals}%`, bg: "primary", borderRadius: "pill" }} />
          </div>
        </div>
      ) : (
        <p sx={{ fontWeight: "bold", color: "primary" }}>{copy.allReached}</p>
      )}
      <ol sx={{ listStyle: "none", p: 0, display: "grid", gap: 3 }}>
        {tiers.map((tier) => {
          const unlocked = reached.includes(tier)
          return (
            <li
              key={tier.referrals}
              sx={{
                display: "grid",
                gridTemplateColumns: "auto 1fr",
                gap: 3,
                alignItems: "start",
                p: 3,
                bg: "surface",
                border: "2px solid",
                borderColor: unlocked ? "primary" : "border",
                borderRadius: "default",
              }}
            >
              <span sx={{ display: "flex", color: unlocked ? "primary" : "subtle", pt: 1 }}>
                <Icon name={unlocked ? "check" : "star"} />
              </span>
              <div sx={{ display: "grid", gap: 1 }}>
                <p sx={{ variant: "text.eyebrow", color: unlocked ? "primary" : "subtle" }}>
                  {friendsLabel(tier.referrals)}
                  {unlocked && ` · ${copy.reached}`}
                </p>
                <h3 sx={{ variant: "text.heading", fontSize: [2, 3] }}>{tier.reward}</h3>
                <p sx={{ color: "subtle" }}>{tier.description}</p>
              </div>
            </li>
          )
        })}
      </ol>
    </section>
  )
}

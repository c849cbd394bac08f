/**
 * Reward tiers as the store announces them (content/rewards.json, see SqlStoreOptions): when a
 * confirmed referral brings a signup to a tier it was not told of, in the same transaction.
 */
import { newlyReached } from "../../signup/rewards"
import { hashToken, newSecretToken } from "../keys/codes"
import { insertRows, type SqlExecutor } from "./database"
import { eventSignupId, recordEvents } from "./events"
import { queueMessages } from "./outbox-store"
import type { SqlStoreOptions } from "./store-context"
import type { MilestonePayload } from "./contract/mail"
import { statusTokenExpiry, type NewToken } from "./contract/signups"

/** Writes a token for a signup, stored by its hash; an unsubscribe token never expires. */
export const insertToken = (tx: SqlExecutor, signupId: number | string, token: NewToken | { kind: "unsubscribe"; hash: string }) =>
  insertRows(
    tx,
    "signup_tokens",
    ["hash", "signup_id", "kind", "expires_at"],
    [[token.hash, signupId, token.kind, token.kind === "unsubscribe" ? null : token.expiresAt]],
  )

/** The announcer for the store's tiers: a no-op when there are none. */
export const milestoneAnnouncer = (options: Pick<SqlStoreOptions, "milestones" | "milestoneEmails" | "events">) => {
  const milestones = [...(options.milestones ?? [])].sort((a, b) => a.referrals - b.referrals)

  /**
   * Announces the reward tiers a confirmed signup has newly reached, inside the caller's
   * transaction: its `milestone` goes up to the highest (so none is announced twice), one email
   * names that one (with a new status link, and an unsubscribe link like every email), and each
   * tier is a `milestone.reached` event.
   */
  return async (tx: SqlExecutor, where: string, value: string | number, at: string): Promise<void> => {
    if (milestones.length === 0) return
    const [me] = await tx.query<{ id: number | string; email: string; referrals: number | string; milestone: number | string }>(
      `select id, email, referrals, milestone from signups where ${where} and status = 'confirmed'`,
      [value],
    )
    if (!me) return
    const referrals = Number(me.referrals)
    const reached = newlyReached(milestones, referrals, Number(me.milestone))
    const highest = reached.at(-1)
    if (!highest) return
    await tx.query("update signups set milestone = $2 where id = $1", [me.id, highest.referrals])
    if (options.milestoneEmails) {
      const statusToken = newSecretToken()
      const unsubscribeToken = newSecretToken()
      await insertToken(tx, me.id, { kind: "status", hash: hashToken(statusToken), expiresAt: statusTokenExpiry(at) })
      await insertToken(tx, me.id, { kind: "unsubscribe", hash: hashToken(unsubscribeToken) })
      const payload: MilestonePayload = { to: me.email, referrals: String(highest.referrals), reward: highest.reward, statusToken, unsubscribeToken }
      await queueMessages(tx, [{ signupId: me.id, message: { kind: "milestone", payload, unsubscribeTokenHash: hashToken(unsubscribeToken) }, at }])
    }
    if (options.events) {
      await recordEvents(
        tx,
        reached.map((tier) => ({
          type: "milestone.reached" as const,
          signupId: me.id,
          timestamp: at,
          data: { id: eventSignupId(me.id), email: me.email, referrals, tier: { referrals: tier.referrals, reward: tier.reward } },
        })),
      )
    }
  }
}

/**
 * Confirming a signup (double opt-in): its token is used once, the signup joins the line, an
 * address that had left is back on purpose, its referral counts for its referrer (or is held),
 * and reward tiers its friends reached meanwhile are announced.
 */
import { suppressionKey } from "../keys/suppression-key"
import { recordEvents } from "./events"
import type { ReferralCounter } from "./referrals"
import { confirmedEvent, referralEvent, standingOf, type PlaceColumns, type SignupRow } from "./signup-rows"
import type { StandingWhere, StoreContext } from "./store-context"
import type { ConfirmResult, SignupsStore } from "./contract/signups"
import { TALLIED_COLUMNS, tallyConfirmations, type TalliedRow } from "./tallies"

export function confirmation(
  { options, line, pepper, transaction }: StoreContext,
  { creditReferral, announceMilestones }: Pick<ReferralCounter, "creditReferral" | "announceMilestones">,
  standingWhere: StandingWhere,
): SignupsStore["confirm"] {
  async function confirm(tokenHash: string, now: Date): Promise<ConfirmResult> {
    return transaction(async (tx) => {
      // One statement claims the token, so two clicks cannot both use it.
      const [claimed] = await tx.query<{ signup_id: number | string }>(
        "update signup_tokens set used_at = $2 where hash = $1 and kind = 'confirm' and used_at is null and expires_at > $2 returning signup_id",
        [tokenHash, now.toISOString()],
      )
      if (!claimed) {
        const [known] = await tx.query("select 1 as known from signup_tokens where hash = $1 and kind = 'confirm'", [tokenHash])
        return known ? { kind: "expired" } : { kind: "unknown" }
      }
      const [changed] = await tx.query<{ referred_by: string | null; referral_held: string | null; email_key: string } & TalliedRow>(
        `update signups set status = 'confirmed', confirmed_at = $2 where id = $1 and status = 'pending' returning referred_by, referral_held, email_key, ${TALLIED_COLUMNS}`,
        [claimed.signup_id, now.toISOString()],
      )
      let credited = false
      if (changed) {
        // The address's owner confirmed: if it had left the list, it is back, on purpose.
        const lifted = await tx.query("delete from signup_suppressions where key_hash = $1 returning key_hash", [suppressionKey(pepper(), changed.email_key)])
        if (lifted.length > 0) await options.recordErasure?.({ at: now.toISOString(), key: suppressionKey(pepper(), changed.email_key), kind: "back" })
        await tallyConfirmations(tx, [changed])
        await tx.query(line.addToBuckets("s.id = $1"), [claimed.signup_id])
        credited = changed.referred_by !== null && changed.referral_held === null && (await creditReferral(tx, claimed.signup_id, changed.referred_by, now))
        // Friends who confirmed while this signup was not yet confirmed may have reached a tier.
        await announceMilestones(tx, "id = $1", claimed.signup_id, now.toISOString())
      }
      const [row] = await tx.query<SignupRow & PlaceColumns>(line.standing("signups s", "s.id = $1"), [claimed.signup_id])
      const standing = row && standingOf(row)
      if (changed && standing && options.events) {
        const at = now.toISOString()
        const referrer = credited && changed.referred_by ? await standingWhere(tx, "s.referral_code = $1", [changed.referred_by]) : null
        await recordEvents(tx, [
          confirmedEvent(claimed.signup_id, standing, at),
          ...(referrer ? [referralEvent(referrer, referrer.referrals, claimed.signup_id, at)] : []),
        ])
      }
      return standing?.place ? { kind: "confirmed", signup: standing.signup, place: standing.place } : { kind: "unknown" }
    })
  }

  return confirm
}

/**
 * Signups looked up by address and by token: the signup itself, where it stands, whether a link
 * has expired, the leaderboard; and a new token for a signup.
 */
import { LEADERBOARD_MIN_REFERRALS } from "../../signup/rewards"
import { insertToken } from "./milestone-announcer"
import { columnsOf, iso, standingOf, toSignup, type PlaceColumns, type SignupRow } from "./signup-rows"
import type { StoreContext } from "./store-context"
import type { NewToken, SignupsStore, TopReferrer } from "./contract/signups"

type SignupLookups = Pick<SignupsStore, "addToken" | "findSignup" | "statusTokenExpired" | "unsubscribeTokenExpired" | "standingByStatusToken" | "topReferrers">

export function signupLookups({ line, query, transaction }: StoreContext): SignupLookups {
  async function addToken(emailKey: string, token: NewToken): Promise<void> {
    await transaction(async (tx) => {
      const [signup] = await tx.query<{ id: number | string }>("select id from signups where email_key = $1", [emailKey])
      if (signup) await insertToken(tx, signup.id, token)
    })
  }

  async function findSignup(emailKey: string) {
    const [row] = await query<SignupRow>(`select ${columnsOf("s")} from signups s where s.email_key = $1`, [emailKey])
    return row ? toSignup(row) : null
  }

  /** Whether a token of `kind` is known and past its time. */
  async function tokenExpired(kind: "status" | "unsubscribe", tokenHash: string, now: Date): Promise<boolean> {
    const [row] = await query<{ expires_at: Date | string | null }>("select expires_at from signup_tokens where hash = $1 and kind = $2", [tokenHash, kind])
    return row?.expires_at != null && Date.parse(iso(row.expires_at)) <= now.getTime()
  }

  async function standingByStatusToken(tokenHash: string) {
    const [row] = await query<SignupRow & PlaceColumns>(
      line.standing("signup_tokens t join signups s on s.id = t.signup_id", "t.hash = $1 and t.kind = 'status'"),
      [tokenHash],
    )
    if (!row) return null
    // Friends held from the count for the owner's review: the referrer sees them as waiting, not as nothing.
    const [held] = await query<{ n: number | string }>("select count(*) as n from signups where referred_by = $1 and referral_held is not null", [
      row.referral_code,
    ])
    return { ...standingOf(row), waiting: Number(held?.n ?? 0) }
  }

  async function topReferrers(limit: number): Promise<TopReferrer[]> {
    // The literal minimum (not a parameter) lets both engines prove the partial index applies.
    const rows = await query<{ id: number | string; email: string; referrals: number | string }>(
      `select id, email, referrals from signups where status = 'confirmed' and referrals >= ${LEADERBOARD_MIN_REFERRALS}
         order by referrals desc, id limit $1`,
      [limit],
    )
    return rows.map((row): TopReferrer => ({ sequence: Number(row.id), email: row.email, referrals: Number(row.referrals) }))
  }

  return {
    addToken,
    findSignup,
    statusTokenExpired: (tokenHash, now) => tokenExpired("status", tokenHash, now),
    unsubscribeTokenExpired: (tokenHash, now) => tokenExpired("unsubscribe", tokenHash, now),
    standingByStatusToken,
    topReferrers,
  }
}

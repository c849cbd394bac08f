/**
 * Leaving the list: a person is erased at once (their signup, tokens, outbox messages, drop
 * entries, attribution and referral code); the people behind move up and a referrer loses the
 * referral. Only a suppression key keyed with the list's pepper (src/server/keys/) and the
 * unsubscribe tokens' hashes are kept.
 */
import { suppressionKey } from "../keys/suppression-key"
import type { SqlExecutor } from "./database"
import { forgetEntriesOf } from "./drop-store"
import { bumpCounters, eventSignupId, recordEvents } from "./events"
import type { ReferralCounter } from "./referrals"
import type { StoreContext } from "./store-context"
import type { LeaveResult, Leaver, SignupStatus, SignupsStore } from "./contract/signups"
import { TALLIED_COLUMNS, tallySignups, type TalliedRow } from "./tallies"
import { forgetLink } from "./visit-links"

export function leavingStore(
  { db, options, line, pepper, query, transaction }: StoreContext,
  { countReferral }: Pick<ReferralCounter, "countReferral">,
): Pick<SignupsStore, "erase" | "purged"> {
  async function suppress(tx: SqlExecutor, emailKey: string, now: Date): Promise<void> {
    const key = suppressionKey(pepper(), emailKey)
    await tx.query("insert into signup_suppressions (key_hash, created_at) values ($1, $2) on conflict (key_hash) do nothing", [key, now.toISOString()])
    await options.recordErasure?.({ at: now.toISOString(), key, kind: "left" })
  }

  /**
   * Erases one signup inside the caller's transaction. The row is claimed first (in PostgreSQL an
   * update locks it), so two requests to leave at once cannot both take it out of its band.
   */
  async function eraseSignup(tx: SqlExecutor, id: number | string, now: Date): Promise<boolean> {
    const [me] = await tx.query<
      { email: string; email_key: string; status: SignupStatus; referral_code: string; referred_by: string | null; referral_held: string | null } & TalliedRow
    >(
      `update signups set mail_waiting = mail_waiting where id = $1 returning email, email_key, status, referral_code, referred_by, referral_held, ${TALLIED_COLUMNS}`,
      [id],
    )
    if (!me) return false
    // The owner's counts lose the person too; only the number who left grows.
    await tallySignups(tx, [me], -1)
    await bumpCounters(tx, { left: 1 })
    if (me.status === "confirmed") {
      // The people behind move up; a referrer loses the referral (and moves bands).
      await tx.query(line.removeFromBucket("s.id = $1"), [id])
      if (me.referred_by && me.referral_held === null) await countReferral(tx, me.referred_by, -1, now.toISOString())
    }
    // Its unsubscribe links still answer "left"; the hashes say nothing of whose they were.
    await tx.query("insert into used_unsubscribe_tokens (hash, used_at) select hash, $2 from signup_tokens where signup_id = $1 and kind = 'unsubscribe'", [
      id,
      now.toISOString(),
    ])
    // Its referral code goes from the signups it brought, so nothing leads back to it.
    await tx.query("update signups set referred_by = null, referral_held = null where referred_by = $1", [me.referral_code])
    await forgetLink(tx, db.engine, me.referral_code)
    // Tokens, outbox messages and drop entries go with it (on delete cascade); open drops count one fewer.
    await forgetEntriesOf(tx, id)
    await tx.query("delete from signups where id = $1", [id])
    await suppress(tx, me.email_key, now)
    // Written after the delete, so it outlives the cascade: an id for receivers, the address for
    // the email provider alone (to remove them there too).
    if (options.events) {
      await recordEvents(tx, [
        { type: "signup.left", signupId: null, timestamp: now.toISOString(), data: { id: eventSignupId(id) }, contact: { email: me.email } },
      ])
    }
    return true
  }

  async function erase(who: Leaver, now: Date): Promise<LeaveResult> {
    if (!("emailKey" in who)) {
      // A read first: a token nobody holds (a guess, a scanner) never opens a write transaction.
      const [row] = await query("select 1 as known from signup_tokens where hash = $1 and kind = $2", [who.hash, who.token])
      if (!row) {
        if (who.token !== "unsubscribe") return { kind: "unknown" }
        const [used] = await query("select 1 as used from used_unsubscribe_tokens where hash = $1", [who.hash])
        return { kind: used ? "alreadyLeft" : "unknown" }
      }
    }
    const result = await transaction(async (tx): Promise<LeaveResult> => {
      if ("emailKey" in who) {
        const [row] = await tx.query<{ id: number | string }>("select id from signups where email_key = $1", [who.emailKey])
        const erased = row ? await eraseSignup(tx, row.id, now) : false
        // Asked by address: suppressed even when no one had it, so an import cannot add it later.
        if (!erased) await suppress(tx, who.emailKey, now)
        return { kind: erased ? "erased" : "unknown" }
      }
      const [row] = await tx.query<{ signup_id: number | string }>("select signup_id from signup_tokens where hash = $1 and kind = $2", [who.hash, who.token])
      if (row && (await eraseSignup(tx, row.signup_id, now))) return { kind: "erased" }
      if (who.token !== "unsubscribe") return { kind: "unknown" }
      const [used] = await tx.query("select 1 as used from used_unsubscribe_tokens where hash = $1", [who.hash])
      return { kind: used ? "alreadyLeft" : "unknown" }
    })
    // Off the request path: the answer never waits for a reader of the database's files.
    if (result.kind === "erased") db.purgeDeleted()
    return result
  }

  return { erase, purged: () => db.purged() }
}

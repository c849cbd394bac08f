/**
 * What the list forgets on its own: signups nobody confirmed (typed in by someone else, or never
 * finished) once they are older than the retention time, even with a fresh link (the privacy
 * page counts from the signup),
 * tokens long expired or used, and network fingerprints past their time (referral-review.ts). Run by `serve:prod` every
 * hour and by every scheduled `mail:send`.
 */
import { parameters, type SqlExecutor } from "./database"
import { forgetOldNetworks } from "./referral-review"
import type { StoreContext } from "./store-context"
import type { RetentionStore } from "./contract/retention"
import { TALLIED_COLUMNS, tallySignups, type TalliedRow } from "./tallies"
import { DAY_MS } from "../../signup/durations"

/** How long after it expired or was used a token still tells "expired" (or "already used") rather than "unknown". */
export const TOKEN_GRACE_MS = 30 * DAY_MS

/** Pending signups deleted per transaction: a long backlog never holds the writer for long. */
const PURGE_BATCH = 500

const before = (now: Date, ms: number): string => new Date(now.getTime() - ms).toISOString()

/** Deletes one batch of stale pending signups inside `tx`, oldest first (read from signups_pending_age); returns how many. */
const purgePendingBatch = async (tx: SqlExecutor, now: Date, pendingMs: number): Promise<number> => {
  const stale = await tx.query<{ id: number | string; referral_code: string } & TalliedRow>(
    `select id, referral_code, ${TALLIED_COLUMNS} from signups s
     where s.status = 'pending' and s.received_at <= $1 order by s.received_at, s.id limit ${PURGE_BATCH}`,
    [before(now, pendingMs)],
  )
  if (stale.length === 0) return 0
  const ids = stale.map((row) => row.id)
  // The owner's counts lose them as they would an erasure; pending, they were in no band.
  await tallySignups(tx, stale, -1)
  const codes = stale.map((row) => row.referral_code)
  await tx.query(`update signups set referred_by = null, referral_held = null where referred_by in (${parameters(codes.length)})`, codes)
  // Tokens and outbox messages go with them (on delete cascade).
  await tx.query(`delete from signups where id in (${parameters(ids.length)})`, ids)
  return stale.length
}

export const retentionStore = ({ transaction, db }: StoreContext): Pick<RetentionStore, "purgeStale"> => ({
  async purgeStale(now, { pendingMs }) {
    let pending = 0
    for (;;) {
      const purged = await transaction((tx) => purgePendingBatch(tx, now, pendingMs))
      pending += purged
      if (purged < PURGE_BATCH) break
    }
    const tokens = await transaction(async (tx) => {
      const cutoff = before(now, TOKEN_GRACE_MS)
      const gone = await tx.query(
        "delete from signup_tokens where kind in ('confirm', 'status', 'unsubscribe') and ((expires_at is not null and expires_at <= $1) or (used_at is not null and used_at <= $1)) returning hash",
        [cutoff],
      )
      return gone.length
    })
    const networks = (await transaction((tx) => forgetOldNetworks(tx, now.toISOString()))).length
    if (pending > 0) db.purgeDeleted()
    return { pending, tokens, networks }
  },
})

/**
 * Drops in the store, from the close on: freezing the entries into the published list (and its
 * file), the draw's ranking and the codes of winners and of the reserve reached after them (see
 * drop-store.ts for the whole).
 */
import { insertRows, parameters, type SqlExecutor } from "./database"
import type { DropStore, FrozenEntry, NewPrize, PrizeWinner, RedeemPrizeResult } from "./contract/drops"
import { changeTally, dropRowOf } from "./drop-entry-store"
import { eventSignupId, recordEvents } from "./events"
import { queueEmails } from "./outbox-store"
import { iso } from "./signup-rows"
import type { StoreContext } from "./store-context"

/**
 * How far down the ranking the store keeps each size's reserve list, beyond its pieces: codes
 * pass on only this far (the whole ranking can always be recomputed from the published data).
 */
export const reserveDepth = (pieces: number): number => pieces * 3 + 100

/** Entries frozen per statement batch and read per page. */
const PAGE = 5_000

/** Sends one code: the prize row, its unsubscribe token and its email, and the `drop.won` event. */
const sendPrize = async (
  tx: SqlExecutor,
  context: StoreContext,
  prize: { drop: string; size: string; entryCode: string; signupId: number | string; email: string },
  issue: (winner: PrizeWinner) => NewPrize,
  at: string,
  expiresAt: string,
): Promise<void> => {
  const { codeHash, mail } = issue({ email: prize.email, size: prize.size, entryCode: prize.entryCode })
  await insertRows(
    tx,
    "drop_prizes",
    ["entry_code", "drop_id", "size", "signup_id", "code_hash", "sent_at", "expires_at"],
    [[prize.entryCode, prize.drop, prize.size, prize.signupId, codeHash, at, expiresAt]],
  )
  await queueEmails(tx, [{ signupId: prize.signupId, message: mail, at }])
  if (context.options.events) {
    await recordEvents(tx, [
      {
        type: "drop.won",
        signupId: prize.signupId,
        timestamp: at,
        data: { id: eventSignupId(prize.signupId), email: prize.email, drop: prize.drop, size: prize.size, redeemBy: expiresAt },
        contact: { email: prize.email },
      },
    ])
  }
}

/** Reaches the next `need` people on a size's reserve list; returns how many got a code. */
const reachReserve = async (
  context: StoreContext,
  tx: SqlExecutor,
  drop: string,
  size: string,
  need: number,
  issue: (winner: PrizeWinner) => NewPrize,
  at: string,
  expiresAt: string,
): Promise<number> => {
  let sent = 0
  while (sent < need) {
    const [next] = await tx.query<{ entry_code: string; signup_id: number | string | null; email: string | null }>(
      `select l.entry_code, e.signup_id, s.email from drop_list l
       left join drop_entries e on e.entry_code = l.entry_code
       left join signups s on s.id = e.signup_id
       where l.drop_id = $1 and l.size = $2 and l.rank is not null and l.reached = 0 order by l.rank limit 1`,
      [drop, size],
    )
    if (!next) break
    await tx.query("update drop_list set reached = 1 where drop_id = $1 and entry_code = $2", [drop, next.entry_code])
    // Someone on the reserve list who left since is passed over, in the open: the list shows them reached.
    if (next.signup_id === null || next.email === null) continue
    await sendPrize(tx, context, { drop, size, entryCode: next.entry_code, signupId: next.signup_id, email: next.email }, issue, at, expiresAt)
    sent += 1
  }
  return sent
}

type DrawParts = Omit<DropStore, "commitDrop" | "dropRow" | "dropEntrants" | "enterDrop" | "entriesOf" | "waitingEntries" | "reviewEntries" | "entriesByDay">

export const dropDrawStore = (context: StoreContext): DrawParts => {
  const { db, ready, query, transaction } = context
  return {
    freezeDrop: (drop, tickets, publish, now) =>
      transaction(async (tx) => {
        // The claim: one statement, so two freezes at once cannot both copy the list. On PostgreSQL
        // it waits for entries holding the drop's row (see HOLD_DROP_ROW), which are then in the list.
        const [claimed] = await tx.query<{ id: string }>("update drops set frozen_at = $2 where id = $1 and frozen_at is null returning id", [
          drop,
          now.toISOString(),
        ])
        if (!claimed) return dropRowOf(tx, drop)
        const entries: FrozenEntry[] = []
        const rows = await tx.query<{ entry_code: string; size: string; referrals: number | string }>(
          "select e.entry_code, e.size, s.referrals from drop_entries e join signups s on s.id = e.signup_id where e.drop_id = $1 and e.review is null order by e.entry_code",
          [drop],
        )
        for (const row of rows) entries.push({ id: row.entry_code, size: row.size, tickets: tickets(Number(row.referrals)) })
        for (let start = 0; start < entries.length; start += PAGE) {
          await insertRows(
            tx,
            "drop_list",
            ["drop_id", "entry_code", "size", "tickets"],
            entries.slice(start, start + PAGE).map((entry) => [drop, entry.id, entry.size, entry.tickets]),
          )
        }
        // The published counts are the frozen list's, whatever happens to people later.
        await tx.query("delete from drop_tallies where drop_id = $1", [drop])
        const counts = new Map<string, number>()
        for (const entry of entries) counts.set(entry.size, (counts.get(entry.size) ?? 0) + 1)
        for (const [size, count] of counts) await changeTally(tx, drop, size, count)
        // Entries still waiting for review stay out; the networks kept for the review go now.
        await tx.query("update drop_entries set review = 'left_out' where drop_id = $1 and review = 'waiting'", [drop])
        await tx.query("update drop_entries set network = null where drop_id = $1 and network is not null", [drop])
        const published = await publish(entries)
        await tx.query("insert into drop_list_files (drop_id, list_gzip) values ($1, $2)", [drop, published.gzip])
        await tx.query("update drops set list_hash = $2 where id = $1", [drop, published.listHash])
        return dropRowOf(tx, drop)
      }),

    async frozenEntries(drop) {
      const entries: FrozenEntry[] = []
      for await (const page of this.frozenPages(drop)) entries.push(...page)
      return entries
    },

    async *frozenPages(drop) {
      await ready()
      for await (const page of db.stream<{ entry_code: string; size: string; tickets: number | string }>(
        "select entry_code, size, tickets from drop_list where drop_id = $1 order by entry_code",
        [drop],
        PAGE,
      )) {
        yield page.map((row) => ({ id: row.entry_code, size: row.size, tickets: Number(row.tickets) }))
      }
    },

    async listFile(drop) {
      const [row] = await query<{ list_gzip: Uint8Array }>("select list_gzip from drop_list_files where drop_id = $1", [drop])
      return row ? new Uint8Array(row.list_gzip) : null
    },

    recordDraw: (drop, { seed, beacon }, ranking, issue, now, redeemBy) =>
      transaction(async (tx) => {
        const [claimed] = await tx.query<{ id: string }>(
          "update drops set seed = $2, beacon_signature = $3, drawn_at = $4 where id = $1 and drawn_at is null and frozen_at is not null and round = $5 returning id",
          [drop, seed, beacon.signature, now.toISOString(), beacon.round],
        )
        if (!claimed) return false
        const at = now.toISOString()
        for (const { size, pieces, order } of ranking) {
          // Each size's ranking to its reserve depth: rank 1 first; the winners are reached by the draw itself.
          const kept = order.slice(0, pieces + reserveDepth(pieces))
          for (const [index, code] of kept.entries()) {
            await tx.query("update drop_list set rank = $3, reached = $4 where drop_id = $1 and entry_code = $2", [
              drop,
              code,
              index + 1,
              index < pieces ? 1 : 0,
            ])
          }
          const winners = await tx.query<{ entry_code: string; signup_id: number | string; email: string }>(
            `select l.entry_code, e.signup_id, s.email from drop_list l join drop_entries e on e.entry_code = l.entry_code join signups s on s.id = e.signup_id
             where l.drop_id = $1 and l.size = $2 and l.rank <= $3 order by l.rank`,
            [drop, size, pieces],
          )
          for (const winner of winners) {
            await sendPrize(
              tx,
              context,
              { drop, size, entryCode: winner.entry_code, signupId: winner.signup_id, email: winner.email },
              issue,
              at,
              redeemBy.toISOString(),
            )
          }
          // A winner who left between the close and the draw has no code: the reserve takes their piece.
          if (winners.length < Math.min(pieces, order.length))
            await reachReserve(context, tx, drop, size, Math.min(pieces, order.length) - winners.length, issue, at, redeemBy.toISOString())
        }
        return true
      }),

    async drawOutcome(drop, pieces) {
      const rows = await query<{ entry_code: string; size: string; rank: number | string }>(
        "select entry_code, size, rank from drop_list where drop_id = $1 and reached = 1 order by size, rank",
        [drop],
      )
      const winners: Record<string, string[]> = {}
      const promoted: Record<string, string[]> = {}
      for (const entry of rows) {
        const list = Number(entry.rank) <= (pieces.get(entry.size) ?? 0) ? winners : promoted
        ;(list[entry.size] ??= []).push(entry.entry_code)
      }
      return { winners, promoted }
    },

    passOnPrizes: (drop, pieces, issue, now, redeemBy) =>
      transaction(async (tx) => {
        const at = now.toISOString()
        // Codes nobody can use any more: past their deadline unredeemed, or their person left.
        await tx.query(
          "update drop_prizes set passed_at = $2 where drop_id = $1 and redeemed_at is null and passed_at is null and (expires_at <= $2 or signup_id is null)",
          [drop, at],
        )
        let sent = 0
        for (const [size, count] of pieces) {
          const [live] = await tx.query<{ n: number | string }>(
            "select count(*) as n from drop_prizes where drop_id = $1 and size = $2 and passed_at is null",
            [drop, size],
          )
          const need = count - Number(live.n)
          if (need > 0) sent += await reachReserve(context, tx, drop, size, need, issue, at, redeemBy.toISOString())
        }
        return sent
      }),

    notifyNotWon: (drop, issue, now, limit) =>
      transaction(async (tx) => {
        const rows = await tx.query<{ entry_code: string; signup_id: number | string; email: string; size: string }>(
          `select e.entry_code, e.signup_id, s.email, e.size from drop_entries e join signups s on s.id = e.signup_id
           left join drop_prizes p on p.entry_code = e.entry_code
           where e.drop_id = $1 and e.notified_at is null and p.entry_code is null order by e.entry_code limit $2`,
          [drop, limit],
        )
        if (rows.length === 0) return 0
        const at = now.toISOString()
        const mails = rows.map((row) => ({ signupId: row.signup_id, message: issue({ email: row.email, size: row.size }), at }))
        await queueEmails(tx, mails)
        const codes = rows.map((row) => row.entry_code)
        await tx.query(`update drop_entries set notified_at = $1 where entry_code in (${parameters(codes.length, 2)})`, [at, ...codes])
        return rows.length
      }),

    async prizeState(codeHash, now) {
      const [row] = await query<{ drop_id: string; size: string; redeemed_at: string | null; passed_at: string | null; expires_at: string }>(
        "select drop_id, size, redeemed_at, passed_at, expires_at from drop_prizes where code_hash = $1",
        [codeHash],
      )
      if (!row) return { kind: "unknown" }
      const kind = row.redeemed_at !== null ? "redeemed" : row.passed_at !== null || iso(row.expires_at) <= now.toISOString() ? "passed" : "valid"
      return { kind, drop: row.drop_id, size: row.size }
    },

    redeemPrize: (codeHash, now) =>
      transaction(async (tx): Promise<RedeemPrizeResult> => {
        const at = now.toISOString()
        const [used] = await tx.query<{ drop_id: string; size: string; signup_id: number | string | null }>(
          "update drop_prizes set redeemed_at = $2 where code_hash = $1 and redeemed_at is null and passed_at is null and expires_at > $2 returning drop_id, size, signup_id",
          [codeHash, at],
        )
        if (!used) {
          const [known] = await tx.query<{ redeemed_at: string | null }>("select redeemed_at from drop_prizes where code_hash = $1", [codeHash])
          if (!known) return { kind: "unknown" }
          return known.redeemed_at ? { kind: "alreadyRedeemed", redeemedAt: iso(known.redeemed_at) } : { kind: "passed" }
        }
        const [person] = used.signup_id === null ? [] : await tx.query<{ email: string }>("select email from signups where id = $1", [used.signup_id])
        return { kind: "redeemed", email: person?.email ?? null, drop: used.drop_id, size: used.size }
      }),

    async forgetOldEntries(drops, now, keepMs) {
      let forgotten = 0
      for (const { drop, until } of drops) {
        if (until.getTime() + keepMs > now.getTime()) continue
        forgotten += await transaction(async (tx) => {
          const gone = await tx.query("delete from drop_entries where drop_id = $1 returning entry_code", [drop])
          await tx.query("delete from drop_prizes where drop_id = $1", [drop])
          return gone.length
        })
      }
      return forgotten
    },
  }
}

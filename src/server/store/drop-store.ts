/**
 * Drops' part of the signup store: entries (one per person per drop, by its pseudonymous entry
 * code), the owner's commitment (the seed's hash, never the seed, until the draw reveals it), the
 * frozen entry list the published hash covers, the draw's ranking, and the single-use codes of
 * winners and of the reserve reached after them.
 *
 * The frozen list (`drop_list`) names no one: it is what anyone may download and check, so it is
 * kept apart from people and outlives leaving. `drop_entries` ties an entry code to its person
 * and goes with them (on delete cascade), so after someone leaves their line in the list is
 * anonymous. Entrants per size are kept in step in `drop_tallies`, so the public record never
 * counts a million rows.
 */
import { eachInTurn, groupCommit, insertRows, parameters, type SqlExecutor } from "./database"
import { eventSignupId, recordEvents } from "./events"
import { queueMessages } from "./outbox-store"
import type { StoreContext } from "./store-context"
import type { QueuedMessage } from "./store"
import { iso } from "./signup-rows"

/** An entry as the frozen list holds it: the published line. */
export interface FrozenEntry {
  id: string
  size: string
  tickets: number
}

/** What the store keeps of a drop's draw. */
export interface DropRow {
  seedHash: string
  committedAt: string
  listHash: string | null
  frozenAt: string | null
  seed: string | null
  drawnAt: string | null
}

export type EnterDropResult =
  | { kind: "entered"; size: string; entryCode: string; referrals: number; changed: boolean }
  | { kind: "withdrawn"; referrals: number }
  | { kind: "notEntered" }
  | { kind: "unknown" }
  | { kind: "notConfirmed" }
  | { kind: "held" }
  | { kind: "notCommitted" }
  | { kind: "frozen" }

/** A person's entry: its size and, after the draw, whether a code was sent to it. */
export interface StoredEntry {
  drop: string
  size: string
  entryCode: string
  won: boolean
  drawn: boolean
}

/** What entering needs: who (by status token), where, and the email that confirms it. */
export interface EnterDrop {
  statusTokenHash: string
  drop: string
  /** The size to enter with (or change to); null withdraws. */
  size: string | null
  /** A fresh entry code, used when this is a new entry. */
  entryCode: string
  /** The email confirming the entry and its size; null sends none. */
  confirmation(email: string, size: string): QueuedMessage | null
}

/** A code sent to a winner (or the reserve reached after one): its hash and its email. */
export interface NewPrize {
  codeHash: string
  mail: QueuedMessage
}

/** Who a code goes to, for the email. */
export interface PrizeWinner {
  email: string
  size: string
  entryCode: string
}

/** The draw's ranking of one size: its entry codes in order, the first `pieces` winning. */
export interface RankedSize {
  size: string
  pieces: number
  order: readonly string[]
}

export type PrizeState = { kind: "valid" | "redeemed" | "passed"; drop: string; size: string } | { kind: "unknown" }

export type RedeemPrizeResult =
  | { kind: "redeemed"; email: string | null; drop: string; size: string }
  | { kind: "alreadyRedeemed"; redeemedAt: string }
  | { kind: "passed" }
  | { kind: "unknown" }

/**
 * How far down the ranking the store keeps each size's reserve list, beyond its pieces: codes
 * pass on only this far (the whole ranking can always be recomputed from the published data).
 */
export const reserveDepth = (pieces: number): number => pieces * 3 + 100

/** Entries frozen per statement batch and read per page. */
const PAGE = 5_000

export interface DropStore {
  /** Records the owner's commitment (the seed's hash) for a drop, once. False when it was committed already. */
  commitDrop(drop: string, seedHash: string, now: Date): Promise<boolean>
  dropRow(drop: string): Promise<DropRow | null>
  /** Entrants per size: live while entries are open, as frozen after. */
  dropEntrants(drop: string): Promise<Record<string, number>>
  /** Enters, changes an entry's size or withdraws, for the confirmed person behind a status token. */
  enterDrop(request: EnterDrop, now: Date): Promise<EnterDropResult>
  /** The person's entries (by their signup number) in every drop, with the draw's outcome. */
  entriesOf(signupId: number): Promise<StoredEntry[]>
  /**
   * Freezes a committed drop's entries: each gets its tickets (from its person's confirmed
   * referrals now), the list is copied apart from people and its hash recorded. Does nothing when
   * frozen already. Returns the drop's row after.
   */
  freezeDrop(drop: string, tickets: (referrals: number) => number, hashList: (entries: FrozenEntry[]) => Promise<string>, now: Date): Promise<DropRow | null>
  /** The frozen list, in the published (entry code) order. */
  frozenEntries(drop: string): Promise<FrozenEntry[]>
  /** The frozen list a page at a time, for the public download. */
  frozenPages(drop: string): AsyncIterable<FrozenEntry[]>
  /**
   * Records the draw: the seed revealed, each size's ranking (to its reserve depth), and a code
   * for every winner who is still on the list, each with its email, in one transaction. False
   * when the drop was drawn already.
   */
  recordDraw(drop: string, seed: string, ranking: readonly RankedSize[], issue: (winner: PrizeWinner) => NewPrize, now: Date, redeemBy: Date): Promise<boolean>
  /** Winners per size (in order), and the reserve reached after them (in order), given each size's pieces. */
  drawOutcome(drop: string, pieces: ReadonlyMap<string, number>): Promise<{ winners: Record<string, string[]>; promoted: Record<string, string[]> }>
  /**
   * Passes on codes nobody can use any more (unredeemed past their deadline, or their person
   * left) to the next on each size's reserve list who is still on the list. Returns how many new
   * codes were sent.
   */
  passOnPrizes(drop: string, pieces: ReadonlyMap<string, number>, issue: (winner: PrizeWinner) => NewPrize, now: Date, redeemBy: Date): Promise<number>
  /** Queues "not this time" emails to up to `limit` entrants without a code; returns how many. */
  notifyNotWon(drop: string, issue: (entrant: { email: string; size: string }) => QueuedMessage, now: Date, limit: number): Promise<number>
  prizeState(codeHash: string, now: Date): Promise<PrizeState>
  redeemPrize(codeHash: string, now: Date): Promise<RedeemPrizeResult>
  /** Entries per size per UTC day, for the owner's page. */
  entriesByDay(drop: string): Promise<Array<{ day: string; size: string; entries: number }>>
  /**
   * Deletes the entries (the link between a person and their entry code) and the codes of drops
   * whose `until` passed more than `keepMs` ago; the anonymous frozen list stays. Returns how many.
   */
  forgetOldEntries(drops: ReadonlyArray<{ drop: string; until: Date }>, now: Date, keepMs: number): Promise<number>
}

interface PersonRow {
  id: number | string
  email: string
  status: string
  referral_held: string | null
  referrals: number | string
}

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
  await insertRows(tx, "signup_tokens", ["hash", "signup_id", "kind", "expires_at"], [[mail.unsubscribeTokenHash, prize.signupId, "unsubscribe", null]])
  await queueMessages(tx, [{ signupId: prize.signupId, message: mail, at }])
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

const changeTally = (tx: SqlExecutor, drop: string, size: string, delta: number) =>
  tx.query(
    "insert into drop_tallies (drop_id, size, entrants) values ($1, $2, $3) on conflict (drop_id, size) do update set entrants = drop_tallies.entrants + excluded.entrants",
    [drop, size, delta],
  )

/** Keeps the entrants per size right when a person leaves (their entries go by cascade); inside the erasure's transaction. */
export const forgetEntriesOf = async (tx: SqlExecutor, signupId: number | string): Promise<void> => {
  const entries = await tx.query<{ drop_id: string; size: string }>(
    "select e.drop_id, e.size from drop_entries e join drops d on d.id = e.drop_id where e.signup_id = $1 and d.frozen_at is null",
    [signupId],
  )
  for (const entry of entries) await changeTally(tx, entry.drop_id, entry.size, -1)
}

const toDropRow = (row: {
  seed_hash: string
  committed_at: string
  list_hash: string | null
  frozen_at: string | null
  seed: string | null
  drawn_at: string | null
}): DropRow => ({
  seedHash: row.seed_hash,
  committedAt: iso(row.committed_at),
  listHash: row.list_hash,
  frozenAt: row.frozen_at === null ? null : iso(row.frozen_at),
  seed: row.seed,
  drawnAt: row.drawn_at === null ? null : iso(row.drawn_at),
})

export const dropStore = (context: StoreContext): DropStore => {
  const { db, ready, query, transaction } = context
  const inBatch = groupCommit(transaction, eachInTurn<EnterDropResult>)

  const rowOf = async (executor: SqlExecutor, drop: string): Promise<DropRow | null> => {
    const [row] = await executor.query<Parameters<typeof toDropRow>[0]>(
      "select seed_hash, committed_at, list_hash, frozen_at, seed, drawn_at from drops where id = $1",
      [drop],
    )
    return row ? toDropRow(row) : null
  }

  /** Reaches the next `need` people on a size's reserve list; returns how many got a code. */
  const reachReserve = async (
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

  return {
    async commitDrop(drop, seedHash, now) {
      const inserted = await query<{ id: string }>(
        "insert into drops (id, seed_hash, committed_at) values ($1, $2, $3) on conflict (id) do nothing returning id",
        [drop, seedHash, now.toISOString()],
      )
      return inserted.length === 1
    },

    async dropRow(drop) {
      await ready()
      return rowOf(db, drop)
    },

    async dropEntrants(drop) {
      const rows = await query<{ size: string; entrants: number | string }>("select size, entrants from drop_tallies where drop_id = $1 and entrants > 0", [
        drop,
      ])
      return Object.fromEntries(rows.map((row) => [row.size, Number(row.entrants)]))
    },

    // Entering is a small write many people make at once when a window opens: group commit.
    enterDrop: (request, now) =>
      inBatch(async (tx): Promise<EnterDropResult> => {
        const [person] = await tx.query<PersonRow>(
          "select s.id, s.email, s.status, s.referral_held, s.referrals from signup_tokens t join signups s on s.id = t.signup_id where t.hash = $1 and t.kind = 'status'",
          [request.statusTokenHash],
        )
        if (!person) return { kind: "unknown" }
        if (person.status !== "confirmed") return { kind: "notConfirmed" }
        if (person.referral_held !== null) return { kind: "held" }
        const row = await rowOf(tx, request.drop)
        if (!row) return { kind: "notCommitted" }
        if (row.frozenAt) return { kind: "frozen" }
        const referrals = Number(person.referrals)
        const [entry] = await tx.query<{ entry_code: string; size: string }>(
          "select entry_code, size from drop_entries where drop_id = $1 and signup_id = $2",
          [request.drop, person.id],
        )
        const at = now.toISOString()
        if (request.size === null) {
          if (!entry) return { kind: "notEntered" }
          await tx.query("delete from drop_entries where entry_code = $1", [entry.entry_code])
          await changeTally(tx, request.drop, entry.size, -1)
          return { kind: "withdrawn", referrals }
        }
        if (entry?.size === request.size) return { kind: "entered", size: entry.size, entryCode: entry.entry_code, referrals, changed: false }
        if (entry) {
          await tx.query("update drop_entries set size = $2, entered_at = $3 where entry_code = $1", [entry.entry_code, request.size, at])
          await changeTally(tx, request.drop, entry.size, -1)
        } else {
          await insertRows(
            tx,
            "drop_entries",
            ["entry_code", "drop_id", "signup_id", "size", "entered_at"],
            [[request.entryCode, request.drop, person.id, request.size, at]],
          )
        }
        await changeTally(tx, request.drop, request.size, 1)
        const mail = request.confirmation(person.email, request.size)
        if (mail) {
          await insertRows(tx, "signup_tokens", ["hash", "signup_id", "kind", "expires_at"], [[mail.unsubscribeTokenHash, person.id, "unsubscribe", null]])
          await queueMessages(tx, [{ signupId: person.id, message: mail, at }])
        }
        if (context.options.events) {
          await recordEvents(tx, [
            {
              type: "drop.entered",
              signupId: person.id,
              timestamp: at,
              data: { id: eventSignupId(person.id), email: person.email, drop: request.drop, size: request.size },
              contact: { email: person.email },
            },
          ])
        }
        return { kind: "entered", size: request.size, entryCode: entry?.entry_code ?? request.entryCode, referrals, changed: true }
      }),

    async entriesOf(signupId) {
      const rows = await query<{ drop_id: string; size: string; entry_code: string; drawn_at: string | null; prize: string | null }>(
        `select e.drop_id, e.size, e.entry_code, d.drawn_at, p.entry_code as prize from drop_entries e
         join drops d on d.id = e.drop_id left join drop_prizes p on p.entry_code = e.entry_code where e.signup_id = $1`,
        [signupId],
      )
      return rows.map((row) => ({ drop: row.drop_id, size: row.size, entryCode: row.entry_code, drawn: row.drawn_at !== null, won: row.prize !== null }))
    },

    freezeDrop: (drop, tickets, hashList, now) =>
      transaction(async (tx) => {
        // The claim: one statement, so two freezes at once cannot both copy the list.
        const [claimed] = await tx.query<{ id: string }>("update drops set frozen_at = $2 where id = $1 and frozen_at is null returning id", [
          drop,
          now.toISOString(),
        ])
        if (!claimed) return rowOf(tx, drop)
        const entries: FrozenEntry[] = []
        const rows = await tx.query<{ entry_code: string; size: string; referrals: number | string }>(
          "select e.entry_code, e.size, s.referrals from drop_entries e join signups s on s.id = e.signup_id where e.drop_id = $1 order by e.entry_code",
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
        await tx.query("update drops set list_hash = $2 where id = $1", [drop, await hashList(entries)])
        return rowOf(tx, drop)
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

    recordDraw: (drop, seed, ranking, issue, now, redeemBy) =>
      transaction(async (tx) => {
        const [claimed] = await tx.query<{ id: string }>(
          "update drops set seed = $2, drawn_at = $3 where id = $1 and drawn_at is null and frozen_at is not null returning id",
          [drop, seed, now.toISOString()],
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
            await reachReserve(tx, drop, size, Math.min(pieces, order.length) - winners.length, issue, at, redeemBy.toISOString())
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
          if (need > 0) sent += await reachReserve(tx, drop, size, need, issue, at, redeemBy.toISOString())
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
        await insertRows(
          tx,
          "signup_tokens",
          ["hash", "signup_id", "kind", "expires_at"],
          mails.map(({ signupId, message }) => [message.unsubscribeTokenHash, signupId, "unsubscribe", null]),
        )
        await queueMessages(tx, mails)
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

    async entriesByDay(drop) {
      const rows = await query<{ day: string; size: string; entries: number | string }>(
        "select substr(entered_at, 1, 10) as day, size, count(*) as entries from drop_entries where drop_id = $1 group by substr(entered_at, 1, 10), size order by day, size",
        [drop],
      )
      return rows.map((row) => ({ day: row.day, size: row.size, entries: Number(row.entries) }))
    },

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

/**
 * Drops in the store, before the close: the owner's commitment, entering (and changing or
 * withdrawing), the counts, and the owner's review of entries from signups made after the drop
 * was announced (see drop-store.ts for the whole).
 */
import type { DropCommitment } from "../../drop/commitment"
import type { EntryReview } from "../../drop/contract"
import { eachInTurn, groupCommit, insertRows, parameters, type Engine, type SqlExecutor } from "./database"
import type { DropRow, DropStore, EnterDropResult } from "./contract/drops"
import { eventSignupId, recordEvents } from "./events"
import { queueEmails } from "./outbox-store"
import { networkFingerprint, networkSalt } from "./referral-review"
import { iso } from "./signup-rows"
import type { StoreContext } from "./store-context"

/**
 * How entering holds the drop's row until it commits. PostgreSQL: `for share`, which a freeze's
 * update of that row waits for, so an entry committing while another instance freezes is either
 * in the frozen list or refused, never left out. SQLite: nothing, as its one writer at a time
 * already keeps an entry and a freeze apart.
 */
const HOLD_DROP_ROW: Record<Engine, string> = { postgres: " for share", sqlite: "" }

interface DropRowColumns {
  seed_hash: string
  committed_at: string
  chain_hash: string | null
  round: number | string | null
  opens_at: string | null
  closes_at: string | null
  list_hash: string | null
  frozen_at: string | null
  seed: string | null
  beacon_signature: string | null
  drawn_at: string | null
}

export const DROP_ROW_COLUMNS = "seed_hash, committed_at, chain_hash, round, opens_at, closes_at, list_hash, frozen_at, seed, beacon_signature, drawn_at"

/** A row as the service sees it; a commitment from before beacons (no chain, no round) never equals a content's. */
export const toDropRow = (row: DropRowColumns): DropRow => ({
  commitment: {
    seedHash: row.seed_hash,
    chainHash: row.chain_hash ?? "",
    round: Number(row.round ?? 0),
    opensAt: row.opens_at ?? "",
    closesAt: row.closes_at ?? "",
    committedAt: iso(row.committed_at),
  },
  listHash: row.list_hash,
  frozenAt: row.frozen_at === null ? null : iso(row.frozen_at),
  seed: row.seed,
  beacon: row.beacon_signature !== null && row.round !== null ? { round: Number(row.round), signature: row.beacon_signature } : null,
  drawnAt: row.drawn_at === null ? null : iso(row.drawn_at),
})

export const dropRowOf = async (executor: SqlExecutor, drop: string, hold = ""): Promise<DropRow | null> => {
  const [row] = await executor.query<DropRowColumns>(`select ${DROP_ROW_COLUMNS} from drops where id = $1${hold}`, [drop])
  return row ? toDropRow(row) : null
}

export const changeTally = (tx: SqlExecutor, drop: string, size: string, delta: number) =>
  tx.query(
    "insert into drop_tallies (drop_id, size, entrants) values ($1, $2, $3) on conflict (drop_id, size) do update set entrants = drop_tallies.entrants + excluded.entrants",
    [drop, size, delta],
  )

/** Keeps the entrants per size right when a person leaves (their entries go by cascade); inside the erasure's transaction. */
export const forgetEntriesOf = async (tx: SqlExecutor, signupId: number | string): Promise<void> => {
  const entries = await tx.query<{ drop_id: string; size: string }>(
    "select e.drop_id, e.size from drop_entries e join drops d on d.id = e.drop_id where e.signup_id = $1 and d.frozen_at is null and e.review is null",
    [signupId],
  )
  for (const entry of entries) await changeTally(tx, entry.drop_id, entry.size, -1)
}

interface PersonRow {
  id: number | string
  email: string
  status: string
  referral_held: string | null
  referrals: number | string
  received_at: string | Date
}

/** The review an entry starts with: a signup received after the commitment (the drop's announcement) waits for the owner. */
const firstReview = (person: PersonRow, row: DropRow): EntryReview =>
  Date.parse(iso(person.received_at)) > Date.parse(row.commitment.committedAt) ? "waiting" : null

const REVIEW_OF: Record<string, EntryReview> = { waiting: "waiting", left_out: "leftOut" }
export const reviewOf = (stored: string | null): EntryReview => (stored === null ? null : (REVIEW_OF[stored] ?? null))
const STORED_REVIEW: Record<Exclude<EntryReview, null>, string> = { waiting: "waiting", leftOut: "left_out" }

type EntryParts = Pick<DropStore, "commitDrop" | "dropRow" | "dropEntrants" | "enterDrop" | "entriesOf" | "waitingEntries" | "reviewEntries" | "entriesByDay">

export const dropEntryStore = (context: StoreContext): EntryParts => {
  const { db, ready, query, transaction } = context
  const inBatch = groupCommit(transaction, eachInTurn<EnterDropResult>)

  return {
    async commitDrop(drop, commitment: DropCommitment, { replace = false } = {}) {
      const values = [drop, commitment.seedHash, commitment.committedAt, commitment.chainHash, commitment.round, commitment.opensAt, commitment.closesAt]
      const inserted = await query<{ id: string }>(
        `insert into drops (id, seed_hash, committed_at, chain_hash, round, opens_at, closes_at) values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (id) do ${
           replace
             ? `update set seed_hash = excluded.seed_hash, committed_at = excluded.committed_at, chain_hash = excluded.chain_hash, round = excluded.round,
                opens_at = excluded.opens_at, closes_at = excluded.closes_at
                where drops.frozen_at is null and not exists (select 1 from drop_entries e where e.drop_id = drops.id)`
             : "nothing"
         } returning id`,
        values,
      )
      return inserted.length === 1
    },

    async dropRow(drop) {
      await ready()
      return dropRowOf(db, drop)
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
          "select s.id, s.email, s.status, s.referral_held, s.referrals, s.received_at from signup_tokens t join signups s on s.id = t.signup_id where t.hash = $1 and t.kind = 'status'",
          [request.statusTokenHash],
        )
        if (!person) return { kind: "unknown" }
        if (person.status !== "confirmed") return { kind: "notConfirmed" }
        if (person.referral_held !== null) return { kind: "held" }
        const row = await dropRowOf(tx, request.drop, HOLD_DROP_ROW[db.engine])
        if (!row) return { kind: "notCommitted" }
        if (row.frozenAt) return { kind: "frozen" }
        const referrals = Number(person.referrals)
        const [entry] = await tx.query<{ entry_code: string; size: string; review: string | null }>(
          "select entry_code, size, review from drop_entries where drop_id = $1 and signup_id = $2",
          [request.drop, person.id],
        )
        const counted = entry?.review === null
        const at = now.toISOString()
        if (request.size === null) {
          if (!entry) return { kind: "notEntered" }
          await tx.query("delete from drop_entries where entry_code = $1", [entry.entry_code])
          if (counted) await changeTally(tx, request.drop, entry.size, -1)
          return { kind: "withdrawn", referrals }
        }
        if (entry?.size === request.size)
          return { kind: "entered", size: entry.size, entryCode: entry.entry_code, referrals, changed: false, review: reviewOf(entry.review) }
        let review: EntryReview
        if (entry) {
          review = reviewOf(entry.review)
          await tx.query("update drop_entries set size = $2, entered_at = $3 where entry_code = $1", [entry.entry_code, request.size, at])
          if (counted) await changeTally(tx, request.drop, entry.size, -1)
        } else {
          review = firstReview(person, row)
          // The network is kept only for the review, and only until the freeze.
          const network = review && request.network ? networkFingerprint(await networkSalt(tx), request.network) : null
          await insertRows(
            tx,
            "drop_entries",
            ["entry_code", "drop_id", "signup_id", "size", "entered_at", "review", "network"],
            [[request.entryCode, request.drop, person.id, request.size, at, review ? STORED_REVIEW[review] : null, network]],
          )
        }
        if (review === null) await changeTally(tx, request.drop, request.size, 1)
        const mail = request.confirmation(person.email, request.size)
        if (mail) {
          await queueEmails(tx, [{ signupId: person.id, message: mail, at }])
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
        return { kind: "entered", size: request.size, entryCode: entry?.entry_code ?? request.entryCode, referrals, changed: true, review }
      }),

    async entriesOf(signupId) {
      const rows = await query<{
        drop_id: string
        size: string
        entry_code: string
        review: string | null
        tickets: number | string | null
        drawn_at: string | null
        prize: string | null
      }>(
        `select e.drop_id, e.size, e.entry_code, e.review, l.tickets, d.drawn_at, p.entry_code as prize from drop_entries e
         join drops d on d.id = e.drop_id left join drop_list l on l.drop_id = e.drop_id and l.entry_code = e.entry_code
         left join drop_prizes p on p.entry_code = e.entry_code where e.signup_id = $1`,
        [signupId],
      )
      return rows.map((row) => ({
        drop: row.drop_id,
        size: row.size,
        entryCode: row.entry_code,
        review: reviewOf(row.review),
        frozenTickets: row.tickets === null ? null : Number(row.tickets),
        drawn: row.drawn_at !== null,
        won: row.prize !== null,
      }))
    },

    async waitingEntries(drop) {
      const rows = await query<{ entry_code: string; size: string; entered_at: string; received_at: string | Date; email: string; network: string | null }>(
        `select e.entry_code, e.size, e.entered_at, s.received_at, s.email, e.network from drop_entries e join signups s on s.id = e.signup_id
         where e.drop_id = $1 and e.review = 'waiting' order by e.entered_at, e.entry_code`,
        [drop],
      )
      return rows.map((row) => ({
        entryCode: row.entry_code,
        size: row.size,
        enteredAt: row.entered_at,
        signedUpAt: iso(row.received_at),
        domain: row.email.slice(row.email.lastIndexOf("@") + 1).toLowerCase(),
        network: row.network,
      }))
    },

    reviewEntries: (drop, entryCodes, decision) =>
      transaction(async (tx) => {
        if (entryCodes.length === 0) return 0
        // Decided before the freeze only: the held row keeps a freeze from another instance out meanwhile.
        const row = await dropRowOf(tx, drop, HOLD_DROP_ROW[db.engine])
        if (!row || row.frozenAt) return 0
        const changed = await tx.query<{ size: string }>(
          `update drop_entries set review = ${decision === "letIn" ? "null" : "'left_out'"}
           where drop_id = $1 and review = 'waiting' and entry_code in (${parameters(entryCodes.length, 2)}) returning size`,
          [drop, ...entryCodes],
        )
        if (decision === "letIn") for (const { size } of changed) await changeTally(tx, drop, size, 1)
        return changed.length
      }),

    async entriesByDay(drop) {
      const rows = await query<{ day: string; size: string; entries: number | string }>(
        "select substr(entered_at, 1, 10) as day, size, count(*) as entries from drop_entries where drop_id = $1 group by substr(entered_at, 1, 10), size order by day, size",
        [drop],
      )
      return rows.map((row) => ({ day: row.day, size: row.size, entries: Number(row.entries) }))
    },
  }
}

/**
 * The store's contract, drops: entries (one per person per drop, by its pseudonymous entry
 * code), the owner's commitment (the seed's hash, never the seed, until the draw reveals it; the
 * beacon round; the window), the frozen entry list the published hash covers, written once as a
 * compressed file, the draw's ranking, and the single-use codes of winners and of the reserve
 * reached after them. Entering is written in drop-entry-store.ts;
 * freezing, the draw and its codes in drop-draw-store.ts.
 *
 * The frozen list (`drop_list`) names no one: it is what anyone may download and check, so it is
 * kept apart from people and outlives leaving. `drop_entries` ties an entry code to its person
 * and goes with them (on delete cascade), so after someone leaves their line in the list is
 * anonymous. Entrants per size are kept in step in `drop_tallies`, so the public record never
 * counts a million rows.
 */
import type { Beacon } from "../../../drop/beacon"
import type { DropCommitment } from "../../../drop/commitment"
import type { EntryReview } from "../../../drop/contract"
import type { QueuedMessage } from "./mail"

/** An entry as the frozen list holds it: the published line. */
export interface FrozenEntry {
  id: string
  size: string
  tickets: number
}

/** What the store keeps of a drop's draw. */
export interface DropRow {
  commitment: DropCommitment
  listHash: string | null
  frozenAt: string | null
  seed: string | null
  /** The beacon round's value the draw used. */
  beacon: Beacon | null
  drawnAt: string | null
}

export type EnterDropResult =
  | { kind: "entered"; size: string; entryCode: string; referrals: number; changed: boolean; review: EntryReview }
  | { kind: "withdrawn"; referrals: number }
  | { kind: "notEntered" }
  | { kind: "unknown" }
  | { kind: "notConfirmed" }
  | { kind: "held" }
  | { kind: "notCommitted" }
  | { kind: "frozen" }

/** A person's entry: its size, whether it waits for review, its tickets once frozen and, after the draw, whether a code was sent to it. */
export interface StoredEntry {
  drop: string
  size: string
  entryCode: string
  review: EntryReview
  /** The tickets in the frozen list; null before the freeze (or when the entry is not in it). */
  frozenTickets: number | null
  won: boolean
  drawn: boolean
}

/** What entering needs: who (by status token), where, from which network, and the email that confirms it. */
export interface EnterDrop {
  statusTokenHash: string
  drop: string
  /** The size to enter with (or change to); null withdraws. */
  size: string | null
  /** A fresh entry code, used when this is a new entry. */
  entryCode: string
  /** The request's network (an IPv4 /24, an IPv6 /64), for the owner's review of entries from new signups; null when unknown. */
  network: string | null
  /** The email confirming the entry and its size; null sends none. */
  confirmation(email: string, size: string): QueuedMessage | null
}

/** An entry waiting for the owner's review, with what lets entries be seen to cluster. */
export interface WaitingEntry {
  entryCode: string
  size: string
  enteredAt: string
  signedUpAt: string
  /** The email address's domain (the part after @). */
  domain: string
  /** The salted fingerprint of the network it was entered from; null when unknown. */
  network: string | null
}

/** What the published list is once frozen: its hash and its text, compressed. */
export interface PublishedList {
  listHash: string
  /** The entry list's text (see src/drop/entry-list.ts), gzip-compressed. */
  gzip: Uint8Array
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

/** A drop's commitment and its entries, up to the freeze. */
export interface DropEntryStore {
  /**
   * Records the owner's commitment for a drop; a drop already committed keeps its own, unless
   * nobody has entered it and it is not frozen (the owner moved its window before it opened and
   * commits again). False when it kept the one it had.
   */
  commitDrop(drop: string, commitment: DropCommitment, options?: { replace?: boolean }): Promise<boolean>
  dropRow(drop: string): Promise<DropRow | null>
  /** Entrants per size (entries waiting for review not counted): live while entries are open, as frozen after. */
  dropEntrants(drop: string): Promise<Record<string, number>>
  /**
   * Enters, changes an entry's size or withdraws, for the confirmed person behind a status token.
   * On PostgreSQL it holds the drop's row (for share) until it commits, so a freeze from another
   * instance waits for it rather than leaving it out. A new entry from a signup received after the
   * commitment waits for the owner's review.
   */
  enterDrop(request: EnterDrop, now: Date): Promise<EnterDropResult>
  /** The person's entries (by their signup number) in every drop, with the draw's outcome. */
  entriesOf(signupId: number): Promise<StoredEntry[]>
  /** The entries waiting for the owner's review, oldest first. */
  waitingEntries(drop: string): Promise<WaitingEntry[]>
  /** Lets waiting entries into the draw, or leaves them out; only before the freeze. Returns how many changed. */
  reviewEntries(drop: string, entryCodes: readonly string[], decision: "letIn" | "leaveOut"): Promise<number>
  /** Entries per size per UTC day, for the owner's page. */
  entriesByDay(drop: string): Promise<Array<{ day: string; size: string; entries: number }>>
}

/** A drop's freeze, its draw and the winners' codes. */
export interface DropDrawStore {
  /**
   * Freezes a committed drop's entries: each entry not waiting for review gets its tickets (from
   * its person's confirmed referrals now), the list is copied apart from people, and its hash and
   * its file (`publish` makes both from the entries) are recorded; entries still waiting are left
   * out and the networks kept for the review are forgotten. Does nothing when frozen already.
   * Returns the drop's row after.
   */
  freezeDrop(
    drop: string,
    tickets: (referrals: number) => number,
    publish: (entries: FrozenEntry[]) => Promise<PublishedList>,
    now: Date,
  ): Promise<DropRow | null>
  /** The frozen list, in the published (entry code) order. */
  frozenEntries(drop: string): Promise<FrozenEntry[]>
  /** The frozen list a page at a time. */
  frozenPages(drop: string): AsyncIterable<FrozenEntry[]>
  /** The published list's file (gzip), as written at the freeze; null before it. */
  listFile(drop: string): Promise<Uint8Array | null>
  /**
   * Records the draw: the seed and the beacon revealed, each size's ranking (to its reserve
   * depth), and a code for every winner who is still on the list, each with its email, in one
   * transaction. False when the drop was drawn already.
   */
  recordDraw(
    drop: string,
    reveal: { seed: string; beacon: Beacon },
    ranking: readonly RankedSize[],
    issue: (winner: PrizeWinner) => NewPrize,
    now: Date,
    redeemBy: Date,
  ): Promise<boolean>
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
  /**
   * Deletes the entries (the link between a person and their entry code) and the codes of drops
   * whose `until` passed more than `keepMs` ago; the anonymous frozen list stays. Returns how many.
   */
  forgetOldEntries(drops: ReadonlyArray<{ drop: string; until: Date }>, now: Date, keepMs: number): Promise<number>
}

/** Drops' part of the signup store. */
export interface DropStore extends DropEntryStore, DropDrawStore {}

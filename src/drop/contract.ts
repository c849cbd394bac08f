/**
 * The drop's contract, shared by the browser, the server and the commands: what a drop's public
 * record looks like (GET /api/drop?drop=ID answers it; the drop page and both verifiers read it),
 * what entering sends and gets back, and how a size is named. Types and plain functions only.
 *
 * Words: a *drop* is a limited run of pieces handed out by a draw; a person's *entry* names one
 * *size* (a piece in one size); an entry holds *tickets* (1, plus bonus tickets for confirmed
 * referrals); the *seed* is the owner's secret whose hash is published before the window opens;
 * the *beacon* is a public randomness beacon's round, fixed at the commitment, whose value
 * appears only after the close and decides the draw together with the seed.
 */
import type { Beacon } from "./beacon"
import type { DropCommitment } from "./commitment"
import type { BonusRule } from "./tickets"

/** Where a drop is: before its window, taking entries, closed (entries frozen), or drawn. */
export type DropPhase = "scheduled" | "open" | "closed" | "drawn"

/** A size as entries and the draw name it: the piece's id and the size's label, like "hoodie/M". */
export const sizeKey = (pieceId: string, label: string): string => `${pieceId}/${label}`

/** A drop's terms as content declares them (content/drops.json), read alike by the page and the server. */
export interface DropTerms {
  id: string
  name: string
  /** ISO 8601 instants in UTC, as content writes them. */
  opensAt: string
  closesAt: string
  resultsAt: string
  /** Days a winner has to use their code before it passes to the reserve list. */
  redeemDays: number
  bonus: BonusRule
}

/** How many pieces one size has: the draw's winners for that size are at most this many. */
export interface SizeStock {
  size: string
  pieces: number
}

/** A drop's public record: everything anyone needs to follow it and to check its draw. */
export interface PublishedDrop {
  drop: string
  phase: DropPhase
  /** The owner's commitment (seed hash, beacon chain and round, window) as the server keeps it; null before they commit. */
  commitment: DropCommitment | null
  /** Entrants per size (live while open, frozen from close); sizes nobody entered count 0. */
  entrants: Record<string, number>
  /** SHA-256 (hex) of the frozen entry list (see draw.ts), from close. */
  listHash: string | null
  frozenAt: string | null
  /** The seed itself (hex), revealed by the draw. */
  seed: string | null
  /** The committed beacon round's value the draw used; null before the draw. */
  beacon: Beacon | null
  drawnAt: string | null
  /** Per size, the winning entry ids in the order drawn; null before the draw. */
  winners: Record<string, string[]> | null
  /**
   * Per size, entries from the reserve list that got a code because a winner's code passed
   * unredeemed (or its winner left), in the order they were reached; they follow the winners in
   * the draw's own ranking.
   */
  promoted: Record<string, string[]> | null
  stock: SizeStock[]
}

/** POST /api/drop/enter: enter with a size, change it (the same call with another), or withdraw (`size: null`). */
export interface DropEntryRequest {
  /** The person's status token (from their status page's link). */
  token: string
  drop: string
  size: string | null
  /** The bot check's solution, as on the signup form. */
  altcha?: string
}

/** The answer to entering: the entry as it stands now (null size: withdrawn). */
export interface DropEntryAnswer {
  ok: true
  drop: string
  size: string | null
  /** The tickets the entry holds now; fixed when the window closes. */
  tickets: number
  /** The entry's number in the published list (only its person sees which is theirs); null: withdrawn. */
  entryId: string | null
  /** Whether the entry waits for the owner's review before it joins the draw (see EntryReview). */
  review: EntryReview
}

/** A person's entry as the status answer carries it, per drop id. */
export interface MyDropEntry {
  size: string
  tickets: number
  /** The entry's number in the published list and the winners: only its person sees which is theirs. */
  entryId: string
  /** After the draw: won (a code is on its way by email) or not (this time); null before it. */
  outcome: "won" | "notWon" | null
  /** Whether the entry waits for the owner's review, was left out by it, or is simply in (null). */
  review: EntryReview
}

/**
 * An entry from a signup made after its drop was announced waits for the owner's review before it
 * joins the draw ("waiting"); the owner lets it in (null) or leaves it out ("leftOut"). An entry
 * still waiting when entries close is not in the frozen list.
 */
export type EntryReview = "waiting" | "leftOut" | null

/** A drop's entry window, as content states it (ISO 8601 instants in UTC). */
export interface DropWindow {
  opensAt: string
  closesAt: string
}

/** Where a drop's window stands at `now`: before it, open, or closed (the draw then decides the rest). */
export const windowPhase = (window: DropWindow, now: Date): "scheduled" | "open" | "closed" => {
  const at = now.getTime()
  if (at < Date.parse(window.opensAt)) return "scheduled"
  return at < Date.parse(window.closesAt) ? "open" : "closed"
}

/** A drawn drop's record: everything a check of its draw needs is there (the beacon may be missing: the check says so). */
export type DrawnRecord = PublishedDrop & { commitment: DropCommitment; seed: string; listHash: string; winners: Record<string, string[]> }

export const isCheckable = (record: PublishedDrop): record is DrawnRecord =>
  record.phase === "drawn" && record.seed !== null && record.commitment !== null && record.listHash !== null && record.winners !== null

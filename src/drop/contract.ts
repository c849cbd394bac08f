/**
 * The drop's contract, shared by the browser, the server and the commands: what a drop's public
 * record looks like (GET /api/drop?drop=ID answers it; the drop page and both verifiers read it),
 * what entering sends and gets back, and how a size is named. Types and plain functions only.
 *
 * Words: a *drop* is a limited run of pieces handed out by a draw; a person's *entry* names one
 * *size* (a piece in one size); an entry holds *tickets* (1, plus bonus tickets for confirmed
 * referrals); the *seed* is the owner's secret whose hash is published before the window opens.
 */

/** Where a drop is: before its window, taking entries, closed (entries frozen), or drawn. */
export type DropPhase = "scheduled" | "open" | "closed" | "drawn"

/** A size as entries and the draw name it: the piece's id and the size's label, like "hoodie/M". */
export const sizeKey = (pieceId: string, label: string): string => `${pieceId}/${label}`

/** How many pieces one size has: the draw's winners for that size are at most this many. */
export interface SizeStock {
  size: string
  pieces: number
}

/** A drop's public record: everything anyone needs to follow it and to check its draw. */
export interface PublishedDrop {
  drop: string
  phase: DropPhase
  /** SHA-256 (hex) of the seed, published when the owner commits, before the window opens. */
  seedHash: string | null
  committedAt: string | null
  /** Entrants per size (live while open, frozen from close); sizes nobody entered count 0. */
  entrants: Record<string, number>
  /** SHA-256 (hex) of the frozen entry list (see draw.ts), from close. */
  listHash: string | null
  frozenAt: string | null
  /** The seed itself (hex), revealed by the draw. */
  seed: string | null
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
}

/** A person's entry as the status answer carries it, per drop id. */
export interface MyDropEntry {
  size: string
  tickets: number
  /** The entry's number in the published list and the winners: only its person sees which is theirs. */
  entryId: string
  /** After the draw: won (a code is on its way by email) or not (this time); null before it. */
  outcome: "won" | "notWon" | null
}

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

/** A drawn drop's record: everything a check of its draw needs is there. */
export type DrawnRecord = PublishedDrop & { seed: string; seedHash: string; listHash: string; winners: Record<string, string[]> }

export const isCheckable = (record: PublishedDrop): record is DrawnRecord =>
  record.phase === "drawn" && record.seed !== null && record.seedHash !== null && record.listHash !== null && record.winners !== null

/** What the draw's check (verifyDraw in draw.ts) is given: the drawn record and the entry list as published. */
export const publishedDraw = (record: DrawnRecord, entryList: string) => ({
  seed: record.seed,
  seedHash: record.seedHash,
  listHash: record.listHash,
  entryList,
  stock: record.stock,
  winners: record.winners,
  ...(record.promoted ? { promoted: record.promoted } : {}),
})

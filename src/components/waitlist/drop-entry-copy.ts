/**
 * What the status page's drop section takes: each drop as content/drops.json holds it (the parts
 * entering needs, from the page query) and the words of content/pages/waitlist.json's `drop`.
 */
import { sizeKey, type DropTerms } from "../../drop/contract"
import type { EntryRefusal } from "../../lib/drop-entering"

export interface EntryDrop extends DropTerms {
  pieces: ReadonlyArray<{ id: string; name: string; sizes: ReadonlyArray<{ label: string }> }>
}

export interface DropEntryCopy {
  eyebrow: string
  opens: string
  closes: string
  results: string
  utcNote: string
  localNote: string
  age: string
  bonus: string
  noBonus: string
  tickets: string
  scheduled: string
  sizes: string
  chooseSize: string
  enter: string
  change: string
  withdraw: string
  sending: string
  withdrawing: string
  yourEntry: string
  entryNumber: string
  entered: string
  changed: string
  withdrawn: string
  closed: string
  won: string
  notWon: string
  rulesLink: string
  waiting: string
  leftOut: string
  check: {
    button: string
    checking: string
    found: string
    differs: string
    missing: string
    listChanged: string
    failed: string
  }
  errors: Record<EntryRefusal, string>
}

/** A size as a person reads it, by the key entries use: "hoodie/M" -> "Block Heavyweight Hoodie, M" (as the server's emails name it). */
export const sizeNames = (drop: Pick<EntryDrop, "pieces">): Record<string, string> =>
  Object.fromEntries(drop.pieces.flatMap((piece) => piece.sizes.map((size) => [sizeKey(piece.id, size.label), `${piece.name}, ${size.label}`])))

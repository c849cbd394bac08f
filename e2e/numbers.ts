// Finders for the numbers a page states about the list and a drop's pieces, so a test can hold
// them to each other: the list's size however it is said, and a drop's total against its sizes.

const NUMBER = "\\d{1,3}(?:,\\d{3})*\\+?|\\d+\\+?"

/**
 * How the pages say how big the list is: "Join 5,000+ people (already on the list)", "5,000+ people
 * on the list", "#12 of 62". One pattern of alternatives, so a phrase is counted once.
 */
const LIST_SIZE = new RegExp(
  `\\bJoin (${NUMBER}) (?:people|others)\\b(?: already on the list)?|\\b(${NUMBER}) (?:people|others) (?:already )?on the list\\b|#\\d[\\d,]* of (${NUMBER})(?![\\d,])`,
  "g",
)

/** Every size of the list that `text` states, as written ("5,000+", "62"), in the order it says them. */
export const listSizes = (text: string): string[] => [...text.matchAll(LIST_SIZE)].map((match) => match[1] ?? match[2] ?? match[3])

const TOTAL = /\b(\d[\d,]*) pieces in all\b/g
/** A size's count ends its line (a size's label is on the line before or beside it), unlike "Block 94 pieces: ...". */
const PER_SIZE = /(\d[\d,]*) pieces?(?=[ \t]*(?:\n|$))/g

const toNumber = (written: string): number => Number(written.replace(/,/g, ""))

/** A drop's stated total ("120 pieces in all") and the pieces its sizes list ("15 pieces", "1 piece"). */
export const pieceCounts = (text: string): { totals: number[]; sizes: number[] } => ({
  totals: [...text.matchAll(TOTAL)].map((match) => toNumber(match[1])),
  sizes: [...text.matchAll(PER_SIZE)].map((match) => toNumber(match[1])),
})

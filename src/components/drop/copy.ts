/**
 * What the drop page's components take: the drop as content/drops.json holds it (pictures from
 * the page query) and the page's words from content/pages/drop.json.
 */
import type { IGatsbyImageData } from "gatsby-plugin-image"
import type { DropCommitment } from "../../drop/commitment"
import type { BonusRule } from "../../drop/tickets"
import type { CountdownWords } from "../../lib/drop-schedule"
import type { DropWindowTimes } from "../../lib/drop-stage"

export interface DropSizeContent {
  label: string
  quantity: number
  /** Its line in the size guide. */
  measurements: string
}

export interface DropPieceContent {
  id: string
  name: string
  description: string
  /** In whole units of the drops' currency. */
  price: number
  colourway: string
  alt: string
  image: IGatsbyImageData | null
  /** A line or two on the fit, atop the size guide. */
  fit: string
  sizes: ReadonlyArray<DropSizeContent>
}

export interface DropContent extends DropWindowTimes {
  id: string
  name: string
  /** The short name, like "Drop 01". */
  label: string
  summary: string
  redeemDays: number
  bonus: BonusRule
  pieces: ReadonlyArray<DropPieceContent>
  /** The commitment content carries as the site is built; null before the owner commits. */
  commitment: DropCommitment | null
}

export interface PiecesCopy {
  heading: string
  sizes: string
  quantity: string
  quantityOne: string
  total: string
}

export interface WindowCopy {
  heading: string
  opens: string
  closes: string
  results: string
  utcNote: string
  localNote: string
}

export interface CountdownCopy extends CountdownWords {
  toOpen: string
  toClose: string
  toResults: string
  over: string
}

export interface HowCopy {
  heading: string
  steps: ReadonlyArray<string>
  bonus: string
  noBonus: string
  redeem: string
}

export interface PieceDetailsCopy {
  price: string
  colourway: string
  sizeGuide: string
  size: string
  measurements: string
}

export interface ActionCopy {
  label: string
  join: string
  enter: string
  entered: string
  checkOpens: string
}

export interface EnterCopy {
  text: string
  joinLink: string
}

export interface CheckCopy {
  heading: string
  paragraphs: ReadonlyArray<string>
}

export interface CommitmentCopy {
  heading: string
  intro: string
  none: string
  seedHash: string
  beacon: string
  round: string
  beaconAt: string
  committedAt: string
}

export interface VerifyCopy {
  button: string
  checking: string
  intro: string
  match: string
  mismatch: string
  failed: string
}

export interface LiveCopy {
  heading: string
  intro: string
  loading: string
  unavailable: string
  phase: string
  phases: { scheduled: string; open: string; closed: string; drawn: string }
  seedHash: string
  committedAt: string
  beacon: string
  notYet: string
  entrants: string
  size: string
  stock: string
  entries: string
  listHash: string
  frozenAt: string
  listLink: string
  seed: string
  drawnAt: string
  winners: string
  winnersOf: string
  promoted: string
  idsNote: string
  verify: VerifyCopy
}

export interface DropPageCopy {
  pieces: PiecesCopy
  window: WindowCopy
  countdown: CountdownCopy
  how: HowCopy
  details: PieceDetailsCopy
  action: ActionCopy
  enter: EnterCopy
  check: CheckCopy
  commitment: CommitmentCopy
  live: LiveCopy
  noscript: string
}

/** The heading ids of a drop's sections, unique on a page of several drops. */
export const dropSectionId = (dropId: string, section: string): string => `${dropId}-${section}`

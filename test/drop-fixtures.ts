/**
 * Public records of the first drop (content/drops.json) as GET /api/drop?drop=drop-01 would
 * answer them in each stage, for the drop page's unit and browser tests. Hashes and ids are
 * made up: tests that check a draw stub the verifier, they never recompute these.
 */
import type { DropCommitment } from "../src/drop/commitment"
import type { PublishedDrop } from "../src/drop/contract"

export const SEED_HASH = "5f".repeat(32)
export const LIST_HASH = "c0ffee".repeat(10) + "c0ff"
export const SEED = "94".repeat(32)

/** The first drop's pieces per size. */
export const STOCK = [
  { size: "hoodie/S", pieces: 15 },
  { size: "hoodie/M", pieces: 25 },
  { size: "hoodie/L", pieces: 25 },
  { size: "hoodie/XL", pieces: 15 },
  { size: "cap/One size", pieces: 40 },
]

/** The commitment those records show (quicknet's hash, the first round after the content's close). */
export const COMMITMENT: DropCommitment = {
  seedHash: SEED_HASH,
  chainHash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
  round: 34_591_013,
  opensAt: "2026-12-04T17:00:00Z",
  closesAt: "2026-12-06T17:00:00Z",
  committedAt: "2026-12-01T12:00:00.000Z",
}

/** Before entries open: the commitment is published, nothing else. */
export const scheduledRecord = (): PublishedDrop => ({
  drop: "drop-01",
  phase: "scheduled",
  commitment: COMMITMENT,
  beacon: null,
  entrants: Object.fromEntries(STOCK.map(({ size }) => [size, 0])),
  listHash: null,
  frozenAt: null,
  seed: null,
  drawnAt: null,
  winners: null,
  promoted: null,
  stock: STOCK,
})

/** After the draw: the list's hash, the seed, and the winners (two of them for size S). */
export const drawnRecord = (): PublishedDrop => ({
  ...scheduledRecord(),
  phase: "drawn",
  entrants: { "hoodie/S": 2, "hoodie/M": 1, "hoodie/L": 0, "hoodie/XL": 0, "cap/One size": 3 },
  listHash: LIST_HASH,
  frozenAt: "2026-12-06T17:00:01.000Z",
  seed: SEED,
  beacon: { round: COMMITMENT.round, signature: "b3".repeat(48) },
  drawnAt: "2026-12-07T17:00:00.000Z",
  winners: {
    "hoodie/S": ["k3j9x2m1", "p0q8r7s6"],
    "hoodie/M": ["a1b2c3d4"],
    "hoodie/L": [],
    "hoodie/XL": [],
    "cap/One size": ["z9y8x7w6", "m5n4b3v2", "q1w2e3r4"],
  },
  promoted: {},
})

/** The frozen list behind `drawnRecord`, as GET /api/drop/entries answers it. */
export const DRAWN_ENTRY_LIST = [
  "a1b2c3d4\thoodie/M\t1",
  "k3j9x2m1\thoodie/S\t2",
  "m5n4b3v2\tcap/One size\t1",
  "p0q8r7s6\thoodie/S\t4",
  "q1w2e3r4\tcap/One size\t1",
  "z9y8x7w6\tcap/One size\t3",
  "",
].join("\n")

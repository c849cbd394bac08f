import { createHash, createHmac } from "node:crypto"
import fc from "fast-check"
import type { SizeStock } from "../contract"
import { drawKey, drawWinners, type TicketHasher } from "../draw"
import { entryListText, parseEntryList, type DrawEntry } from "../entry-list"

const nodeSha256 = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex")
const nodeHasher =
  (key: string): TicketHasher =>
  (message) =>
    createHmac("sha256", key).update(message, "utf8").digest("hex")
/** The beacon's half of the key: these tests vary the seed, which works the same on the key. */
const SIGNATURE = "b3".repeat(48)

const SIZES = ["hoodie/S", "hoodie/M", "hoodie/L", "cap/One size"]

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex")
const seedArbitrary = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(hex)
const entriesArbitrary = fc.uniqueArray(
  fc.record({ id: fc.stringMatching(/^[0-9a-z]{8,12}$/), size: fc.constantFrom(...SIZES), tickets: fc.integer({ min: 1, max: 4 }) }),
  { selector: (entry) => entry.id, maxLength: 60 },
)
/** Every size in stock, in a random order, with 0 to 8 pieces. */
const stockArbitrary: fc.Arbitrary<SizeStock[]> = fc
  .tuple(
    fc.shuffledSubarray(SIZES, { minLength: SIZES.length }),
    fc.array(fc.integer({ min: 0, max: 8 }), { minLength: SIZES.length, maxLength: SIZES.length }),
  )
  .map(([sizes, pieces]) => sizes.map((size, i) => ({ size, pieces: pieces[i] })))

const sorted = (ids: string[]): string[] => [...ids].sort()

describe("the draw, over random entry lists and stock", () => {
  it("gives each size min(pieces, entrants) winners, no entry twice, and ranks every entrant exactly once", async () => {
    await fc.assert(
      fc.asyncProperty(entriesArbitrary, stockArbitrary, seedArbitrary, async (entries, stock, seed) => {
        const listHash = nodeSha256(entryListText(entries))
        const key = drawKey(seed, SIGNATURE)
        const result = await drawWinners({ entries, stock, key, listHash, hasher: nodeHasher(key) })
        expect(result.bySize.map(({ size }) => size)).toEqual(stock.map(({ size }) => size))
        for (const { size, pieces, entrants, winners, reserve } of result.bySize) {
          const entered = entries.filter((entry) => entry.size === size).map((entry) => entry.id)
          expect(entrants).toBe(entered.length)
          expect(pieces).toBe(stock.find((item) => item.size === size)?.pieces)
          expect(winners).toHaveLength(Math.min(pieces, entered.length))
          expect(sorted([...winners, ...reserve])).toEqual(sorted(entered))
        }
        const allWinners = result.bySize.flatMap(({ winners }) => winners)
        expect(new Set(allWinners).size).toBe(allWinners.length)
      }),
    )
  })

  it("writes one entry list text for any order of the same entries, and reads it back", () => {
    fc.assert(
      fc.property(
        entriesArbitrary.chain((entries) => fc.tuple(fc.constant(entries), fc.shuffledSubarray(entries, { minLength: entries.length }))),
        ([entries, shuffled]) => {
          const text = entryListText(entries)
          expect(entryListText(shuffled)).toBe(text)
          expect(entryListText(parseEntryList(text))).toBe(text)
        },
      ),
    )
  })
})

describe("tickets", () => {
  // One piece, four entrants holding 1 to 4 tickets: each should win in proportion to tickets.
  const TICKETS = [1, 2, 3, 4]
  const DRAWS = 3000
  /** The chi-squared distribution's 0.999 quantile for 3 degrees of freedom (4 entrants - 1). */
  const CRITICAL_3_DF = 16.266

  const entries: DrawEntry[] = TICKETS.map((tickets, i) => ({ id: `entrant${i}`, size: "cap/One size", tickets }))
  const stock = [{ size: "cap/One size", pieces: 1 }]
  const chiSquared = (observed: number[], expected: number[]): number => observed.reduce((sum, count, i) => sum + (count - expected[i]) ** 2 / expected[i], 0)

  let wins: number[]
  beforeAll(async () => {
    const listHash = nodeSha256(entryListText(entries))
    wins = TICKETS.map(() => 0)
    for (let draw = 0; draw < DRAWS; draw += 1) {
      // Fixed seeds, so the test gives the same answer on every run.
      const seed = nodeSha256(`odds seed ${draw}`)
      const key = drawKey(seed, SIGNATURE)
      const result = await drawWinners({ entries, stock, key, listHash, hasher: nodeHasher(key) })
      wins[entries.findIndex((entry) => entry.id === result.bySize[0].winners[0])] += 1
    }
  })

  it("make an entry's chance of winning its share of all tickets", () => {
    const totalTickets = TICKETS.reduce((sum, tickets) => sum + tickets, 0)
    const expected = TICKETS.map((tickets) => (DRAWS * tickets) / totalTickets)
    expect(wins.reduce((sum, count) => sum + count, 0)).toBe(DRAWS)
    expect(chiSquared(wins, expected)).toBeLessThan(CRITICAL_3_DF)
  })

  it("do change the odds: equal chances for all is plainly refused by the same test", () => {
    const equal = TICKETS.map(() => DRAWS / TICKETS.length)
    expect(chiSquared(wins, equal)).toBeGreaterThan(CRITICAL_3_DF)
  })
})

import { createHash, createHmac } from "node:crypto"
import { bls12_381 } from "@noble/curves/bls12-381"
import { publicKeyOf, signRound } from "../../../tools/dev/beacon-stand-in"
import type { SizeStock } from "../contract"
import { drawKey, drawWinners, seedHash, type TicketHasher } from "../draw"
import { entryListText, parseEntryList, sha256Hex, type DrawEntry } from "../entry-list"
import { verifyDraw, type PublishedDraw } from "../verify"

const nodeSha256 = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex")
const nodeHasher =
  (key: string): TicketHasher =>
  (message) =>
    createHmac("sha256", key).update(message, "utf8").digest("hex")

const SEED = nodeSha256("the owner's seed")
/** A test beacon chain's key, and the round committed to. */
const CHAIN_KEY = bls12_381.utils.randomSecretKey()
const CHAIN = { publicKey: publicKeyOf(CHAIN_KEY), scheme: "bls-unchained-g1-rfc9380" as const }
const ROUND = 26_000_123
const BEACON = { round: ROUND, signature: signRound(CHAIN_KEY, ROUND) }
const STOCK: SizeStock[] = [
  { size: "hoodie/M", pieces: 5 },
  { size: "cap/One size", pieces: 3 },
]
const ENTRIES: DrawEntry[] = Array.from({ length: 40 }, (_, i) => ({
  id: `person${String(i).padStart(3, "0")}`,
  size: i % 2 === 0 ? "hoodie/M" : "cap/One size",
  tickets: 1 + (i % 3),
}))

const WITHDRAWN_WINNER = 0

/**
 * A drop's public record as the server would publish it: drawn with a node:crypto hasher, the
 * hoodie's first winner gone unredeemed so the first on its reserve list was promoted.
 */
const publishedDraw = async (): Promise<{ published: PublishedDraw; reserve: Record<string, string[]> }> => {
  const entryList = entryListText(ENTRIES)
  const listHash = await sha256Hex(entryList)
  const key = drawKey(SEED, BEACON.signature)
  const result = await drawWinners({ entries: ENTRIES, stock: STOCK, key, listHash, hasher: nodeHasher(key) })
  const winners = Object.fromEntries(result.bySize.map(({ size, winners }) => [size, winners]))
  const reserve = Object.fromEntries(result.bySize.map(({ size, reserve }) => [size, reserve]))
  expect(winners["hoodie/M"][WITHDRAWN_WINNER]).toBeDefined()
  return {
    published: {
      seed: SEED,
      seedHash: await seedHash(SEED),
      listHash,
      entryList,
      stock: STOCK,
      winners,
      promoted: { "hoodie/M": reserve["hoodie/M"].slice(0, 1) },
      beacon: BEACON,
      round: ROUND,
      chain: CHAIN,
    },
    reserve,
  }
}

const withChangedList = (published: PublishedDraw, change: (entries: DrawEntry[]) => DrawEntry[]): PublishedDraw => ({
  ...published,
  entryList: entryListText(change(parseEntryList(published.entryList))),
})

describe("verifying a draw", () => {
  it("finds nothing wrong with a real draw, with the Web Crypto hasher or node's", async () => {
    const { published } = await publishedDraw()
    expect(await verifyDraw(published)).toEqual({ ok: true, problems: [] })
    expect(await verifyDraw(published, nodeHasher)).toEqual({ ok: true, problems: [] })
    expect(await verifyDraw({ ...published, promoted: undefined })).toEqual({ ok: true, problems: [] })
  })

  it("notices an entry list with one ticket changed", async () => {
    const { published } = await publishedDraw()
    const changed = withChangedList(published, (entries) => entries.map((entry, i) => (i === 7 ? { ...entry, tickets: entry.tickets + 1 } : entry)))
    const check = await verifyDraw(changed)
    expect(check.ok).toBe(false)
    expect(check.problems).toContain("The entry list does not match the hash published when entries closed")
  })

  it("notices an entry list with one entry added", async () => {
    const { published } = await publishedDraw()
    const changed = withChangedList(published, (entries) => [...entries, { id: "latecomer", size: "hoodie/M", tickets: 1 }])
    const check = await verifyDraw(changed)
    expect(check.ok).toBe(false)
    expect(check.problems).toContain("The entry list does not match the hash published when entries closed")
  })

  it("notices a seed other than the one committed to, and the winners it would change", async () => {
    const { published } = await publishedDraw()
    const check = await verifyDraw({ ...published, seed: nodeSha256("a seed chosen after the entries were known") })
    expect(check.ok).toBe(false)
    expect(check.problems).toContain("The seed does not match the hash published before entries opened")
    expect(check.problems).toContainEqual(expect.stringMatching(/^Size hoodie\/M: the published winners differ from the draw's/))
  })

  it("refuses a beacon value signed by any key but the chain's, and says the draw could have been chosen", async () => {
    const { published } = await publishedDraw()
    // Whoever holds the seed makes up a beacon value that suits them, and draws with it: the winners follow from it, the signature does not.
    const forged = { round: ROUND, signature: signRound(bls12_381.utils.randomSecretKey(), ROUND) }
    const key = drawKey(SEED, forged.signature)
    const result = await drawWinners({ entries: ENTRIES, stock: STOCK, key, listHash: published.listHash, hasher: nodeHasher(key) })
    const winners = Object.fromEntries(result.bySize.map(({ size, winners }) => [size, winners]))
    const check = await verifyDraw({ ...published, beacon: forged, winners, promoted: undefined })
    expect(check).toEqual({
      ok: false,
      problems: [
        `The beacon value given for round ${ROUND} is not signed by the beacon chain's key: it is not the real beacon, so the draw could have been chosen`,
      ],
    })
    // Not a point on the curve at all.
    expect((await verifyDraw({ ...published, beacon: { round: ROUND, signature: "ab".repeat(48) } })).problems[0]).toMatch(
      /is not signed by the beacon chain's key/,
    )
  })

  it("refuses another round's value, and a draw that names no beacon", async () => {
    const { published } = await publishedDraw()
    const earlier = { round: ROUND - 1, signature: signRound(CHAIN_KEY, ROUND - 1) }
    expect((await verifyDraw({ ...published, beacon: earlier })).problems).toContain(
      `The draw used beacon round ${ROUND - 1}, not round ${ROUND}, the one committed to before entries opened`,
    )
    expect(await verifyDraw({ ...published, beacon: null })).toEqual({ ok: false, problems: ["The draw names no beacon value, so it cannot be recomputed"] })
  })

  it("notices a winner swapped for someone from the reserve list, and says where", async () => {
    const { published, reserve } = await publishedDraw()
    const hoodieWinners = [...published.winners["hoodie/M"]]
    const [displaced] = hoodieWinners.splice(2, 1, reserve["hoodie/M"][3])
    const check = await verifyDraw({ ...published, winners: { ...published.winners, "hoodie/M": hoodieWinners } })
    expect(check.ok).toBe(false)
    expect(check.problems).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Size hoodie/M: the published winners differ from the draw's \\(.*first difference at place 3: published ${reserve["hoodie/M"][3]}, recomputed ${displaced}\\)$`,
        ),
      ),
    ])
  })

  it("notices winners in another order than drawn, or a size's winners left out", async () => {
    const { published } = await publishedDraw()
    const reordered = [...published.winners["cap/One size"]].reverse()
    const check = await verifyDraw({ ...published, winners: { ...published.winners, "cap/One size": reordered } })
    expect(check.problems).toEqual([expect.stringMatching(/^Size cap\/One size: the published winners differ/)])
    const missing = await verifyDraw({ ...published, winners: { "hoodie/M": published.winners["hoodie/M"] } })
    expect(missing.problems).toEqual([expect.stringMatching(/^Size cap\/One size: the published winners differ .*published none/)])
  })

  it.each([
    ["skips the next on the reserve list", (reserve: string[]) => reserve.slice(1, 2)],
    ["is out of order", (reserve: string[]) => [reserve[1], reserve[0]]],
    ["names a winner", (_: string[], winners: string[]) => [winners[0]]],
  ])("notices a promoted list that %s", async (_, promote) => {
    const { published, reserve } = await publishedDraw()
    const promoted = { "hoodie/M": promote(reserve["hoodie/M"], published.winners["hoodie/M"]) }
    const check = await verifyDraw({ ...published, promoted })
    expect(check.ok).toBe(false)
    expect(check.problems).toEqual([expect.stringMatching(/^Size hoodie\/M: promoted entries are not the next ones on the reserve list/)])
  })

  it("notices more promoted than the reserve list holds", async () => {
    const { published, reserve } = await publishedDraw()
    const promoted = { "cap/One size": [...reserve["cap/One size"], "person999"] }
    const check = await verifyDraw({ ...published, promoted })
    expect(check.problems).toEqual([expect.stringMatching(/^Size cap\/One size: promoted entries .*the reserve list has only 17\)$/)])
  })

  it("notices winners or promotions for a size not in stock", async () => {
    const { published } = await publishedDraw()
    const check = await verifyDraw({ ...published, winners: { ...published.winners, "hoodie/XXL": ["person001"] }, promoted: { "hoodie/XXL": [] } })
    expect(check.problems).toEqual([
      "The published winners name size hoodie/XXL, which is not in the stock",
      "The published promotions name size hoodie/XXL, which is not in the stock",
    ])
  })

  it("says so when the draw cannot be recomputed", async () => {
    const { published } = await publishedDraw()
    const unreadable = await verifyDraw({ ...published, entryList: published.entryList.replace("\t1\n", "\tone\n") })
    expect(unreadable.ok).toBe(false)
    expect(unreadable.problems).toContainEqual(expect.stringMatching(/^The draw cannot be recomputed: Line \d+ of the entry list: tickets must be/))
    const badSeed = await verifyDraw({ ...published, seed: "not a seed" })
    expect(badSeed).toEqual({ ok: false, problems: ["The revealed seed is not 64 lowercase hexadecimal characters, so the draw cannot be recomputed"] })
  })
})

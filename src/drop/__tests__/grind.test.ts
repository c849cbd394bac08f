// The grind: whoever holds a drop's seed enters a few puppet entries, tries which of them to keep
// before the close so that a chosen entry wins, and freezes that list. With the seed alone deciding
// the draw, that picks the winner nearly every time; with the beacon's round (out only after the
// close) in the key, the holder's best guess wins at chance, and changing the list, the beacon or
// the commitment once the beacon is out is flagged by the verifiers.
import { createHash, createHmac } from "node:crypto"
import { bls12_381 } from "@noble/curves/bls12-381"
import { publicKeyOf, signRound } from "../../../tools/dev/beacon-stand-in"
import { roundAfter, type BeaconChain } from "../beacon"
import { commitmentProblems, makeCommitment } from "../commitment"
import type { SizeStock } from "../contract"
import { drawKey, drawWinners, type TicketHasher } from "../draw"
import { entryListHash, entryListText, type DrawEntry } from "../entry-list"
import { verifyDraw } from "../verify"

const hex = (text: string): string => createHash("sha256").update(text).digest("hex")
const hasher =
  (key: string): TicketHasher =>
  (message) =>
    createHmac("sha256", key).update(message).digest("hex")

const HONEST = 100
const PIECES = 10
const PUPPETS = 5
const TRIALS = 200
const STOCK: SizeStock[] = [{ size: "cap/One size", pieces: PIECES }]
const CHOSEN: DrawEntry = { id: "chosen0000000000", size: "cap/One size", tickets: 1 }
const honest = (trial: number): DrawEntry[] =>
  Array.from({ length: HONEST }, (_, i) => ({ id: `h${hex(`${trial}:${i}`).slice(0, 15)}`, size: "cap/One size", tickets: 1 }))
const puppets: DrawEntry[] = Array.from({ length: PUPPETS }, (_, i) => ({ id: `puppet${String(i).padStart(10, "0")}`, size: "cap/One size", tickets: 1 }))
/** Every subset of the puppets: the lists the holder can freeze by entering and withdrawing them before the close. */
const combinations = Array.from({ length: 2 ** PUPPETS }, (_, mask) => puppets.filter((_, i) => mask & (1 << i)))

const wins = async (entries: DrawEntry[], key: string): Promise<boolean> => {
  const result = await drawWinners({ entries, stock: STOCK, key, listHash: hex(entryListText(entries)), hasher: hasher(key) })
  return result.bySize[0].winners.includes(CHOSEN.id)
}

/** The holder's grind: the first list (of all they can freeze) under which the chosen entry wins with `key`; the bare list if none. */
const grind = async (base: DrawEntry[], key: string): Promise<DrawEntry[]> => {
  for (const kept of combinations) if (await wins([...base, ...kept], key)) return [...base, ...kept]
  return base
}

describe("the grind against a committed drop", () => {
  let seedOnly = 0
  let withBeacon = 0
  let chance = 0
  beforeAll(async () => {
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const seed = hex(`grind seed ${trial}`)
      const base = [...honest(trial), CHOSEN]
      // Were the seed the whole key, the holder would know the outcome of every list before the close.
      const seedKey = drawKey(seed, hex(`no beacon ${trial}`))
      if (await wins(await grind(base, seedKey), seedKey)) seedOnly += 1
      // With the beacon, the holder can only guess its value (here, one they make up) when choosing the list to freeze.
      const guessed = await grind(base, drawKey(seed, hex(`the holder's guess ${trial}`)))
      const beacon = hex(`the beacon's round ${trial}`) + hex(`${trial}`).slice(0, 32)
      if (await wins(guessed, drawKey(seed, beacon))) withBeacon += 1
      chance += PIECES / guessed.length
    }
    // A few thousand draws of a hundred entries: seconds on a busy machine.
  }, 120_000)

  it("picks the chosen winner nearly every time when the seed alone decides", () => {
    expect(seedOnly).toBeGreaterThanOrEqual(TRIALS * 0.9)
  })

  it("wins no more often than chance once the beacon's value, unknown at the close, is in the key", () => {
    // Chance is about 9.5%: 19 wins expected in 200; 38 is over four standard deviations above it.
    expect(chance / TRIALS).toBeGreaterThan(0.09)
    expect(withBeacon).toBeLessThanOrEqual(Math.ceil(chance + 4.5 * Math.sqrt(chance * (1 - chance / TRIALS))))
    expect(withBeacon).toBeLessThan(seedOnly / 3)
  })
})

describe("what the holder of a committed drop could still try once the beacon is out", () => {
  // A fixed key, so the beacon (and so the suited list) is the same on every run.
  // (The leading zero keeps it below the curve's order.)
  const chainKey = Uint8Array.from(Buffer.from(`00${hex("test chain key a").slice(2)}`, "hex"))
  const chain: BeaconChain = {
    name: "test chain",
    chainHash: hex("test chain"),
    publicKey: publicKeyOf(chainKey),
    genesis: 1_692_803_367,
    period: 3,
    scheme: "bls-unchained-g1-rfc9380",
    relays: ["http://127.0.0.1:9/chain"],
  }
  const window = { opensAt: "2026-12-04T17:00:00Z", closesAt: "2026-12-06T17:00:00Z" }
  const seed = hex("the holder's seed")
  const round = roundAfter(chain, window.closesAt)
  const beacon = { round, signature: signRound(chainKey, round) }
  const frozen = [...honest(0), CHOSEN, ...puppets.slice(0, 2)]

  /** What the site publishes for the list frozen at close and drawn with the real beacon. */
  const published = async (entries: DrawEntry[], beaconValue = beacon) => {
    const key = drawKey(seed, beaconValue.signature)
    const result = await drawWinners({ entries, stock: STOCK, key, listHash: await entryListHash(entries), hasher: hasher(key) })
    return {
      seed,
      seedHash: hex(seed),
      listHash: await entryListHash(entries),
      entryList: entryListText(entries),
      stock: STOCK,
      winners: { "cap/One size": result.bySize[0].winners },
      beacon: beaconValue,
      round,
      chain,
    }
  }

  it("is flagged when the list is changed after the close to suit the beacon", async () => {
    const atClose = await published(frozen)
    // Seeing the beacon, the holder finds puppets that make the chosen entry win, and publishes that list under the old hash.
    const suited = await grind([...honest(0), CHOSEN], drawKey(seed, beacon.signature))
    expect(await wins(suited, drawKey(seed, beacon.signature))).toBe(true)
    expect(suited).not.toEqual(frozen)
    const check = await verifyDraw({ ...(await published(suited)), listHash: atClose.listHash })
    expect(check.problems).toContain("The entry list does not match the hash published when entries closed")
  })

  it("is flagged when a made-up beacon value is drawn with", async () => {
    const forged = { round, signature: signRound(bls12_381.utils.randomSecretKey(), round) }
    const check = await verifyDraw(await published(frozen, forged))
    expect(check.problems).toEqual([expect.stringMatching(/is not signed by the beacon chain's key/)])
  })

  it("is flagged when the commitment (another seed, another round) or a late freeze shows in the record", async () => {
    const built = makeCommitment(hex(seed), chain, window, new Date("2026-12-01T12:00:00Z"))
    const swapped = { ...built, seedHash: hex(hex("a seed chosen later")) }
    expect(commitmentProblems({ built, live: swapped, chain, window, frozenAt: "2026-12-06T17:00:00.100Z" })).toEqual([
      expect.stringMatching(/differs from the commitment published with the site before entries opened: the seed's fingerprint changed/),
    ])
    expect(commitmentProblems({ built, live: built, chain, window, frozenAt: "2026-12-06T17:10:00.000Z" })).toEqual([
      expect.stringMatching(/frozen .* after the beacon's round .* was public/),
    ])
  })
})

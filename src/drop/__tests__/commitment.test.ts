// A drop's commitment: made for its window with the first beacon round after the close, held to
// the window and the chain, and compared by verifiers with the one the site was built with.
import { roundAfter, roundTime, type BeaconChain } from "../beacon"
import { commitmentMismatch, commitmentProblems, makeCommitment, sameCommitment, type DropCommitment } from "../commitment"

const CHAIN: BeaconChain = {
  name: "test chain",
  chainHash: "c".repeat(64),
  publicKey: "d".repeat(192),
  genesis: 1_692_803_367,
  period: 3,
  scheme: "bls-unchained-g1-rfc9380",
  relays: ["https://relay.example/cccc"],
}
const WINDOW = { opensAt: "2026-12-04T17:00:00Z", closesAt: "2026-12-06T17:00:00Z" }
const BEFORE = new Date("2026-12-01T12:00:00.000Z")
const COMMITMENT = makeCommitment("a".repeat(64), CHAIN, WINDOW, BEFORE)
const BEACON_AT = roundTime(CHAIN, COMMITMENT.round).toISOString()

const evidence = (changes: Partial<Parameters<typeof commitmentProblems>[0]> = {}) =>
  commitmentProblems({ built: COMMITMENT, live: COMMITMENT, chain: CHAIN, window: WINDOW, frozenAt: "2026-12-06T17:00:00.010Z", ...changes })

describe("a commitment", () => {
  it("names the seed's hash, the chain, the first round after the close, the window, and when it was made", () => {
    expect(COMMITMENT).toEqual({
      seedHash: "a".repeat(64),
      chainHash: CHAIN.chainHash,
      round: roundAfter(CHAIN, WINDOW.closesAt),
      opensAt: WINDOW.opensAt,
      closesAt: WINDOW.closesAt,
      committedAt: BEFORE.toISOString(),
    })
    expect(commitmentMismatch(COMMITMENT, WINDOW, CHAIN)).toBeNull()
  })

  it("is the same whatever way its instants are written, and differs in any one field", () => {
    expect(sameCommitment(COMMITMENT, { ...COMMITMENT, opensAt: "2026-12-04T17:00:00.000Z" })).toBe(true)
    for (const change of [{ seedHash: "b".repeat(64) }, { round: COMMITMENT.round + 1 }, { closesAt: "2026-12-06T18:00:00Z" }, { chainHash: "e".repeat(64) }])
      expect(sameCommitment(COMMITMENT, { ...COMMITMENT, ...change })).toBe(false)
    expect(sameCommitment(COMMITMENT, null)).toBe(false)
  })

  it.each<[string, Partial<DropCommitment>, { opensAt: string; closesAt: string }, RegExp]>([
    ["a window moved since", {}, { ...WINDOW, closesAt: "2026-12-07T17:00:00Z" }, /is for entries from .* but the drop's entries are from/],
    ["a date after the opening", { committedAt: "2026-12-04T17:00:01.000Z" }, WINDOW, /not before entries opened/],
    ["another chain", { chainHash: "e".repeat(64) }, WINDOW, /names beacon chain e+, not c+/],
    ["a round before the close", { round: roundAfter(CHAIN, WINDOW.closesAt) - 1 }, WINDOW, /but the first round after entries close is/],
  ])("does not stand with %s", (_, change, window, message) => {
    expect(commitmentMismatch({ ...COMMITMENT, ...change }, window, CHAIN)).toMatch(message)
  })
})

describe("what a verifier says of a commitment", () => {
  it("nothing, for the built one, kept by the server, and a list frozen at the close", () => {
    expect(evidence()).toEqual([])
  })

  it("that the page was built without it", () => {
    expect(evidence({ built: null })).toEqual([expect.stringMatching(/^This page was built without the drop's commitment/)])
  })

  it("which parts of the live record differ from the built one, in words", () => {
    expect(evidence({ live: { ...COMMITMENT, seedHash: "f".repeat(64), round: COMMITMENT.round + 100 } })).toEqual([
      "The server's record differs from the commitment published with the site before entries opened: the seed's fingerprint, the beacon round changed",
    ])
    expect(evidence({ live: null })).toEqual(["The server shows no commitment for this drop"])
  })

  it("that the built commitment itself does not hold", () => {
    const late = { ...COMMITMENT, committedAt: "2026-12-05T00:00:00.000Z" }
    expect(evidence({ built: late, live: late })).toEqual([
      expect.stringMatching(/^The commitment published with the site does not hold: .*not before entries opened/),
    ])
  })

  it("that the list was frozen once the beacon's value was public, or before the close", () => {
    expect(evidence({ frozenAt: BEACON_AT })).toEqual([
      expect.stringMatching(new RegExp(`^The entry list was frozen at ${BEACON_AT}, after the beacon's round ${COMMITMENT.round} was public`)),
    ])
    expect(evidence({ frozenAt: "2026-12-06T16:59:00.000Z" })).toEqual([
      "The entry list was frozen at 2026-12-06T16:59:00.000Z, before entries closed at 2026-12-06T17:00:00Z",
    ])
  })
})

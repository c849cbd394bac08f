// The beacon a draw waits for: which round is the first after a close, and whose signature counts.
// The chain pinned in content is checked against two real rounds of drand's quicknet, so a wrong
// key, scheme or message in content or code fails here, not at a drop's draw.
import { createHash } from "node:crypto"
import { bls12_381 } from "@noble/curves/bls12-381"
import drops from "../../../content/drops.json"
import { publicKeyOf, signRound } from "../../../tools/dev/beacon-stand-in"
import { readBeacon, roundAfter, roundTime, roundUrl, type BeaconChain } from "../beacon"
import { isBeaconSigned, roundMessage } from "../beacon-signature"

const QUICKNET = drops.beacon as BeaconChain
/** Rounds 2 and 3 of quicknet, as its relays publish them (https://api.drand.sh/52db9ba7.../public/2 and /3). */
const QUICKNET_ROUND_2 = "b6b6a585449b66eb12e875b64fcbab3799861a00e4dbf092d99e969a5eac57dd3f798acf61e705fe4f093db926626807"
const QUICKNET_ROUND_3 = "b3fab6df720b68cc47175f2c777e86d84187caab5770906f515ff1099cb01e4deaa027075d860823e49477b93c72bd64"

describe("beacon rounds", () => {
  const genesis = QUICKNET.genesis * 1000

  it("puts round 1 at the genesis and one round every period after", () => {
    expect(roundTime(QUICKNET, 1).getTime()).toBe(genesis)
    expect(roundTime(QUICKNET, 3).getTime()).toBe(genesis + 6_000)
    expect(() => roundTime(QUICKNET, 0)).toThrow("A beacon round is a whole number from 1")
  })

  it("takes for a draw the first round whose value appears strictly after the close", () => {
    // A close exactly on a round's time: that round was public at the close, so the next one.
    expect(roundAfter(QUICKNET, new Date(genesis + 30_000))).toBe(12)
    expect(roundTime(QUICKNET, 12).getTime()).toBe(genesis + 33_000)
    // A close between rounds: the next round after it.
    expect(roundAfter(QUICKNET, new Date(genesis + 31_500))).toBe(12)
    expect(roundAfter(QUICKNET, new Date(genesis + 32_999))).toBe(12)
    // Drop 01 closes on 6 December 2026 at 17:00 UTC: its round comes out within one period after.
    const close = Date.parse(drops.drops[0].closesAt)
    const round = roundAfter(QUICKNET, drops.drops[0].closesAt)
    expect(roundTime(QUICKNET, round).getTime()).toBeGreaterThan(close)
    expect(roundTime(QUICKNET, round).getTime() - close).toBeLessThanOrEqual(QUICKNET.period * 1000)
    expect(roundTime(QUICKNET, round - 1).getTime()).toBeLessThanOrEqual(close)
  })

  it("reads a beacon only as a round from 1 and a hex signature, and names where anyone can read it", () => {
    expect(readBeacon({ round: 3, signature: QUICKNET_ROUND_3 })).toEqual({ round: 3, signature: QUICKNET_ROUND_3 })
    for (const bad of [
      null,
      {},
      { round: 0, signature: "ab" },
      { round: 3, signature: "xyz" },
      { round: 3, signature: "abc" },
      { round: "3", signature: "ab" },
    ])
      expect(readBeacon(bad)).toBeNull()
    expect(roundUrl(QUICKNET, 3)).toBe(`${QUICKNET.relays[0]}/public/3`)
  })
})

describe("a beacon's signature", () => {
  it("is SHA-256 of the round as 8 bytes big-endian that is signed", async () => {
    const bytes = Buffer.alloc(8)
    bytes.writeBigUInt64BE(26_000_123n)
    expect(Buffer.from(await roundMessage(26_000_123)).toString("hex")).toBe(createHash("sha256").update(bytes).digest("hex"))
  })

  it("checks real quicknet rounds against the key content pins, and refuses one round's signature for another", async () => {
    expect(await isBeaconSigned(QUICKNET, { round: 3, signature: QUICKNET_ROUND_3 })).toBe(true)
    expect(await isBeaconSigned(QUICKNET, { round: 2, signature: QUICKNET_ROUND_2 })).toBe(true)
    expect(await isBeaconSigned(QUICKNET, { round: 3, signature: QUICKNET_ROUND_2 })).toBe(false)
  })

  it("refuses a forged value: signed by any other key, or bytes that are no signature", async () => {
    const forger = bls12_381.utils.randomSecretKey()
    expect(await isBeaconSigned(QUICKNET, { round: 3, signature: signRound(forger, 3) })).toBe(false)
    expect(await isBeaconSigned(QUICKNET, { round: 3, signature: "ab".repeat(48) })).toBe(false)
    expect(await isBeaconSigned({ ...QUICKNET, publicKey: publicKeyOf(forger) }, { round: 3, signature: QUICKNET_ROUND_3 })).toBe(false)
    // The forger's own key would pass its own value: the key pinned in content is what protects the draw.
    expect(await isBeaconSigned({ ...QUICKNET, publicKey: publicKeyOf(forger) }, { round: 3, signature: signRound(forger, 3) })).toBe(true)
  })

  it("checks pedersen-bls-unchained chains too: signatures on G2, the key on G1", async () => {
    const secret = bls12_381.utils.randomSecretKey()
    const signatures = bls12_381.longSignatures
    const message = await roundMessage(7)
    const signature = signatures.sign(signatures.hash(message, "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_"), secret).toHex(true)
    const chain = { publicKey: signatures.getPublicKey(secret).toHex(true), scheme: "pedersen-bls-unchained" as const }
    expect(await isBeaconSigned(chain, { round: 7, signature })).toBe(true)
    expect(await isBeaconSigned(chain, { round: 8, signature })).toBe(false)
    expect(await isBeaconSigned({ ...chain, publicKey: signatures.getPublicKey(bls12_381.utils.randomSecretKey()).toHex(true) }, { round: 7, signature })).toBe(
      false,
    )
  })
})

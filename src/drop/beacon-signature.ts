/**
 * Checks a beacon round's signature against its chain's public key, as drand defines it for the
 * unchained schemes: the message is SHA-256 of the round as 8 bytes big-endian, hashed to the
 * curve with the scheme's tag. Quicknet (bls-unchained-g1-rfc9380) signs on G1 with its key on
 * G2; pedersen-bls-unchained signs on G2 with its key on G1.
 *
 * Browser-safe (Web Crypto and @noble/curves). The curve code is large: the drop page loads this
 * module only when someone presses "Check the draw".
 */
import { bls12_381 } from "@noble/curves/bls12-381"
import type { Beacon, BeaconChain } from "./beacon"

/** The hash-to-curve tags drand uses: G1's for signatures on G1 (RFC 9380), G2's for signatures on G2. */
const TAGS = {
  g1: "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_",
  g2: "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_",
} as const

/** The message a round's signature covers: SHA-256 of the round number as 8 bytes, big-endian. */
export const roundMessage = async (round: number): Promise<Uint8Array> => {
  const bytes = new Uint8Array(8)
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round))
  return new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", bytes))
}

/**
 * Whether `beacon` is its round's value on `chain`: signed by the chain's key. False for a
 * signature from any other key, for another round, or for bytes that are no point on the curve.
 */
export const isBeaconSigned = async (chain: Pick<BeaconChain, "publicKey" | "scheme">, beacon: Beacon): Promise<boolean> => {
  const message = await roundMessage(beacon.round)
  try {
    if (chain.scheme === "bls-unchained-g1-rfc9380") {
      const signatures = bls12_381.shortSignatures
      return signatures.verify(beacon.signature, signatures.hash(message, TAGS.g1), chain.publicKey)
    }
    const signatures = bls12_381.longSignatures
    return signatures.verify(beacon.signature, signatures.hash(message, TAGS.g2), chain.publicKey)
  } catch {
    // Not a point on the curve (or a key that is none): no valid signature.
    return false
  }
}

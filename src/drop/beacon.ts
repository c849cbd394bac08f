/**
 * The public randomness beacon a draw waits for: a drand chain (quicknet unless content names
 * another) and its rounds. A chain emits round 1 at its genesis and one round every `period`
 * seconds after; each round's value is a BLS signature by the chain's key, so nobody (the owner
 * included) knows it before its time, and anyone can check it with the chain's public key.
 *
 * Round arithmetic only: the signature's check is beacon-signature.ts (its curve code is loaded
 * only where a draw is checked).
 */

/** The drand schemes a draw can wait for: unchained, so one round's signature stands on its own. */
export const BEACON_SCHEMES = ["bls-unchained-g1-rfc9380", "pedersen-bls-unchained"] as const
export type BeaconScheme = (typeof BEACON_SCHEMES)[number]

/** A drand chain as content pins it (content/drops.json's `beacon`). */
export interface BeaconChain {
  /** What people call it, like "drand quicknet". */
  name: string
  /** The chain's hash (hex): which chain, among all drand runs. */
  chainHash: string
  /** The chain's BLS public key (hex): what every round's signature is checked against. */
  publicKey: string
  /** Round 1's time, in seconds since 1970 (UTC). */
  genesis: number
  /** Seconds between rounds. */
  period: number
  scheme: BeaconScheme
  /** Where the server fetches rounds: each a chain's address on a drand relay (".../{chainHash}"). */
  relays: readonly string[]
}

/** One round's value: its number and its signature (hex). The randomness drand derives is SHA-256 of the signature. */
export interface Beacon {
  round: number
  signature: string
}

const checkChain = (chain: Pick<BeaconChain, "genesis" | "period">): void => {
  if (!Number.isSafeInteger(chain.genesis) || chain.genesis < 0) throw new Error("The beacon chain's genesis must be whole seconds since 1970")
  if (!Number.isSafeInteger(chain.period) || chain.period < 1) throw new Error("The beacon chain's period must be a whole number of seconds, at least 1")
}

/** When a round's value is published (drand's `roundTime`): genesis + (round - 1) x period. */
export const roundTime = (chain: Pick<BeaconChain, "genesis" | "period">, round: number): Date => {
  checkChain(chain)
  if (!Number.isSafeInteger(round) || round < 1) throw new Error(`A beacon round is a whole number from 1 (got ${String(round)})`)
  return new Date((chain.genesis + (round - 1) * chain.period) * 1000)
}

/**
 * The draw's round: the first whose value appears strictly after `instant` (the close), so no
 * round already known when entries close can decide the draw.
 */
export const roundAfter = (chain: Pick<BeaconChain, "genesis" | "period">, instant: string | Date): number => {
  checkChain(chain)
  const at = typeof instant === "string" ? Date.parse(instant) : instant.getTime()
  if (!Number.isFinite(at)) throw new Error(`${String(instant)} is not a time`)
  const sinceGenesis = at - chain.genesis * 1000
  if (sinceGenesis < 0) return 1
  // Round r is published at genesis + (r - 1) x period: the last one at or before `at`, plus one.
  return Math.floor(sinceGenesis / (chain.period * 1000)) + 2
}

const HEX = /^(?:[0-9a-f]{2})+$/

/** A beacon as a record or an owner gives it, or null when it is not one (a round from 1, hex of whole bytes). */
export const readBeacon = (value: unknown): Beacon | null => {
  if (typeof value !== "object" || value === null) return null
  const { round, signature } = value as Record<string, unknown>
  if (typeof round !== "number" || !Number.isSafeInteger(round) || round < 1) return null
  if (typeof signature !== "string" || !HEX.test(signature)) return null
  return { round, signature }
}

/** Where a round's value can be read by anyone: a relay's `/public/{round}`. */
export const roundUrl = (chain: Pick<BeaconChain, "relays">, round: number): string | null =>
  chain.relays.length > 0 ? `${chain.relays[0].replace(/\/+$/, "")}/public/${round}` : null

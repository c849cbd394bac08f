/**
 * Fetching a beacon round's value for the draw, with `drand-client`: from each relay content
 * names in turn, the chain's info checked against the chain hash and public key pinned in
 * content, and the round's signature checked by drand-client, then again by the draw's own check
 * (src/drop/beacon-signature.ts). A relay that is down, slow, or serves another chain or a
 * forged round is passed over for the next.
 */
import { fetchBeacon, HttpCachingChain, HttpChainClient } from "drand-client"
import type { Beacon, BeaconChain } from "../../drop/beacon"
import { isBeaconSigned } from "../../drop/beacon-signature"

export type BeaconAnswer =
  | { kind: "beacon"; beacon: Beacon }
  /** No relay answered (in time): the draw waits and tries again, or takes the value by hand. */
  | { kind: "unreachable"; reasons: string[] }
  /** A relay answered with a value that is not the round's, signed by the chain's key. */
  | { kind: "invalid"; reasons: string[] }

/** Fetches a chain's round; never throws. */
export type BeaconSource = (chain: BeaconChain, round: number) => Promise<BeaconAnswer>

/** How long one relay gets to answer before the next is asked. */
const RELAY_TIMEOUT_MS = 10_000

const withTimeout = <Value>(work: Promise<Value>, ms: number, what: string): Promise<Value> => {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/** A drand-client error that says the relay's answer was wrong, not missing. */
const isRefusedAnswer = (message: string): boolean => /not valid|did not match the verification params/.test(message)

/** The beacon source on drand's HTTP API (`/info`, `/public/{round}`) through `drand-client`. */
export const drandBeacons =
  ({ timeoutMs = RELAY_TIMEOUT_MS }: { timeoutMs?: number } = {}): BeaconSource =>
  async (chain, round) => {
    const options = {
      disableBeaconVerification: false,
      noCache: false,
      chainVerificationParams: { chainHash: chain.chainHash, publicKey: chain.publicKey },
    }
    const unreachable: string[] = []
    const invalid: string[] = []
    for (const relay of chain.relays) {
      const base = relay.replace(/\/+$/, "")
      try {
        const client = new HttpChainClient(new HttpCachingChain(base, options), options)
        const fetched = await withTimeout(fetchBeacon(client, round), timeoutMs, base)
        const beacon = { round: fetched.round, signature: fetched.signature.toLowerCase() }
        if (beacon.round === round && (await isBeaconSigned(chain, beacon))) return { kind: "beacon", beacon }
        invalid.push(`${base}: round ${round}'s value is not signed by the chain's key`)
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        ;(isRefusedAnswer(message) ? invalid : unreachable).push(`${base}: ${message}`)
      }
    }
    return invalid.length > 0 ? { kind: "invalid", reasons: [...invalid, ...unreachable] } : { kind: "unreachable", reasons: unreachable }
  }

// A local stand-in for a drand relay, for tests, browser tests and benches: it serves drand's
// HTTP API (`/{chainHash}/info` and `/{chainHash}/public/{round}`) for a chain of its own, signed
// with a test key in quicknet's scheme (bls-unchained-g1-rfc9380), so nothing reaches the
// internet. Like drand, it answers a round only once its time has come (by the clock it is given).
// It can be told to go quiet (every request refused) or to sign with another key (a forged beacon).
//
// `npx tsx tools/dev/beacon-stand-in.ts [port]`: serves until stopped and prints the chain to put in
// content/drops.json's `beacon` for a local try of a whole drop.
import { createHash, randomBytes } from "node:crypto"
import { createServer, type Server } from "node:http"
import { bls12_381 } from "@noble/curves/bls12-381"
import { roundTime, type Beacon, type BeaconChain } from "../../src/drop/beacon"

const G1_TAG = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_"

const roundMessage = (round: number): Buffer => {
  const bytes = Buffer.alloc(8)
  bytes.writeBigUInt64BE(BigInt(round))
  return createHash("sha256").update(bytes).digest()
}

/** A test key's signature of a round, in quicknet's scheme. */
export const signRound = (secretKey: Uint8Array, round: number): string => {
  const signatures = bls12_381.shortSignatures
  return signatures.sign(signatures.hash(roundMessage(round), G1_TAG), secretKey).toHex(true)
}

export const publicKeyOf = (secretKey: Uint8Array): string => bls12_381.shortSignatures.getPublicKey(secretKey).toHex(true)

export interface BeaconStandIn {
  /** The chain as content pins it: its relay is this server. */
  chain: BeaconChain
  /** The round's value as the chain's key signs it. */
  beacon(round: number): Beacon
  /** Signs every answer from now on with another key (true), or the chain's own again (false). */
  forge(forged: boolean): void
  /** Refuses every request from now on (true: 503), or answers again (false). */
  quiet(quiet: boolean): void
  /** Rounds asked for, in order. */
  asked: number[]
  stop(): Promise<void>
}

export interface StandInOptions {
  port?: number
  /** The stand-in's clock (ms since 1970): a round is answered from its time on. */
  now?: () => number
  /** Round 1's time in seconds since 1970, and the seconds between rounds (quicknet's period by default). */
  genesis?: number
  period?: number
}

/** Starts a stand-in relay on 127.0.0.1 (a free port unless `port` says otherwise). */
export const startBeaconStandIn = async ({
  port = 0,
  now = () => Date.now(),
  genesis = 1_692_803_367,
  period = 3,
}: StandInOptions = {}): Promise<BeaconStandIn> => {
  const secretKey = bls12_381.utils.randomSecretKey()
  const forgedKey = bls12_381.utils.randomSecretKey()
  const chainHash = randomBytes(32).toString("hex")
  let forged = false
  let quiet = false
  const asked: number[] = []
  const info = {
    public_key: publicKeyOf(secretKey),
    period,
    genesis_time: genesis,
    hash: chainHash,
    groupHash: randomBytes(32).toString("hex"),
    schemeID: "bls-unchained-g1-rfc9380",
    metadata: { beaconID: "stand-in" },
  }
  const answer = (round: number) => {
    const signature = signRound(forged ? forgedKey : secretKey, round)
    return { round, signature, randomness: createHash("sha256").update(Buffer.from(signature, "hex")).digest("hex") }
  }
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://stand-in").pathname
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" })
      response.end(JSON.stringify(body))
    }
    if (quiet) return send(503, { error: "unavailable" })
    if (path === `/${chainHash}/info`) return send(200, info)
    const round = /^\/([0-9a-f]{64})\/public\/(\d+)$/.exec(path)
    if (!round || round[1] !== chainHash) return send(404, { error: "not found" })
    const number = Number(round[2])
    asked.push(number)
    // drand answers a round only once it has been made.
    if (number < 1 || roundTime({ genesis, period }, number).getTime() > now()) return send(404, { error: "round not yet" })
    return send(200, answer(number))
  })
  await new Promise<void>((listening) => server.listen(port, "127.0.0.1", listening))
  const address = server.address()
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`
  return {
    chain: {
      name: "local stand-in",
      chainHash,
      publicKey: info.public_key,
      genesis,
      period,
      scheme: "bls-unchained-g1-rfc9380",
      relays: [`${url}/${chainHash}`],
    },
    beacon: (round) => ({ round, signature: signRound(secretKey, round) }),
    forge: (value) => void (forged = value),
    quiet: (value) => void (quiet = value),
    asked,
    stop: () => new Promise<void>((closed) => server.close(() => closed())),
  }
}

if (require.main === module) {
  void startBeaconStandIn({ port: Number(process.argv[2] ?? 0) }).then((standIn) => {
    console.log(`A stand-in beacon relay answers at ${standIn.chain.relays[0]}. For content/drops.json's "beacon":`)
    console.log(JSON.stringify(standIn.chain, null, 2))
  })
}

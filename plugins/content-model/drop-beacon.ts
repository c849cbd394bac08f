/**
 * drops.json's parts that make a draw nobody can steer: the public randomness beacon (a drand
 * chain, quicknet unless the owner names another) and each drop's commitment, which
 * `npm run drop:commit` writes before entries open. The build refuses a commitment that no longer
 * fits its drop (a window moved after it, a round that is not the first after the close, a date
 * after the opening), so the site never carries one the server would refuse.
 */
import { z } from "zod"
import { commitmentMismatch } from "../../src/drop/commitment"
import { BEACON_SCHEMES } from "../../src/drop/beacon"
import { formatted, instant, labelled, listOf, record, text, webUrl, wholeNumber } from "./fields"

const HEX_64 = /^[0-9a-f]{64}$/
const hex64 = (what: string) => formatted(what, HEX_64, "must be 64 lowercase hexadecimal characters (0-9, a-f), as drand writes it")

/** GraphQL's Int holds 32 bits: rounds and times below that, for two centuries of quicknet. */
const LARGEST = 2_000_000_000

export const beaconChain = record(
  {
    name: text('what people call the chain, like "drand quicknet"'),
    chainHash: labelled(hex64("the chain's hash, from the chain's /info (quicknet: 52db9ba7...)"), "Chain hash"),
    publicKey: labelled(
      formatted(
        "the chain's public key, from its /info: every round's signature is checked against it",
        /^(?:[0-9a-f]{96}|[0-9a-f]{192})$/,
        "must be the chain's public key: 96 or 192 lowercase hexadecimal characters",
      ),
      "Public key",
    ),
    genesis: labelled(wholeNumber("the chain's genesis_time from its /info, in seconds since 1970", { min: 0, max: LARGEST }), "Genesis (Unix seconds)"),
    period: labelled(wholeNumber("the seconds between two rounds (period in its /info)", { min: 1, max: 3600 }), "Seconds between rounds"),
    scheme: formatted(
      `the chain's schemeID from its /info: ${BEACON_SCHEMES.join(" or ")}`,
      new RegExp(`^(?:${BEACON_SCHEMES.join("|")})$`),
      `must be one of the schemes a draw can check: ${BEACON_SCHEMES.join(", ")}`,
    ),
    relays: listOf(webUrl("a relay's address of the chain, ending in the chain's hash, like https://api.drand.sh/52db9ba7..."), {
      min: 1,
      max: 8,
      noun: "relays",
      why: "name 1 to 8 relays the server may fetch rounds from",
    }),
  },
  "the public randomness beacon whose round, after each drop's close, decides its draw together with the seed",
  { typeName: "DropBeacon", label: "Randomness beacon" },
)

/** Written by `npm run drop:commit`; read by the build, the server and the verifiers, never typed by hand. */
export const dropCommitment = record(
  {
    seedHash: hex64("the SHA-256 of the drop's secret seed"),
    chainHash: hex64("the beacon chain the draw waits for"),
    round: wholeNumber("the beacon round the draw waits for: the first after entries close", { min: 1, max: LARGEST }),
    opensAt: instant("when entries open, as committed to", "2026-12-04T17:00:00Z"),
    closesAt: instant("when entries close, as committed to", "2026-12-06T17:00:00Z"),
    committedAt: instant("when the owner committed: before entries open", "2026-12-01T12:00:00Z"),
  },
  "the draw's commitment, written by npm run drop:commit before entries open; never change it",
  { typeName: "DropCommitment", label: "Commitment (written by npm run drop:commit)", hidden: true },
)

interface CommittedDrop {
  opensAt: string
  closesAt: string
  commitment?: z.infer<typeof dropCommitment>
}

/** drops.json as a whole: each committed drop's commitment still fits its window and the beacon chain. */
export const commitmentsHold = (value: { beacon: z.infer<typeof beaconChain>; drops: CommittedDrop[] }, context: z.RefinementCtx): void => {
  value.drops.forEach((drop, index) => {
    if (!drop.commitment) return
    const mismatch = commitmentMismatch(drop.commitment, drop, value.beacon)
    if (mismatch)
      context.addIssue({
        code: "custom",
        path: ["drops", index, "commitment"],
        message: `does not fit the drop - ${mismatch}. The server takes no entries until they agree: put the window back, or, before entries open, run npm run drop:commit again`,
      })
  })
}

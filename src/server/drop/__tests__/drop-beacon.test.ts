// The beacon at the draw: fetched with drand-client from a local stand-in relay (drand's HTTP API,
// a test key), checked against the key content pins; a forged round, a relay of another chain, or
// none answering never lets a draw through; and the owner's value by hand is checked all the same.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { bls12_381 } from "@noble/curves/bls12-381"
import { roundAfter } from "../../../drop/beacon"
import { newSignupsFile } from "../../../../test/store-engines"
import { oneDropCatalog } from "../../../../test/drop-catalog"
import { commitAndDeploy, testDropService } from "../../../../test/drop-service"
import { publicKeyOf, signRound, startBeaconStandIn, type BeaconStandIn } from "../../../../tools/dev/beacon-stand-in"
import { createSignupService } from "../../waitlist/service"
import { openEmbeddedStore } from "../../store/open-store"
import type { SignupStore } from "../../store/store"
import { drandBeacons } from "../beacon-client"
import { linkSecret } from "../../../../test/link-secret"

const OPENS = new Date("2026-12-04T17:00:00.000Z")
const CLOSES = new Date("2026-12-06T17:00:00.000Z")
const AFTER = new Date(CLOSES.getTime() + 60_000)

let relay: BeaconStandIn
let relayNow = AFTER.getTime()
beforeAll(async () => {
  relay = await startBeaconStandIn({ now: () => relayNow })
})
afterAll(() => relay.stop())
afterEach(() => {
  relay.forge(false)
  relay.quiet(false)
  relayNow = AFTER.getTime()
})

describe("fetching a beacon round with drand-client", () => {
  const round = () => roundAfter(relay.chain, CLOSES)

  it("gives the round's value from the chain's relay, signed by its key", async () => {
    expect(await drandBeacons()(relay.chain, round())).toEqual({ kind: "beacon", beacon: relay.beacon(round()) })
  })

  it("refuses a round signed by another key: a forged beacon", async () => {
    relay.forge(true)
    const answer = await drandBeacons()(relay.chain, round())
    expect(answer).toEqual({ kind: "invalid", reasons: [expect.stringContaining("The beacon retrieved was not valid!")] })
  })

  it("refuses a relay whose chain is not the one content pins (another key)", async () => {
    const pinned = { ...relay.chain, publicKey: publicKeyOf(bls12_381.utils.randomSecretKey()) }
    expect(await drandBeacons()(pinned, round())).toEqual({ kind: "invalid", reasons: [expect.stringContaining("did not match the verification params")] })
  })

  it("says when no relay answers, after trying each in turn", async () => {
    relay.quiet(true)
    const down = { ...relay.chain, relays: [...relay.chain.relays, "http://127.0.0.1:9/nothing-listens-here"] }
    const answer = await drandBeacons({ timeoutMs: 1_000 })(down, round())
    expect(answer.kind).toBe("unreachable")
    expect(answer.kind === "unreachable" && answer.reasons).toHaveLength(2)
    // The next relay answers when the first does not.
    relay.quiet(false)
    expect(await drandBeacons()({ ...relay.chain, relays: ["http://127.0.0.1:9/nothing-listens-here", ...relay.chain.relays] }, round())).toMatchObject({
      kind: "beacon",
    })
  })
})

describe("the draw and its beacon", () => {
  const stores: SignupStore[] = []
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()))
  })

  /** A committed drop with two entries, closed: ready to draw, but for the beacon. */
  const closedDrop = async (chain = relay.chain) => {
    const store = openEmbeddedStore(newSignupsFile(), 10)
    stores.push(store)
    const catalog = oneDropCatalog({ opensAt: OPENS, closesAt: CLOSES, notThisTimeEmail: false, chain })
    const signups = createSignupService({ store, mail: null, settings: { siteUrl: "https://block94.example", referralBoost: 10 } })
    const tokens: string[] = []
    for (const email of ["ana@example.com", "ben@example.com"]) {
      const joined = await signups.join({ email, source: "website_signup", timestamp: OPENS.toISOString() }, new Date(OPENS.getTime() - 86_400_000))
      if (joined.kind !== "confirmed") throw new Error(joined.kind)
      tokens.push(linkSecret(joined.statusUrl) as string)
    }
    const deps = { store, catalog, siteUrl: "https://block94.example", mail: null, seedDir: mkdtempSync(join(tmpdir(), "block94-seeds-")) }
    const { drops, commitment } = await commitAndDeploy(deps, new Date(OPENS.getTime() - 3_600_000))
    for (const token of tokens) await drops.enter(token, "drop-01", "cap/One size", new Date(OPENS.getTime() + 60_000))
    return { drops, commitment, deps }
  }

  it("does not draw with a forged round, nor while no relay answers, and draws once the real value comes", async () => {
    const { drops, commitment } = await closedDrop()
    relay.forge(true)
    expect(await drops.draw("drop-01", {}, AFTER)).toMatchObject({ kind: "beaconInvalid", round: commitment.round })
    relay.forge(false)
    relay.quiet(true)
    expect(await drops.draw("drop-01", {}, AFTER)).toMatchObject({ kind: "beaconUnreachable", round: commitment.round })
    expect((await drops.record("drop-01", AFTER))?.phase).toBe("closed")
    relay.quiet(false)
    expect(await drops.draw("drop-01", {}, AFTER)).toMatchObject({ kind: "drawn", beacon: relay.beacon(commitment.round) })
  })

  it("takes the round's value by hand when the relays are out of reach, checked against the chain's key all the same", async () => {
    const { drops, commitment } = await closedDrop()
    relay.quiet(true)
    const forged = signRound(bls12_381.utils.randomSecretKey(), commitment.round)
    expect(await drops.draw("drop-01", { beacon: forged }, AFTER)).toMatchObject({ kind: "beaconInvalid" })
    // Another round's real value is not this round's.
    expect(await drops.draw("drop-01", { beacon: relay.beacon(commitment.round - 1).signature }, AFTER)).toMatchObject({ kind: "beaconInvalid" })
    expect(await drops.draw("drop-01", { beacon: "not hex" }, AFTER)).toMatchObject({ kind: "beaconInvalid" })
    const drawn = await drops.draw("drop-01", { beacon: relay.beacon(commitment.round).signature.toUpperCase() }, AFTER)
    expect(drawn).toMatchObject({ kind: "drawn", beacon: relay.beacon(commitment.round) })
    expect((await drops.record("drop-01", AFTER))?.beacon).toEqual(relay.beacon(commitment.round))
  })

  it("draws nothing without the site's commitment, nor before the round's time", async () => {
    const { drops, commitment, deps } = await closedDrop()
    expect(await testDropService(deps).draw("drop-01", {}, AFTER)).toEqual({ kind: "commitmentDiffers" })
    relayNow = CLOSES.getTime()
    const roundAt = new Date((relay.chain.genesis + (commitment.round - 1) * relay.chain.period) * 1000)
    expect(await drops.draw("drop-01", {}, CLOSES)).toEqual({ kind: "beaconNotYet", round: commitment.round, at: roundAt.toISOString() })
  })
})

// A drop from the owner's commitment to a redeemed winning code, on both engines (SQLite and a
// real PostgreSQL server), through the service the endpoints and commands call: who may enter and
// when (only once the built content carries the store's commitment), one entry per person, the
// frozen list and its hash, a draw with a beacon round (from a local stand-in relay) anyone can
// recompute, codes that pass to the reserve list, and leaving in the middle of it all.
import { mkdtempSync, readFileSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { roundAfter } from "../../../drop/beacon"
import { seedHash } from "../../../drop/draw"
import { entryListHash, parseEntryList } from "../../../drop/entry-list"
import { checkDrop } from "../../../drop/verify"
import { isCheckable } from "../../../drop/contract"
import { createSignupService } from "../../waitlist/service"
import { statusTokenExpiry, type OutboxEntry, type SignupStore } from "../../store/store"
import { hashToken, newSecretToken } from "../../keys/codes"
import { oneDropCatalog, withCommitment } from "../../../../test/drop-catalog"
import { commitAndDeploy, publishedList, testDropService } from "../../../../test/drop-service"
import { nodeTicketHasher } from "../service"
import { storeEngines } from "../../../../test/store-engines"
import { startBeaconStandIn, type BeaconStandIn } from "../../../../tools/dev/beacon-stand-in"
import { linkSecret } from "../../../../test/link-secret"

const BOOST = 10
const OPENS = new Date("2026-12-04T17:00:00.000Z")
const CLOSES = new Date("2026-12-06T17:00:00.000Z")
const BEFORE = new Date(OPENS.getTime() - 60 * 60 * 1000)
const DURING = new Date(OPENS.getTime() + 60 * 60 * 1000)
const AFTER = new Date(CLOSES.getTime() + 60 * 1000)
const SITE = "https://block94.example"
const SETTINGS = { siteUrl: SITE, referralBoost: BOOST }
/** An entry's number in the published list: 16 characters of [a-z2-7]. */
const ENTRY_ID = expect.stringMatching(/^[a-z2-7]{16}$/)

let beacon: BeaconStandIn
/** The stand-in's clock: the beacon's rounds come out as it passes them. */
let beaconNow = BEFORE.getTime()
beforeAll(async () => {
  beacon = await startBeaconStandIn({ now: () => beaconNow })
})
afterAll(() => beacon.stop())

const catalog = () =>
  oneDropCatalog({
    opensAt: OPENS,
    closesAt: CLOSES,
    notThisTimeEmail: true,
    maxBonusTickets: 2,
    chain: beacon.chain,
    pieces: [
      {
        id: "hoodie",
        name: "Hoodie",
        sizes: [
          { label: "M", quantity: 2 },
          { label: "L", quantity: 1 },
        ],
      },
      { id: "cap", name: "Cap", sizes: [{ label: "One size", quantity: 5 }] },
    ],
  })

const engines: Array<[string, () => Promise<SignupStore>]> = storeEngines({ boost: BOOST, events: true, poolSize: 4 })

describe.each(engines)("a drop on %s", (_name, open) => {
  const closing: SignupStore[] = []
  afterEach(async () => {
    beaconNow = BEFORE.getTime()
    await Promise.all(closing.splice(0).map((store) => store.close()))
  })

  const setUp = async (options: { mail?: boolean; catalog?: ReturnType<typeof catalog> } = {}) => {
    const store = await open()
    closing.push(store)
    const seedDir = mkdtempSync(join(tmpdir(), "block94-seeds-"))
    const queued = { count: 0 }
    const mail = options.mail === false ? null : { queued: async () => () => void (queued.count += 1) }
    const deps = { store, catalog: options.catalog ?? catalog(), siteUrl: SITE, mail, seedDir }
    /** People join in this order, confirmed at once (single opt-in), before the drop is committed; returns their status tokens. */
    const signUp = async (...emails: string[]) => {
      const signups = createSignupService({ store, mail: null, settings: SETTINGS })
      const tokens: string[] = []
      for (const email of emails) {
        const answer = await signups.join({ email, source: "website_signup", timestamp: BEFORE.toISOString() }, new Date(BEFORE.getTime() - 60_000))
        if (answer.kind !== "confirmed") throw new Error(`${email} was not confirmed`)
        tokens.push(linkSecret(answer.statusUrl) as string)
      }
      return tokens
    }
    /** The messages of one kind the outbox got since the last look, as the sender would claim them. */
    const claimed: OutboxEntry[] = []
    const outbox = async (kind: string, at: Date): Promise<OutboxEntry[]> => {
      claimed.push(...(await store.claimDueMessages(at, 100_000, new Date(at.getTime() + 365 * 24 * 60 * 60 * 1000))))
      const ofKind = claimed.filter((entry) => entry.kind === kind)
      claimed.splice(0, claimed.length, ...claimed.filter((entry) => entry.kind !== kind))
      return ofKind
    }
    /** Commits before the window and runs with the commitment deployed: the service, and the signup service around it. */
    const committed = async () => {
      const made = await commitAndDeploy(deps, BEFORE)
      return { ...made, signups: createSignupService({ store, mail: null, settings: SETTINGS, drops: made.drops }) }
    }
    return { store, deps, seedDir, signUp, outbox, queued, committed }
  }

  it("takes entries only once the built site carries the store's commitment, inside the window, from confirmed people, one each", async () => {
    const { deps, signUp, outbox } = await setUp()
    const [ana, ben] = await signUp("ana@example.com", "ben@example.com")
    const uncommitted = testDropService(deps)
    expect(await uncommitted.enter(ana, "drop-01", "hoodie/M", BEFORE)).toEqual({ kind: "notOpen", opensAt: OPENS.toISOString() })
    // Entries open without a commitment: refused, so no draw can be chosen after seeing them.
    expect(await uncommitted.enter(ana, "drop-01", "hoodie/M", DURING)).toEqual({ kind: "notCommitted" })
    const committed = await uncommitted.commit("drop-01", BEFORE)
    if (committed.kind !== "committed") throw new Error(committed.kind)
    // Committed in the store, but the site as built does not carry it yet: still refused.
    expect(await uncommitted.enter(ana, "drop-01", "hoodie/M", DURING)).toEqual({ kind: "notCommitted" })
    // Nor does a site built with another commitment (a changed seed hash) take entries.
    const other = testDropService({ ...deps, catalog: withCommitment(deps.catalog, { ...committed.commitment, seedHash: "0".repeat(64) }) })
    expect(await other.enter(ana, "drop-01", "hoodie/M", DURING)).toEqual({ kind: "notCommitted" })

    const drops = testDropService({ ...deps, catalog: withCommitment(deps.catalog, committed.commitment) })
    const signups = createSignupService({ store: deps.store, mail: null, settings: SETTINGS, drops })
    expect(await drops.enter(ana, "drop-01", "hoodie/XXL", DURING)).toEqual({ kind: "unknownSize" })
    expect(await drops.enter(ana, "drop-01", "hoodie/M", DURING)).toEqual({ kind: "entered", size: "hoodie/M", tickets: 1, entryId: ENTRY_ID, review: null })
    // The same again changes nothing and sends no second email; another size changes the entry.
    expect(await drops.enter(ana, "drop-01", "hoodie/M", DURING)).toMatchObject({ kind: "entered", size: "hoodie/M" })
    expect(await drops.enter(ana, "drop-01", "hoodie/L", DURING)).toMatchObject({ kind: "entered", size: "hoodie/L" })
    expect(await drops.enter(ben, "drop-01", "cap/One size", DURING)).toMatchObject({ kind: "entered", size: "cap/One size" })
    expect((await drops.record("drop-01", DURING))?.entrants).toEqual({ "hoodie/M": 0, "hoodie/L": 1, "cap/One size": 1 })
    // Withdrawing takes the entry back; doing it twice is no error.
    expect(await drops.enter(ben, "drop-01", null, DURING)).toEqual({ kind: "entered", size: null, tickets: 0, entryId: null, review: null })
    expect(await drops.enter(ben, "drop-01", null, DURING)).toEqual({ kind: "entered", size: null, tickets: 0, entryId: null, review: null })
    expect((await drops.record("drop-01", DURING))?.entrants["cap/One size"]).toBe(0)

    const mails = await outbox("drop-entered", DURING)
    expect(mails.map((mail) => [mail.payload.to, mail.payload.size])).toEqual([
      ["ana@example.com", "Hoodie, M"],
      ["ana@example.com", "Hoodie, L"],
      ["ben@example.com", "Cap, One size"],
    ])
    expect(mails[0].payload.link).toBe(`${SITE}/waitlist/#token=${ana}`)
    const status = await signups.status(ana, DURING)
    expect(status.kind === "found" && status.drops).toEqual({ "drop-01": { size: "hoodie/L", tickets: 1, entryId: ENTRY_ID, outcome: null, review: null } })
    expect(await drops.enter(ana, "drop-01", "hoodie/M", AFTER)).toEqual({ kind: "closed" })
  })

  it("refuses a pending person, one whose signup is held for review, and an expired status link", async () => {
    // A drop whose window is still open 31 days on, when the status links of its first entrants have expired.
    const later = new Date(DURING.getTime() + 31 * 24 * 60 * 60 * 1000)
    const longWindow = { ...catalog(), drops: [{ ...catalog().drops[0], closesAt: new Date(later.getTime() + 60_000).toISOString() }] }
    const { store, signUp, committed } = await setUp({ catalog: longWindow })
    const [host] = await signUp("host@example.com")
    const { drops, signups } = await committed()
    const hostStatus = await signups.status(host, BEFORE)
    if (hostStatus.kind !== "found") throw new Error("no status")
    // A single opt-in referral is held for the owner's review: until then its person cannot enter.
    const friendAnswer = await signups.join(
      { email: "friend@example.com", source: "website_signup", timestamp: BEFORE.toISOString(), referralCode: hostStatus.referralCode },
      BEFORE,
    )
    if (friendAnswer.kind !== "confirmed") throw new Error(friendAnswer.kind)
    const friend = linkSecret(friendAnswer.statusUrl) as string
    expect(await drops.enter(friend, "drop-01", "hoodie/M", DURING)).toEqual({ kind: "held" })
    const friendId = (await store.findSignup("friend@example.com"))?.sequence as number
    expect(await store.reviewReferrals([friendId], "release", DURING, "test")).toBe(1)
    expect(await drops.enter(friend, "drop-01", "hoodie/M", DURING)).toMatchObject({ kind: "entered" })

    // Someone whose address is not confirmed yet: their status link enters nothing.
    const withMail = createSignupService({ store, mail: { queued: async () => () => undefined }, settings: SETTINGS })
    expect(await withMail.join({ email: "pending@example.com", source: "website_signup", timestamp: DURING.toISOString() }, DURING)).toEqual({
      kind: "pending",
    })
    const pendingToken = newSecretToken()
    await store.addToken("pending@example.com", { kind: "status", hash: hashToken(pendingToken), expiresAt: statusTokenExpiry(DURING) })
    expect(await drops.enter(pendingToken, "drop-01", "hoodie/M", DURING)).toEqual({ kind: "notConfirmed" })
    // An expired status link enters no one.
    expect(await drops.enter(host, "drop-01", "hoodie/M", later)).toEqual({ kind: "expired" })
  })

  it("commits before the window only, with the first beacon round after the close, keeping the seed out of the database", async () => {
    const { deps, seedDir, signUp } = await setUp()
    const drops = testDropService(deps)
    expect(await drops.commit("drop-01", DURING)).toEqual({ kind: "tooLate" })
    const committed = await drops.commit("drop-01", BEFORE)
    if (committed.kind !== "committed") throw new Error(committed.kind)
    expect(committed.seedFile).toBe(join(seedDir, "drop-01.seed"))
    expect(readFileSync(committed.seedFile as string, "utf8").trim()).toBe(committed.seed)
    expect(statSync(committed.seedFile as string).mode & 0o777).toBe(0o600)
    expect(committed.commitment).toEqual({
      seedHash: await seedHash(committed.seed),
      chainHash: beacon.chain.chainHash,
      round: roundAfter(beacon.chain, CLOSES),
      opensAt: OPENS.toISOString(),
      closesAt: CLOSES.toISOString(),
      committedAt: BEFORE.toISOString(),
    })
    // Committing again keeps the commitment this window has, for the content to carry.
    expect(await drops.commit("drop-01", BEFORE)).toEqual({ kind: "alreadyCommitted", commitment: committed.commitment })
    const record = await drops.record("drop-01", BEFORE)
    expect(record).toMatchObject({ phase: "scheduled", commitment: committed.commitment, seed: null, beacon: null, listHash: null, winners: null })

    // The window moves a day later before it opens: a new commitment (and seed) takes the old one's place.
    const later = {
      ...deps.catalog.drops[0],
      opensAt: new Date(OPENS.getTime() + 86_400_000).toISOString(),
      closesAt: new Date(CLOSES.getTime() + 86_400_000).toISOString(),
    }
    const moved = testDropService({ ...deps, catalog: { ...deps.catalog, drops: [later] } })
    const again = await moved.commit("drop-01", BEFORE)
    if (again.kind !== "committed") throw new Error(again.kind)
    expect(again).toMatchObject({ replaced: true, commitment: { closesAt: later.closesAt, round: roundAfter(beacon.chain, later.closesAt) } })
    expect(readFileSync(committed.seedFile as string, "utf8").trim()).toBe(again.seed)
    // Once someone entered under a commitment, it stays, whatever the content says.
    const deployed = testDropService({ ...deps, catalog: withCommitment({ ...deps.catalog, drops: [later] }, again.commitment) })
    const [ana] = await signUp("ana@example.com")
    expect(await deployed.enter(ana, "drop-01", "cap/One size", new Date(DURING.getTime() + 86_400_000))).toMatchObject({ kind: "entered" })
    expect(await drops.commit("drop-01", BEFORE)).toEqual({ kind: "notReplaceable", commitment: again.commitment })
  })

  it("freezes the entries at close, draws with the beacon round once out, and publishes what anyone can check", async () => {
    const { store, deps, signUp, outbox, committed } = await setUp()
    const emails = Array.from({ length: 9 }, (_, index) => `fan${index + 1}@example.com`)
    const tokens = await signUp(...emails)
    const { drops, signups, seed, commitment } = await committed()
    for (const token of tokens) expect(await drops.enter(token, "drop-01", "hoodie/M", DURING)).toMatchObject({ kind: "entered" })
    expect(await drops.draw("drop-01", {}, DURING)).toEqual({ kind: "notClosed", closesAt: CLOSES.toISOString() })

    // At close the list freezes: nine pseudonymous entries, no address, its hash published, its file written.
    const closing = new Date(CLOSES.getTime() + 5)
    const closed = await drops.record("drop-01", closing)
    expect(closed).toMatchObject({ phase: "closed", entrants: { "hoodie/M": 9 }, seed: null, frozenAt: closing.toISOString() })
    const list = (await publishedList(drops, AFTER)) as string
    expect(list).not.toMatch(/@/)
    expect(parseEntryList(list)).toHaveLength(9)
    expect(closed?.listHash).toBe(await entryListHash(parseEntryList(list)))
    // Someone leaving after the close changes nothing published.
    await signups.leave(tokens[8], AFTER)
    expect(await publishedList(drops, AFTER)).toBe(list)
    // The list is one file, written in the freeze and copied once from the store: every reader is sent that file.
    const loads = jest.spyOn(store, "listFile")
    const file = await drops.entryListFile("drop-01", AFTER)
    expect(await drops.entryListFile("drop-01", AFTER)).toEqual(file)
    expect(loads).toHaveBeenCalledTimes(0)
    expect(readFileSync(file?.path as string)).toEqual(Buffer.from((await store.listFile("drop-01")) as Uint8Array))
    // Another instance serves the same bytes, copied from the store once.
    const other = testDropService(deps)
    loads.mockClear()
    const otherFile = await other.entryListFile("drop-01", AFTER)
    await other.entryListFile("drop-01", AFTER)
    expect(loads).toHaveBeenCalledTimes(1)
    expect(readFileSync(otherFile?.path as string)).toEqual(readFileSync(file?.path as string))

    // The beacon's round is not out yet at the draw: it says when it will be.
    const roundAt = new Date((beacon.chain.genesis + (commitment.round - 1) * beacon.chain.period) * 1000)
    expect(await drops.draw("drop-01", {}, new Date(roundAt.getTime() - 1))).toEqual({
      kind: "beaconNotYet",
      round: commitment.round,
      at: roundAt.toISOString(),
    })
    beaconNow = AFTER.getTime()
    expect(await drops.draw("drop-01", { seed: "0".repeat(64) }, AFTER)).toEqual({ kind: "seedMismatch" })
    const drawn = await drops.draw("drop-01", {}, AFTER)
    if (drawn.kind !== "drawn") throw new Error(drawn.kind)
    expect(drawn.beacon).toEqual(beacon.beacon(commitment.round))
    expect(await drops.draw("drop-01", {}, AFTER)).toEqual({ kind: "alreadyDrawn" })
    const record = await drops.record("drop-01", AFTER)
    if (!record || !isCheckable(record)) throw new Error("no published draw")
    expect(record).toMatchObject({ phase: "drawn", seed, beacon: beacon.beacon(commitment.round), commitment })
    expect(record.winners["hoodie/M"]).toHaveLength(2)
    const built = { commitment, window: { opensAt: OPENS.toISOString(), closesAt: CLOSES.toISOString() }, chain: beacon.chain }
    expect(await checkDrop(built, record, list, nodeTicketHasher)).toEqual({ ok: true, problems: [] })

    // Winners still on the list get a code each; everyone else "not this time".
    const wins = await outbox("drop-won", AFTER)
    expect(wins.length).toBe(2)
    const notWon = await outbox("drop-not-won", AFTER)
    expect(notWon.length).toBe(8 - 2)
    const statusOf = async (email: string) => {
      const status = await signups.status(tokens[emails.indexOf(email)], AFTER)
      return status.kind === "found" ? status.drops["drop-01"]?.outcome : "gone"
    }
    expect(await statusOf(wins[0].payload.to)).toBe("won")
    expect(await statusOf(notWon[0].payload.to)).toBe("notWon")

    // A code redeems once; the second winner lets the deadline pass: their code goes to the first on the reserve list.
    const codeOf = (mail: OutboxEntry) => linkSecret(mail.payload.link, "code") as string
    const [first, second] = wins
    expect(await drops.redeemPrize(codeOf(first), AFTER)).toEqual({ kind: "redeemed", email: first.payload.to, drop: "drop-01", size: "hoodie/M" })
    const pastDeadline = new Date(AFTER.getTime() + 3 * 24 * 60 * 60 * 1000 + 1_000)
    expect(await drops.upkeep(pastDeadline)).toBeGreaterThanOrEqual(1)
    expect(await drops.redeemPrize(codeOf(second), pastDeadline)).toEqual({ kind: "passed" })
    const after = await drops.record("drop-01", pastDeadline)
    if (!after || !isCheckable(after)) throw new Error("no published draw")
    expect(after.promoted?.["hoodie/M"]?.length).toBeGreaterThanOrEqual(1)
    // The promoted entries are the next on the reserve list, in order: the verifier agrees.
    expect(await checkDrop(built, after, list, nodeTicketHasher)).toEqual({ ok: true, problems: [] })
  })

  it("counts bonus tickets from confirmed referrals, up to the cap, and freezes them at close", async () => {
    const { signUp, store, committed } = await setUp()
    const [host] = await signUp("host@example.com")
    const { drops, signups } = await committed()
    const status = await signups.status(host, BEFORE)
    if (status.kind !== "found") throw new Error("no status")
    for (const friend of ["a", "b", "c"]) {
      await signups.join(
        { email: `${friend}@example.com`, source: "website_signup", timestamp: BEFORE.toISOString(), referralCode: status.referralCode },
        BEFORE,
      )
    }
    expect(await drops.enter(host, "drop-01", "cap/One size", DURING)).toMatchObject({ kind: "entered", tickets: 1 })
    // Released by the owner, the three referrals count: 1 + min(2, 3 x 1) tickets.
    const ids = await Promise.all(["a", "b", "c"].map(async (friend) => (await store.findSignup(`${friend}@example.com`))?.sequence as number))
    expect(await store.reviewReferrals(ids, "release", DURING, "test")).toBe(3)
    const during = await signups.status(host, DURING)
    expect(during.kind === "found" && during.drops["drop-01"]).toEqual({ size: "cap/One size", tickets: 3, entryId: ENTRY_ID, outcome: null, review: null })
    await drops.record("drop-01", AFTER)
    expect(parseEntryList((await publishedList(drops, AFTER)) as string).map((entry) => entry.tickets)).toEqual([3])
    // From the close, the status page says the tickets the published list has.
    const after = await signups.status(host, AFTER)
    expect(after.kind === "found" && after.drops["drop-01"]?.tickets).toBe(3)
  })

  it("takes a person's entries with them when they leave, and the counts with them", async () => {
    const { signUp, committed } = await setUp()
    const [ana] = await signUp("ana@example.com")
    const { drops, signups } = await committed()
    await drops.enter(ana, "drop-01", "cap/One size", DURING)
    expect((await drops.record("drop-01", DURING))?.entrants["cap/One size"]).toBe(1)
    expect(await signups.leave(ana, DURING)).toEqual({ kind: "left" })
    expect((await drops.record("drop-01", DURING))?.entrants["cap/One size"]).toBe(0)
  })
})

// A drop from the owner's commitment to a redeemed winning code, on both engines (SQLite and a
// real PostgreSQL server), through the service the endpoints and commands call: who may enter and
// when, one entry per person, the frozen list and its hash, a draw anyone can recompute, codes
// that pass to the reserve list, and leaving in the middle of it all.
import { mkdtempSync, readFileSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { entryListHash, parseEntryList, seedHash, verifyDraw } from "../../../drop/draw"
import { createSignupService } from "../../waitlist/service"
import { statusTokenExpiry, type OutboxEntry, type SignupStore } from "../../store/store"
import { hashToken, newSecretToken } from "../../waitlist/codes"
import { oneDropCatalog } from "../../../../test/drop-catalog"
import { createDropService, nodeTicketHasher } from "../service"
import { storeEngines } from "../../../../test/store-engines"
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

const CATALOG = oneDropCatalog({
  opensAt: OPENS,
  closesAt: CLOSES,
  notThisTimeEmail: true,
  maxBonusTickets: 2,
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
    await Promise.all(closing.splice(0).map((store) => store.close()))
  })

  const setUp = async (options: { mail?: boolean } = {}) => {
    const store = await open()
    closing.push(store)
    const seedDir = mkdtempSync(join(tmpdir(), "block94-seeds-"))
    const queued = { count: 0 }
    const mail = options.mail === false ? null : { queued: async () => void (queued.count += 1) }
    const drops = createDropService({ store, catalog: CATALOG, siteUrl: SITE, mail, seedDir })
    const signups = createSignupService({ store, mail: null, settings: SETTINGS, drops })
    /** People join in this order, confirmed at once (single opt-in); returns their status tokens. */
    const join_ = async (...emails: string[]) => {
      const tokens: string[] = []
      for (const email of emails) {
        const answer = await signups.join({ email, source: "website_signup", timestamp: BEFORE.toISOString() }, BEFORE)
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
    return { store, drops, signups, seedDir, join: join_, outbox, queued }
  }

  it("takes entries only from the commitment and inside the window, from confirmed people, one each, with the size's email", async () => {
    const { drops, join, outbox, signups } = await setUp()
    const [ana, ben] = await join("ana@example.com", "ben@example.com")
    expect(await drops.enter(ana, "drop-01", "hoodie/M", BEFORE)).toEqual({ kind: "notOpen", opensAt: OPENS.toISOString() })
    // Entries open without a commitment: refused, so no draw can be chosen after seeing them.
    expect(await drops.enter(ana, "drop-01", "hoodie/M", DURING)).toEqual({ kind: "notCommitted" })
    const committed = await drops.commit("drop-01", BEFORE)
    if (committed.kind !== "committed") throw new Error(committed.kind)
    expect(await drops.commit("drop-01", BEFORE)).toEqual({ kind: "alreadyCommitted" })

    expect(await drops.enter(ana, "drop-01", "hoodie/XXL", DURING)).toEqual({ kind: "unknownSize" })
    expect(await drops.enter(ana, "drop-99", "hoodie/M", DURING)).toEqual({ kind: "unknownDrop" })
    expect(await drops.enter("A".repeat(43), "drop-01", "hoodie/M", DURING)).toEqual({ kind: "unknown" })
    expect(await drops.enter(ana, "drop-01", "hoodie/M", DURING)).toEqual({ kind: "entered", size: "hoodie/M", tickets: 1, entryId: ENTRY_ID })
    // The same again changes nothing and sends no second email; another size changes the entry.
    expect(await drops.enter(ana, "drop-01", "hoodie/M", DURING)).toEqual({ kind: "entered", size: "hoodie/M", tickets: 1, entryId: ENTRY_ID })
    expect(await drops.enter(ana, "drop-01", "hoodie/L", DURING)).toEqual({ kind: "entered", size: "hoodie/L", tickets: 1, entryId: ENTRY_ID })
    expect(await drops.enter(ben, "drop-01", "cap/One size", DURING)).toEqual({ kind: "entered", size: "cap/One size", tickets: 1, entryId: ENTRY_ID })
    expect((await drops.record("drop-01", DURING))?.entrants).toEqual({ "hoodie/M": 0, "hoodie/L": 1, "cap/One size": 1 })
    // Withdrawing takes the entry back; doing it twice is no error.
    expect(await drops.enter(ben, "drop-01", null, DURING)).toEqual({ kind: "entered", size: null, tickets: 0, entryId: null })
    expect(await drops.enter(ben, "drop-01", null, DURING)).toEqual({ kind: "entered", size: null, tickets: 0, entryId: null })
    expect((await drops.record("drop-01", DURING))?.entrants["cap/One size"]).toBe(0)

    const mails = await outbox("drop-entered", DURING)
    expect(mails.map((mail) => [mail.payload.to, mail.payload.size])).toEqual([
      ["ana@example.com", "Hoodie, M"],
      ["ana@example.com", "Hoodie, L"],
      ["ben@example.com", "Cap, One size"],
    ])
    expect(mails[0].payload.link).toBe(`${SITE}/waitlist/#token=${ana}`)

    // The status answer shows the person's entry and its tickets.
    const status = await signups.status(ana, DURING)
    expect(status.kind === "found" && status.drops).toEqual({ "drop-01": { size: "hoodie/L", tickets: 1, entryId: ENTRY_ID, outcome: null } })
    expect(await drops.enter(ana, "drop-01", "hoodie/M", AFTER)).toEqual({ kind: "closed" })
  })

  it("refuses a pending person, one whose signup is held for review, and an expired status link", async () => {
    const { drops, store, join, signups } = await setUp()
    await drops.commit("drop-01", BEFORE)
    const [host] = await join("host@example.com")
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
    const withMail = createSignupService({ store, mail: { queued: async () => undefined }, settings: SETTINGS })
    expect(await withMail.join({ email: "pending@example.com", source: "website_signup", timestamp: DURING.toISOString() }, DURING)).toEqual({
      kind: "pending",
    })
    const pendingToken = newSecretToken()
    await store.addToken("pending@example.com", { kind: "status", hash: hashToken(pendingToken), expiresAt: statusTokenExpiry(DURING) })
    expect(await drops.enter(pendingToken, "drop-01", "hoodie/M", DURING)).toEqual({ kind: "notConfirmed" })

    // An expired status link enters no one (a drop whose window is still open 31 days later).
    const later = new Date(DURING.getTime() + 31 * 24 * 60 * 60 * 1000)
    const longWindow = { ...CATALOG, drops: [{ ...CATALOG.drops[0], closesAt: new Date(later.getTime() + 60_000).toISOString() }] }
    const late = createDropService({ store, catalog: longWindow, siteUrl: SITE, mail: null, seedDir: null })
    expect(await late.enter(host, "drop-01", "hoodie/M", later)).toEqual({ kind: "expired" })
  })

  it("commits before the window only, keeps the seed out of the database in a file of the owner's, and publishes its hash", async () => {
    const { drops, seedDir } = await setUp()
    expect(await drops.commit("drop-01", DURING)).toEqual({ kind: "tooLate" })
    const committed = await drops.commit("drop-01", BEFORE)
    if (committed.kind !== "committed") throw new Error(committed.kind)
    expect(committed.seedFile).toBe(join(seedDir, "drop-01.seed"))
    expect(readFileSync(committed.seedFile as string, "utf8").trim()).toBe(committed.seed)
    expect(statSync(committed.seedFile as string).mode & 0o777).toBe(0o600)
    const record = await drops.record("drop-01", BEFORE)
    expect(record).toMatchObject({ phase: "scheduled", seedHash: await seedHash(committed.seed), seed: null, listHash: null, winners: null })
  })

  it("freezes the entries at close, draws winners anyone can recompute, sends codes, and passes unused ones to the reserve list", async () => {
    const { drops, join, outbox, signups } = await setUp()
    const committed = await drops.commit("drop-01", BEFORE)
    if (committed.kind !== "committed") throw new Error(committed.kind)
    const emails = Array.from({ length: 9 }, (_, index) => `fan${index + 1}@example.com`)
    const tokens = await join(...emails)
    for (const token of tokens) expect(await drops.enter(token, "drop-01", "hoodie/M", DURING)).toMatchObject({ kind: "entered" })
    expect(await drops.draw("drop-01", null, DURING)).toEqual({ kind: "notClosed", closesAt: CLOSES.toISOString() })

    // At close the list freezes: nine pseudonymous entries, no address, and its hash published.
    const closed = await drops.record("drop-01", AFTER)
    expect(closed).toMatchObject({ phase: "closed", entrants: { "hoodie/M": 9 }, seed: null })
    const list = (await drops.entryList("drop-01", AFTER)) as string
    expect(list).not.toMatch(/@/)
    expect(parseEntryList(list)).toHaveLength(9)
    expect(closed?.listHash).toBe(await entryListHash(parseEntryList(list)))
    // Someone leaving after the close changes nothing published.
    await signups.leave(tokens[8], AFTER)
    expect(await drops.entryList("drop-01", AFTER)).toBe(list)

    expect(await drops.draw("drop-01", "0".repeat(64), AFTER)).toEqual({ kind: "seedMismatch" })
    const drawn = await drops.draw("drop-01", null, AFTER)
    if (drawn.kind !== "drawn") throw new Error(drawn.kind)
    expect(await drops.draw("drop-01", null, AFTER)).toEqual({ kind: "alreadyDrawn" })
    const record = await drops.record("drop-01", AFTER)
    if (!record?.winners || !record.seed || !record.listHash || !record.seedHash) throw new Error("no published draw")
    expect(record.phase).toBe("drawn")
    expect(record.seed).toBe(committed.seed)
    expect(record.winners["hoodie/M"]).toHaveLength(2)
    const published = { seed: record.seed, seedHash: record.seedHash, listHash: record.listHash, entryList: list, stock: record.stock, winners: record.winners }
    expect(await verifyDraw({ ...published, promoted: record.promoted ?? undefined }, nodeTicketHasher(record.seed))).toEqual({ ok: true, problems: [] })

    // Winners still on the list get a code each (the one who left, if drawn, passes it on at once).
    const wins = await outbox("drop-won", AFTER)
    expect(wins.length).toBe(2)
    const notWon = await outbox("drop-not-won", AFTER)
    expect(notWon.length).toBe(8 - 2)
    const winners = new Set(wins.map((mail) => mail.payload.to))
    for (const mail of notWon) expect(winners.has(mail.payload.to)).toBe(false)
    const statusOf = async (email: string) => {
      const status = await signups.status(tokens[emails.indexOf(email)], AFTER)
      return status.kind === "found" ? status.drops["drop-01"]?.outcome : "gone"
    }
    expect(await statusOf(wins[0].payload.to)).toBe("won")
    expect(await statusOf(notWon[0].payload.to)).toBe("notWon")

    // A code redeems once; the invitation page knows its drop and size.
    const codeOf = (mail: OutboxEntry) => linkSecret(mail.payload.link, "code") as string
    const [first, second] = wins
    expect(await drops.prize(codeOf(first), AFTER)).toEqual({ state: "valid", drop: "Drop 01", size: "Hoodie, M", sizeKey: "hoodie/M" })
    expect(await drops.redeemPrize(codeOf(first), AFTER)).toEqual({ kind: "redeemed", email: first.payload.to, drop: "drop-01", size: "hoodie/M" })
    expect(await drops.redeemPrize(codeOf(first), AFTER)).toMatchObject({ kind: "alreadyRedeemed" })

    // The second winner lets the deadline pass: their code goes to the first on the reserve list.
    const pastDeadline = new Date(AFTER.getTime() + 3 * 24 * 60 * 60 * 1000 + 1_000)
    expect(await drops.upkeep(pastDeadline)).toBeGreaterThanOrEqual(1)
    expect(await drops.prize(codeOf(second), pastDeadline)).toMatchObject({ state: "passed" })
    expect(await drops.redeemPrize(codeOf(second), pastDeadline)).toEqual({ kind: "passed" })
    const passedOn = await outbox("drop-won", pastDeadline)
    expect(passedOn.length).toBeGreaterThanOrEqual(1)
    const after = await drops.record("drop-01", pastDeadline)
    expect(after?.promoted?.["hoodie/M"]?.length).toBeGreaterThanOrEqual(1)
    // The promoted entries are the next on the reserve list, in order: the verifier agrees.
    expect(await verifyDraw({ ...published, promoted: after?.promoted ?? undefined }, nodeTicketHasher(record.seed))).toEqual({ ok: true, problems: [] })
  })

  it("counts bonus tickets from confirmed referrals, up to the cap, and freezes them at close", async () => {
    const { drops, join, signups, store } = await setUp()
    await drops.commit("drop-01", BEFORE)
    const [host] = await join("host@example.com")
    const status = await signups.status(host, BEFORE)
    if (status.kind !== "found") throw new Error("no status")
    for (const friend of ["a", "b", "c"]) {
      await signups.join(
        { email: `${friend}@example.com`, source: "website_signup", timestamp: BEFORE.toISOString(), referralCode: status.referralCode },
        BEFORE,
      )
    }
    expect(await drops.enter(host, "drop-01", "cap/One size", DURING)).toEqual({ kind: "entered", size: "cap/One size", tickets: 1, entryId: ENTRY_ID })
    // Released by the owner, the three referrals count: 1 + min(2, 3 x 1) tickets.
    const ids = await Promise.all(["a", "b", "c"].map(async (friend) => (await store.findSignup(`${friend}@example.com`))?.sequence as number))
    expect(await store.reviewReferrals(ids, "release", DURING, "test")).toBe(3)
    const during = await signups.status(host, DURING)
    expect(during.kind === "found" && during.drops["drop-01"]).toEqual({ size: "cap/One size", tickets: 3, entryId: ENTRY_ID, outcome: null })
    await drops.record("drop-01", AFTER)
    const list = parseEntryList((await drops.entryList("drop-01", AFTER)) as string)
    expect(list.map((entry) => entry.tickets)).toEqual([3])
  })

  it("takes a person's entries with them when they leave, and the counts with them", async () => {
    const { drops, join, signups } = await setUp()
    await drops.commit("drop-01", BEFORE)
    const [ana] = await join("ana@example.com")
    await drops.enter(ana, "drop-01", "cap/One size", DURING)
    expect((await drops.record("drop-01", DURING))?.entrants["cap/One size"]).toBe(1)
    expect(await signups.leave(ana, DURING)).toEqual({ kind: "left" })
    expect((await drops.record("drop-01", DURING))?.entrants["cap/One size"]).toBe(0)
  })
})

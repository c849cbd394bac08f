// The drop's endpoints as any host calls them, over real services and a real SQLite store: each
// malformed or refused request gets its status and a message a person can act on, the bot check
// stands in front of entering, the published record and list (one file, sent as it is kept), the
// owner's commit, review and draw (with a local beacon stand-in), and a winner's code through the
// invitation endpoints the shop already uses.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { gunzipSync } from "node:zlib"
import type { DropCommitment } from "../../../drop/commitment"
import { isCheckable, type PublishedDrop } from "../../../drop/contract"
import { parseEntryList } from "../../../drop/entry-list"
import { checkDrop } from "../../../drop/verify"
import { startBeaconStandIn, type BeaconStandIn } from "../../../../tools/dev/beacon-stand-in"
import { testDropService } from "../../../../test/drop-service"
import { handleInvitationRequest, handleRedeemRequest } from "../invite-handler"
import { type ApiAnswer, type ApiRequest, type HandlerDependencies } from "../kit"
import type { OwnerDependencies } from "../owner-handler"
import { createSignupService } from "../../waitlist/service"
import { openEmbeddedStore } from "../../store/open-store"
import type { SignupStore } from "../../store/store"
import { oneDropCatalog, withCommitment } from "../../../../test/drop-catalog"
import { acceptsGzip, handleDropEnterRequest, handleDropEntriesRequest, handleDropRequest, handleOwnerDrops } from "../drop-handler"
import { nodeTicketHasher } from "../../drop/service"
import { linkSecret } from "../../../../test/link-secret"

const OPENS = new Date("2026-12-04T17:00:00.000Z")
const CLOSES = new Date("2026-12-06T17:00:00.000Z")
const SITE = "https://block94.example"
const OWNER = "o".repeat(40)
const SHOP = "s".repeat(40)

let relay: BeaconStandIn
beforeAll(async () => {
  // Every round is out: the draws below run after the close.
  relay = await startBeaconStandIn({ now: () => Number.MAX_SAFE_INTEGER })
})
afterAll(() => relay.stop())
const catalog = () => oneDropCatalog({ opensAt: OPENS, closesAt: CLOSES, notThisTimeEmail: false, chain: relay.chain })

const stores: SignupStore[] = []
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()))
})

const setUp = (botCheck?: HandlerDependencies["botCheck"]) => {
  const store = openEmbeddedStore(join(mkdtempSync(join(tmpdir(), "block94-drop-endpoints-")), "signups.db"), 10)
  stores.push(store)
  const clock = { now: new Date(OPENS.getTime() - 60_000) }
  const base = { store, catalog: catalog(), siteUrl: SITE, mail: null, seedDir: mkdtempSync(join(tmpdir(), "block94-seeds-")) }
  const drops = testDropService(base)
  const service = createSignupService({ store, mail: null, settings: { siteUrl: SITE, referralBoost: 10 }, drops })
  const deps: OwnerDependencies = {
    service,
    drops,
    rateLimiter: { hit: async () => ({ allowed: true }) },
    now: () => clock.now,
    logError: jest.fn(),
    botCheck,
    inviteApiToken: SHOP,
    ownerToken: () => OWNER,
    store,
    inviteNext: null,
  }
  /** Someone joins the list, confirmed at once: a day before the window opens unless `at` says otherwise. */
  const signUp = async (email: string, at = new Date(OPENS.getTime() - 86_400_000)): Promise<string> => {
    const answer = await service.join({ email, source: "website_signup", timestamp: at.toISOString() }, at)
    if (answer.kind !== "confirmed") throw new Error(answer.kind)
    return linkSecret(answer.statusUrl) as string
  }
  /** The site deployed with the owner's commitment in its content: the services run with it from now on. */
  const deploy = (commitment: DropCommitment) => {
    deps.drops = testDropService({ ...base, catalog: withCommitment(base.catalog, commitment) })
    deps.service = createSignupService({ store, mail: null, settings: { siteUrl: SITE, referralBoost: 10 }, drops: deps.drops })
  }
  /** The owner commits from the owner's page, and the site is deployed with it. */
  const commit = async () => {
    const committed = await handleOwnerDrops(post({ action: "commit", drop: "drop-01" }, asOwner), deps)
    deploy(committed.body.commitment as DropCommitment)
    return committed
  }
  return { deps, clock, join: signUp, store, commit }
}

const post = (body: unknown, headers: Record<string, string> = {}): ApiRequest => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  query: new URLSearchParams(),
  clientKey: "203.0.113.7",
  readBody: async () => ({ kind: "bytes", bytes: Buffer.from(typeof body === "string" ? body : JSON.stringify(body), "utf8") }),
})

const get = (query: Record<string, string>, headers: Record<string, string> = {}): ApiRequest => ({
  method: "GET",
  headers,
  query: new URLSearchParams(query),
  clientKey: "203.0.113.7",
  readBody: async () => ({ kind: "bytes", bytes: new Uint8Array() }),
})

const bytes = async (answer: ApiAnswer): Promise<Buffer> => {
  const chunks: Buffer[] = []
  for await (const chunk of answer.stream ?? []) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}
const text = async (answer: ApiAnswer): Promise<string> => (await bytes(answer)).toString("utf8")

const asOwner = { authorization: `Bearer ${OWNER}` }

describe("POST /api/drop/enter", () => {
  it.each([
    ["a body that is not JSON", "{", 400, "body_not_json", "Request body is not valid JSON"],
    ["no token", { drop: "drop-01", size: "cap/One size" }, 400, "body_invalid", 'Request body must be a JSON object with the "token" from your status link'],
    ["no drop", { token: "A".repeat(43), size: "cap/One size" }, 400, "drop_invalid", '"drop" must name the drop'],
    [
      "a size that is a number",
      { token: "A".repeat(43), drop: "drop-01", size: 3 },
      400,
      "size_invalid",
      '"size" must be one of the drop\'s sizes, or null to withdraw',
    ],
    ["an unknown drop", { token: "A".repeat(43), drop: "drop-99", size: "cap/One size" }, 404, "drop_unknown", "This drop is not known: check the drop's link"],
    ["an unknown size", { token: "A".repeat(43), drop: "drop-01", size: "cap/XL" }, 400, "size_unknown", '"size" is not one of this drop\'s sizes'],
  ])("answers %s with %s", async (_what, body, status, code, error) => {
    const { deps, clock } = setUp()
    clock.now = new Date(OPENS.getTime() + 60_000)
    const answer = await handleDropEnterRequest(post(body), deps)
    expect(answer.status).toBe(status)
    expect(answer.body).toEqual({ error, code })
  })

  it("refuses entries before the window, without a commitment, from an unknown link, and after the close", async () => {
    const { deps, clock, join, commit } = setUp()
    const token = await join("ana@example.com")
    const enter = () => handleDropEnterRequest(post({ token, drop: "drop-01", size: "cap/One size" }), deps)
    expect((await enter()).body).toEqual({ error: `Entries for this drop open at ${OPENS.toISOString()}`, code: "entries_not_open" })
    clock.now = new Date(OPENS.getTime() + 60_000)
    expect(await enter()).toMatchObject({ status: 409, body: { error: "This drop's draw isn't set up yet: please try again later", code: "draw_not_set_up" } })
    clock.now = new Date(OPENS.getTime() - 60_000)
    await commit()
    clock.now = new Date(OPENS.getTime() + 60_000)
    expect((await handleDropEnterRequest(post({ token: "B".repeat(43), drop: "drop-01", size: "cap/One size" }), deps)).status).toBe(404)
    clock.now = new Date(CLOSES.getTime() + 1)
    expect(await enter()).toMatchObject({ status: 409, body: { error: "Entries for this drop have closed", code: "entries_closed" } })
  })

  it("stands behind the bot check in enforce: no solution, no entry", async () => {
    const record = jest.fn(async () => "missing" as const)
    const { deps, clock, join } = setUp({ mode: "enforce", secret: "k".repeat(40), record })
    const token = await join("ana@example.com")
    clock.now = new Date(OPENS.getTime() + 60_000)
    const answer = await handleDropEnterRequest(post({ token, drop: "drop-01", size: "cap/One size" }), deps)
    expect(answer.status).toBe(403)
    expect(record).toHaveBeenCalledTimes(1)
  })
})

describe("a drop through its endpoints, from the owner's commitment to the shop redeeming the winner's code", () => {
  it("publishes the commitment first, the list at close as one file, the beacon, seed and winners at the draw, all checkable", async () => {
    const { deps, clock, join, commit } = setUp()
    // The owner's endpoints need the owner's secret.
    expect((await handleOwnerDrops(post({ action: "commit", drop: "drop-01" }), deps)).status).toBe(401)
    const committed = await commit()
    expect(committed).toMatchObject({ status: 200, body: { ok: true, seed: expect.stringMatching(/^[0-9a-f]{64}$/), seedKept: true } })
    const commitment = committed.body.commitment as DropCommitment
    expect(commitment).toMatchObject({ chainHash: relay.chain.chainHash, opensAt: OPENS.toISOString(), closesAt: CLOSES.toISOString() })
    expect((await handleOwnerDrops(post({ action: "commit", drop: "drop-01" }, asOwner), deps)).status).toBe(409)
    const before = await handleDropRequest(get({ drop: "drop-01" }), deps)
    expect(before.body).toMatchObject({ phase: "scheduled", commitment, seed: null, beacon: null, entrants: { "cap/One size": 0 } })

    const tokens = [await join("ana@example.com"), await join("ben@example.com")]
    clock.now = new Date(OPENS.getTime() + 60_000)
    for (const token of tokens) {
      expect(await handleDropEnterRequest(post({ token, drop: "drop-01", size: "cap/One size" }), deps)).toMatchObject({
        status: 200,
        body: { ok: true, size: "cap/One size", tickets: 1, review: null },
      })
    }
    expect((await handleDropEntriesRequest(get({ drop: "drop-01" }), deps)).status).toBe(409)
    expect((await handleOwnerDrops(post({ action: "draw", drop: "drop-01" }, asOwner), deps)).body).toEqual({
      error: `The draw runs after entries close, at ${CLOSES.toISOString()}`,
      code: "draw_too_early",
    })

    // The server freezes the list at the close (serve:prod's timer does it to the second), before the beacon's round is out.
    clock.now = new Date(CLOSES.getTime() + 1)
    expect((await handleDropRequest(get({ drop: "drop-01" }), deps)).body).toMatchObject({ phase: "closed", frozenAt: clock.now.toISOString() })
    clock.now = new Date(CLOSES.getTime() + 60_000)
    // The list goes out as the gzip file kept at the freeze, or unpacked for a client that takes no gzip; a cache that has it gets 304.
    const packed = await handleDropEntriesRequest(get({ drop: "drop-01" }, { "accept-encoding": "gzip, deflate, br" }), deps)
    expect(packed.headers).toMatchObject({
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Encoding": "gzip",
      ETag: expect.stringMatching(/^"[0-9a-f]{64}"$/),
    })
    const entryList = gunzipSync(await bytes(packed)).toString("utf8")
    expect(parseEntryList(entryList)).toHaveLength(2)
    const plain = await handleDropEntriesRequest(get({ drop: "drop-01" }), deps)
    expect(plain.headers["Content-Encoding"]).toBeUndefined()
    expect(await text(plain)).toBe(entryList)
    expect((await handleDropEntriesRequest(get({ drop: "drop-01" }, { "if-none-match": packed.headers.ETag }), deps)).status).toBe(304)
    expect((await handleDropRequest(get({ drop: "drop-01" }), deps)).body).toMatchObject({ listHash: packed.headers.ETag.slice(1, -1) })

    expect((await handleOwnerDrops(post({ action: "draw", drop: "drop-01", seed: "f".repeat(64) }, asOwner), deps)).body).toEqual({
      error: "That seed does not match the hash published before entries opened",
      code: "seed_mismatch",
    })
    // The beacon out of reach: the owner is told, and may paste the round's signature, which is checked.
    relay.quiet(true)
    expect(await handleOwnerDrops(post({ action: "draw", drop: "drop-01" }, asOwner), deps)).toMatchObject({
      status: 503,
      headers: { "Retry-After": "60" },
      body: { round: commitment.round },
    })
    expect(await handleOwnerDrops(post({ action: "draw", drop: "drop-01", beacon: "ab".repeat(48) }, asOwner), deps)).toMatchObject({
      status: 400,
      body: { error: `That is not the beacon's round ${commitment.round}, signed by the chain's key`, code: "beacon_invalid" },
    })
    relay.quiet(false)
    expect(await handleOwnerDrops(post({ action: "draw", drop: "drop-01" }, asOwner), deps)).toMatchObject({ status: 200, body: { ok: true, winners: 1 } })

    const drawn = (await handleDropRequest(get({ drop: "drop-01" }), deps)).body as unknown as PublishedDrop
    expect(drawn).toMatchObject({ phase: "drawn", seed: committed.body.seed, beacon: relay.beacon(commitment.round) })
    if (!isCheckable(drawn)) throw new Error("not checkable")
    const built = { commitment, window: { opensAt: OPENS.toISOString(), closesAt: CLOSES.toISOString() }, chain: relay.chain }
    expect(await checkDrop(built, drawn, entryList, nodeTicketHasher)).toEqual({ ok: true, problems: [] })

    // The owner's page sees the drop drawn, with its entries per day.
    const overview = await handleOwnerDrops(get({}, asOwner), deps)
    expect(overview.body).toMatchObject({
      drops: [{ drop: "drop-01", phase: "drawn", name: "Drop 01", entriesByDay: [{ day: "2026-12-04", size: "cap/One size", entries: 2 }] }],
    })
  })

  it("reviews entries waiting for the owner, and refuses a review it cannot read or that comes after the close", async () => {
    const { deps, clock, join, commit } = setUp()
    await commit()
    // Someone who joins after the commitment: their entry waits.
    const token = await join("new@example.com", OPENS)
    clock.now = new Date(OPENS.getTime() + 60_000)
    const entered = await handleDropEnterRequest(post({ token, drop: "drop-01", size: "cap/One size" }), deps)
    expect(entered.body).toMatchObject({ review: "waiting" })
    const entryId = entered.body.entryId as string
    for (const [body, error] of [
      [{ action: "review", drop: "drop-01", entries: [entryId], decision: "maybe" }, '"decision" must be "letIn" or "leaveOut"'],
      [{ action: "review", drop: "drop-01", entries: "all", decision: "letIn" }, '"entries" must list 1 to 10000 entry numbers waiting for review'],
      [{ action: "review", drop: "drop-01", entries: ["NOT-AN-ENTRY"], decision: "letIn" }, '"entries" must list 1 to 10000 entry numbers waiting for review'],
    ] as const)
      expect(await handleOwnerDrops(post(body, asOwner), deps)).toMatchObject({ status: 400, body: { error } })
    expect(await handleOwnerDrops(post({ action: "review", drop: "drop-01", entries: [entryId], decision: "letIn" }, asOwner), deps)).toMatchObject({
      status: 200,
      body: { ok: true, changed: 1 },
    })
    clock.now = new Date(CLOSES.getTime() + 60_000)
    expect((await handleOwnerDrops(post({ action: "review", drop: "drop-01", entries: [entryId], decision: "leaveOut" }, asOwner), deps)).status).toBe(409)
  })
})

describe("the entry list's Accept-Encoding", () => {
  it.each([
    ["gzip", true],
    ["deflate, gzip;q=0.5", true],
    ["*", true],
    ["gzip;q=0", false],
    ["identity", false],
    [undefined, false],
  ])("%s takes gzip: %s", (header, gzip) => {
    expect(acceptsGzip(header)).toBe(gzip)
  })
})

describe("GET /api/drop", () => {
  it("answers an unknown drop with 404 and a wrong method with 405", async () => {
    const { deps } = setUp()
    expect(await handleDropRequest(get({ drop: "nope" }), deps)).toMatchObject({
      status: 404,
      body: { error: "This drop is not known: check the drop's link", code: "drop_unknown" },
    })
    expect((await handleDropRequest({ ...get({ drop: "drop-01" }), method: "DELETE" }, deps)).status).toBe(405)
  })
})

describe("a drop's winning code at the invitation endpoints", () => {
  it("is shown with its drop and size, and redeemed once by the shop", async () => {
    const { deps, clock, join, store, commit } = setUp()
    await commit()
    const token = await join("ana@example.com")
    clock.now = new Date(OPENS.getTime() + 60_000)
    await handleDropEnterRequest(post({ token, drop: "drop-01", size: "cap/One size" }), deps)
    clock.now = new Date(CLOSES.getTime() + 60_000)
    await handleOwnerDrops(post({ action: "draw", drop: "drop-01" }, asOwner), deps)
    const [mail] = (await store.claimDueMessages(clock.now, 100, new Date(clock.now.getTime() + 60_000))).filter((entry) => entry.kind === "drop-won")
    const code = linkSecret(mail.payload.link, "code") as string
    expect((await handleInvitationRequest(post({ code }), deps)).body).toEqual({ state: "valid", drop: "Drop 01", size: "Cap, One size" })
    const redeem = () => handleRedeemRequest(post({ code }, { authorization: `Bearer ${SHOP}` }), deps)
    expect(await redeem()).toMatchObject({ status: 200, body: { redeemed: true, email: "ana@example.com", drop: "drop-01", size: "cap/One size" } })
    expect((await redeem()).status).toBe(409)
    expect((await handleInvitationRequest(post({ code }), deps)).body).toEqual({ state: "redeemed", drop: "Drop 01", size: "Cap, One size" })
  })

  it('answers a code that passed to the reserve list with 410 at the shop and "passed" on the invitation page', async () => {
    const { deps, clock, join, store, commit } = setUp()
    await commit()
    const tokens = [await join("ana@example.com"), await join("ben@example.com")]
    clock.now = new Date(OPENS.getTime() + 60_000)
    for (const token of tokens) await handleDropEnterRequest(post({ token, drop: "drop-01", size: "cap/One size" }), deps)
    clock.now = new Date(CLOSES.getTime() + 60_000)
    await handleOwnerDrops(post({ action: "draw", drop: "drop-01" }, asOwner), deps)
    const [mail] = (await store.claimDueMessages(clock.now, 100, new Date(clock.now.getTime() + 60_000))).filter((entry) => entry.kind === "drop-won")
    const code = linkSecret(mail.payload.link, "code") as string
    clock.now = new Date(CLOSES.getTime() + 4 * 24 * 60 * 60 * 1000)
    await deps.drops?.upkeep(clock.now)
    expect((await handleInvitationRequest(post({ code }), deps)).body).toEqual({ state: "passed", drop: "Drop 01", size: "Cap, One size" })
    expect(await handleRedeemRequest(post({ code }, { authorization: `Bearer ${SHOP}` }), deps)).toMatchObject({
      status: 410,
      body: { error: "This drop code was not used in time and passed to the reserve list", code: "prize_passed" },
    })
    // The other entrant, next on the reserve list, has a code now, and the record says so.
    const record = (await handleDropRequest(get({ drop: "drop-01" }), deps)).body as { promoted: Record<string, string[]> }
    expect(record.promoted["cap/One size"]).toHaveLength(1)
  })
})

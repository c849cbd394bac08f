// The drop's endpoints as any host calls them, over real services and a real SQLite store: each
// malformed or refused request gets its status and a message a person can act on, the bot check
// stands in front of entering, the published record and list, the owner's commit and draw, and a
// winner's code through the invitation endpoints the shop already uses.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { parseEntryList, verifyDraw } from "../../../drop/draw"
import { handleInvitationRequest, handleRedeemRequest, type ApiAnswer, type ApiRequest, type HandlerDependencies } from "../waitlist-handler"
import type { OwnerDependencies } from "../owner-handler"
import { createSignupService } from "../../waitlist/service"
import { openEmbeddedStore } from "../../store/open-store"
import type { SignupStore } from "../../store/store"
import { oneDropCatalog } from "../../../../test/drop-catalog"
import { handleDropEnterRequest, handleDropEntriesRequest, handleDropRequest, handleOwnerDrops } from "../drop-handler"
import { createDropService, nodeTicketHasher } from "../../drop/service"
import { linkSecret } from "../../../../test/link-secret"

const OPENS = new Date("2026-12-04T17:00:00.000Z")
const CLOSES = new Date("2026-12-06T17:00:00.000Z")
const SITE = "https://block94.example"
const OWNER = "o".repeat(40)
const SHOP = "s".repeat(40)

const CATALOG = oneDropCatalog({ opensAt: OPENS, closesAt: CLOSES, notThisTimeEmail: false })

const stores: SignupStore[] = []
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()))
})

const setUp = (botCheck?: HandlerDependencies["botCheck"]) => {
  const store = openEmbeddedStore(join(mkdtempSync(join(tmpdir(), "block94-drop-endpoints-")), "signups.db"), 10)
  stores.push(store)
  const clock = { now: new Date(OPENS.getTime() - 60_000) }
  const drops = createDropService({ store, catalog: CATALOG, siteUrl: SITE, mail: null, seedDir: mkdtempSync(join(tmpdir(), "block94-seeds-")) })
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
  const join_ = async (email: string): Promise<string> => {
    const answer = await service.join({ email, source: "website_signup", timestamp: clock.now.toISOString() }, clock.now)
    if (answer.kind !== "confirmed") throw new Error(answer.kind)
    return linkSecret(answer.statusUrl) as string
  }
  return { deps, clock, join: join_, store }
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

const text = async (answer: ApiAnswer): Promise<string> => {
  let all = ""
  for await (const chunk of answer.stream ?? []) all += chunk
  return all
}

const asOwner = { authorization: `Bearer ${OWNER}` }

describe("POST /api/drop/enter", () => {
  it.each([
    ["a body that is not JSON", "{", 400, "Request body is not valid JSON"],
    ["no token", { drop: "drop-01", size: "cap/One size" }, 400, 'Request body must be a JSON object with the "token" from your status link'],
    ["no drop", { token: "A".repeat(43), size: "cap/One size" }, 400, '"drop" must name the drop'],
    ["a size that is a number", { token: "A".repeat(43), drop: "drop-01", size: 3 }, 400, '"size" must be one of the drop\'s sizes, or null to withdraw'],
    ["an unknown drop", { token: "A".repeat(43), drop: "drop-99", size: "cap/One size" }, 404, "This drop is not known: check the drop's link"],
    ["an unknown size", { token: "A".repeat(43), drop: "drop-01", size: "cap/XL" }, 400, '"size" is not one of this drop\'s sizes'],
  ])("answers %s with %s", async (_what, body, status, error) => {
    const { deps, clock } = setUp()
    clock.now = new Date(OPENS.getTime() + 60_000)
    const answer = await handleDropEnterRequest(post(body), deps)
    expect(answer.status).toBe(status)
    expect(answer.body).toEqual({ error })
  })

  it("refuses entries before the window, without a commitment, from an unknown link, and after the close", async () => {
    const { deps, clock, join } = setUp()
    const token = await join("ana@example.com")
    const enter = () => handleDropEnterRequest(post({ token, drop: "drop-01", size: "cap/One size" }), deps)
    expect((await enter()).body).toEqual({ error: `Entries for this drop open at ${OPENS.toISOString()}` })
    clock.now = new Date(OPENS.getTime() + 60_000)
    expect(await enter()).toMatchObject({ status: 409, body: { error: "This drop's draw isn't set up yet: please try again later" } })
    expect((await handleDropEnterRequest(post({ token: "B".repeat(43), drop: "drop-01", size: "cap/One size" }), deps)).status).toBe(404)
    clock.now = new Date(CLOSES.getTime() + 1)
    expect(await enter()).toMatchObject({ status: 409, body: { error: "Entries for this drop have closed" } })
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
  it("publishes the hash first, the list at close, the seed with the winners at the draw, and a code the shop redeems once", async () => {
    const { deps, clock, join } = setUp()
    // The owner's endpoints need the owner's secret.
    expect((await handleOwnerDrops(post({ action: "commit", drop: "drop-01" }), deps)).status).toBe(401)
    const committed = await handleOwnerDrops(post({ action: "commit", drop: "drop-01" }, asOwner), deps)
    expect(committed).toMatchObject({ status: 200, body: { ok: true, seed: expect.stringMatching(/^[0-9a-f]{64}$/), seedKept: true } })
    expect((await handleOwnerDrops(post({ action: "commit", drop: "drop-01" }, asOwner), deps)).status).toBe(409)
    const before = await handleDropRequest(get({ drop: "drop-01" }), deps)
    expect(before.body).toMatchObject({ phase: "scheduled", seedHash: committed.body.seedHash, seed: null, entrants: { "cap/One size": 0 } })

    const tokens = [await join("ana@example.com"), await join("ben@example.com")]
    clock.now = new Date(OPENS.getTime() + 60_000)
    for (const token of tokens) {
      expect(await handleDropEnterRequest(post({ token, drop: "drop-01", size: "cap/One size" }), deps)).toMatchObject({
        status: 200,
        body: { ok: true, size: "cap/One size", tickets: 1 },
      })
    }
    expect((await handleDropEntriesRequest(get({ drop: "drop-01" }), deps)).status).toBe(409)
    expect((await handleOwnerDrops(post({ action: "draw", drop: "drop-01" }, asOwner), deps)).body).toEqual({
      error: `The draw runs after entries close, at ${CLOSES.toISOString()}`,
    })

    clock.now = new Date(CLOSES.getTime() + 60_000)
    const list = await handleDropEntriesRequest(get({ drop: "drop-01" }), deps)
    expect(list.headers["Content-Type"]).toBe("text/plain; charset=utf-8")
    const entryList = await text(list)
    expect(parseEntryList(entryList)).toHaveLength(2)
    expect((await handleOwnerDrops(post({ action: "draw", drop: "drop-01", seed: "f".repeat(64) }, asOwner), deps)).body).toEqual({
      error: "That seed does not match the hash published before entries opened",
    })
    expect(await handleOwnerDrops(post({ action: "draw", drop: "drop-01" }, asOwner), deps)).toMatchObject({ status: 200, body: { ok: true, winners: 1 } })

    const drawn = (await handleDropRequest(get({ drop: "drop-01" }), deps)).body as Record<string, never>
    expect(drawn).toMatchObject({ phase: "drawn", seed: committed.body.seed })
    const check = await verifyDraw(
      { seed: drawn.seed, seedHash: drawn.seedHash, listHash: drawn.listHash, entryList, stock: drawn.stock, winners: drawn.winners },
      nodeTicketHasher(drawn.seed),
    )
    expect(check).toEqual({ ok: true, problems: [] })

    // The owner's page sees the drop drawn, with its entries per day.
    const overview = await handleOwnerDrops(get({}, asOwner), deps)
    expect(overview.body).toMatchObject({
      drops: [{ drop: "drop-01", phase: "drawn", name: "Drop 01", entriesByDay: [{ day: "2026-12-04", size: "cap/One size", entries: 2 }] }],
    })
  })
})

describe("GET /api/drop", () => {
  it("answers an unknown drop with 404 and a wrong method with 405", async () => {
    const { deps } = setUp()
    expect(await handleDropRequest(get({ drop: "nope" }), deps)).toMatchObject({
      status: 404,
      body: { error: "This drop is not known: check the drop's link" },
    })
    expect((await handleDropRequest({ ...get({ drop: "drop-01" }), method: "DELETE" }, deps)).status).toBe(405)
  })
})

describe("a drop's winning code at the invitation endpoints", () => {
  it("is shown with its drop and size, and redeemed once by the shop", async () => {
    const { deps, clock, join, store } = setUp()
    await handleOwnerDrops(post({ action: "commit", drop: "drop-01" }, asOwner), deps)
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
    const { deps, clock, join, store } = setUp()
    await handleOwnerDrops(post({ action: "commit", drop: "drop-01" }, asOwner), deps)
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
      body: { error: "This drop code was not used in time and passed to the reserve list" },
    })
    // The other entrant, next on the reserve list, has a code now, and the record says so.
    const record = (await handleDropRequest(get({ drop: "drop-01" }), deps)).body as { promoted: Record<string, string[]> }
    expect(record.promoted["cap/One size"]).toHaveLength(1)
  })
})

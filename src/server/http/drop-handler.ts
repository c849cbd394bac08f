/**
 * The drop's HTTP endpoints, without a framework (with the kit of src/server/http/kit.ts):
 *
 *   GET  /api/drop?drop=ID           the drop's public record (PublishedDrop, src/drop/contract.ts)
 *   GET  /api/drop/entries?drop=ID   the frozen entry list as published (text/plain), from close: one file,
 *                                    written once, sent gzip-encoded as it is kept (or unpacked for a client that takes no gzip)
 *   POST /api/drop/enter { token, drop, size, altcha? }   enter, change the size, or withdraw (size null):
 *                                    { ok, drop, size, tickets, entryId, review } (the entry's number in the published list)
 *   GET  /api/owner/drops            every drop with its state, entries per size and day, entries waiting for review (owner)
 *   POST /api/owner/drops { action: "commit" | "draw" | "review", drop, seed?, beacon?, entries?, decision? }   (owner)
 */
import { createReadStream } from "node:fs"
import { pipeline } from "node:stream"
import { createGunzip } from "node:zlib"
import { isObject, admit, answer, guarded, isAnswer, readJson, behindBotCheck, reject } from "./kit"
import { STATUS_LINK_EXPIRED_MESSAGE, STATUS_LINK_UNKNOWN_MESSAGE } from "./status-handler"
import type { ApiAnswer, ApiRequest, HandlerDependencies } from "./kit"
import { ownerEndpoint } from "./owner-handler"
import { OWNER_PAGE_ACTOR } from "../../signup/owner-summary"
import type { DrawAnswer, EnterAnswer } from "../drop/service"
import { signalNetwork } from "./client-address"

export const UNKNOWN_DROP_MESSAGE = "This drop is not known: check the drop's link"
const NOT_FROZEN_MESSAGE = "The entry list is published when entries close"
const NO_DROPS_MESSAGE = "Drops are not kept on this server"

/** What entering answers, for each outcome but success. */
const ENTER_REFUSALS: Record<Exclude<EnterAnswer["kind"], "entered" | "notOpen">, [number, string]> = {
  unknownDrop: [404, UNKNOWN_DROP_MESSAGE],
  unknownSize: [400, '"size" is not one of this drop\'s sizes'],
  closed: [409, "Entries for this drop have closed"],
  unknown: [404, STATUS_LINK_UNKNOWN_MESSAGE],
  expired: [410, STATUS_LINK_EXPIRED_MESSAGE],
  notConfirmed: [403, "Only confirmed people on the list can enter: open the link in the email we sent you first"],
  held: [403, "Your signup is waiting for a check by our team, so it can't enter a draw yet"],
  notCommitted: [409, "This drop's draw isn't set up yet: please try again later"],
}

/** GET /api/drop?drop=ID */
export const handleDropRequest = (request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> =>
  guarded(deps, async () => {
    const service = await admit(request, deps, "read")
    if (isAnswer(service)) return service
    if (request.method?.toUpperCase() !== "GET")
      return reject(405, `Method ${request.method ?? "(none)"} is not allowed: look up a drop with GET`, { Allow: "GET" })
    if (!deps.drops) return reject(503, NO_DROPS_MESSAGE)
    const record = await deps.drops.record(request.query.get("drop"), deps.now())
    return record ? answer(200, { ...record }) : reject(404, UNKNOWN_DROP_MESSAGE)
  })

/** Whether a request takes a gzip-encoded answer (Accept-Encoding names gzip, or *, without q=0). */
export const acceptsGzip = (header: string | string[] | undefined): boolean =>
  String(header ?? "")
    .split(",")
    .some((part) => {
      const [coding, ...parameters] = part.trim().toLowerCase().split(";")
      return (coding === "gzip" || coding === "*") && !parameters.some((parameter) => /^\s*q=0(?:\.0*)?\s*$/.test(parameter))
    })

/** GET /api/drop/entries?drop=ID: the very text the published list hash covers. */
export const handleDropEntriesRequest = (request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> =>
  guarded(deps, async () => {
    const service = await admit(request, deps, "read")
    if (isAnswer(service)) return service
    if (request.method?.toUpperCase() !== "GET")
      return reject(405, `Method ${request.method ?? "(none)"} is not allowed: download the entry list with GET`, { Allow: "GET" })
    if (!deps.drops) return reject(503, NO_DROPS_MESSAGE)
    const now = deps.now()
    const id = request.query.get("drop")
    if (!(await deps.drops.record(id, now))) return reject(404, UNKNOWN_DROP_MESSAGE)
    const file = await deps.drops.entryListFile(id, now)
    if (!file) return reject(409, NOT_FROZEN_MESSAGE)
    // Frozen for good: any cache may keep it, and its hash names it.
    const headers = {
      "Cache-Control": "public, max-age=3600",
      "Content-Type": "text/plain; charset=utf-8",
      ETag: `"${file.listHash}"`,
      Vary: "Accept-Encoding",
    }
    if (String(request.headers["if-none-match"] ?? "").includes(`"${file.listHash}"`)) return { status: 304, headers, body: {} }
    if (acceptsGzip(request.headers["accept-encoding"]))
      return { status: 200, headers: { ...headers, "Content-Encoding": "gzip" }, body: {}, stream: createReadStream(file.path) }
    const unpacked = createGunzip()
    pipeline(createReadStream(file.path), unpacked, () => undefined)
    return { status: 200, headers, body: {}, stream: unpacked }
  })

/** POST /api/drop/enter */
export const handleDropEnterRequest = (request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> =>
  guarded(deps, async () => {
    const service = await admit(request, deps)
    if (isAnswer(service)) return service
    const json = await readJson(request, "enter the drop", "token, drop and size")
    if (json.kind === "rejected") return json.answer
    const body = isObject(json.value) ? json.value : {}
    const { token, drop, size } = body
    if (typeof token !== "string") return reject(400, 'Request body must be a JSON object with the "token" from your status link')
    if (typeof drop !== "string") return reject(400, '"drop" must name the drop')
    if (size !== null && typeof size !== "string") return reject(400, '"size" must be one of the drop\'s sizes, or null to withdraw')
    const drops = deps.drops
    if (!drops) return reject(503, NO_DROPS_MESSAGE)
    return behindBotCheck(body, deps, async () => {
      const entered = await drops.enter(token, drop, size, deps.now(), signalNetwork(request.clientKey))
      if (entered.kind === "entered")
        return answer(200, { ok: true, drop, size: entered.size, tickets: entered.tickets, entryId: entered.entryId, review: entered.review })
      if (entered.kind === "notOpen") return reject(409, `Entries for this drop open at ${entered.opensAt}`)
      const [status, message] = ENTER_REFUSALS[entered.kind]
      return reject(status, message)
    })
  })

/** GET /api/owner/drops: every drop content declares, with its public record and entries per size and day. */
export const handleOwnerDropsRequest = ownerEndpoint("GET", "read the drops", async (_request, deps) => {
  if (!deps.drops) return reject(503, NO_DROPS_MESSAGE)
  return answer(200, { drops: await deps.drops.overview(deps.now()) })
})

/** What the draw answers, for each outcome but success: a status, and words the owner can act on. */
const drawRefusal = (drawn: Exclude<DrawAnswer, { kind: "drawn" }>): ApiAnswer => {
  switch (drawn.kind) {
    case "unknownDrop":
      return reject(404, UNKNOWN_DROP_MESSAGE)
    case "notCommitted":
      return reject(409, "This drop has no committed seed, so it cannot be drawn")
    case "commitmentDiffers":
      return reject(409, "The site as built does not carry this drop's commitment: put it in content/drops.json (npm run drop:commit does) and deploy first")
    case "notClosed":
      return reject(409, `The draw runs after entries close, at ${drawn.closesAt}`)
    case "alreadyDrawn":
      return reject(409, "This drop was drawn already")
    case "noSeed":
      return reject(400, "The seed is not kept on this server: paste the seed you saved when you committed")
    case "seedMismatch":
      return reject(400, "That seed does not match the hash published before entries opened")
    case "beaconNotYet":
      return answer(409, { error: `The beacon's round ${drawn.round} comes out at ${drawn.at}: run the draw after that`, round: drawn.round, at: drawn.at })
    case "beaconUnreachable":
      return answer(
        503,
        { error: `The beacon's round ${drawn.round} could not be fetched: try again in a minute, or paste the round's signature`, round: drawn.round },
        { "Retry-After": "60" },
      )
    case "beaconInvalid":
      return answer(400, { error: `That is not the beacon's round ${drawn.round}, signed by the chain's key`, round: drawn.round })
  }
}

const ENTRY_CODE = /^[a-z2-7]{16}$/
/** Entries one review may decide at once. */
const MAX_REVIEWED = 10_000

/** POST /api/owner/drops `{ action: "commit" | "draw" | "review", drop, seed?, beacon?, entries?, decision? }` */
export const handleOwnerDropActionRequest = ownerEndpoint("POST", "commit to, review or draw a drop", async (request, deps) => {
  if (!deps.drops) return reject(503, NO_DROPS_MESSAGE)
  const json = await readJson(request, "commit to, review or draw a drop", "action and drop")
  if (json.kind === "rejected") return json.answer
  const body = isObject(json.value) ? json.value : {}
  const seed = typeof body.seed === "string" && body.seed.trim() !== "" ? body.seed : null
  const beacon = typeof body.beacon === "string" && body.beacon.trim() !== "" ? body.beacon : null
  const now = deps.now()
  if (body.action === "commit") {
    const committed = await deps.drops.commit(body.drop, now)
    switch (committed.kind) {
      case "unknownDrop":
        return reject(404, UNKNOWN_DROP_MESSAGE)
      case "alreadyCommitted":
        return reject(409, "This drop's seed was committed already")
      case "notReplaceable":
        return reject(409, "This drop was committed for another window and people entered under it: put its window back in content/drops.json")
      case "tooLate":
        return reject(409, "The seed is committed before entries open: this drop's window has opened")
      case "committed":
        await deps.store?.recordAudit({ actor: OWNER_PAGE_ACTOR, action: "drop commitment", count: 1, detail: String(body.drop) }, now)
        return answer(200, { ok: true, seed: committed.seed, commitment: committed.commitment, seedKept: committed.seedFile !== null })
    }
  }
  if (body.action === "review") {
    const { entries, decision } = body
    if (decision !== "letIn" && decision !== "leaveOut") return reject(400, '"decision" must be "letIn" or "leaveOut"')
    if (
      !Array.isArray(entries) ||
      entries.length === 0 ||
      entries.length > MAX_REVIEWED ||
      !entries.every((code) => typeof code === "string" && ENTRY_CODE.test(code))
    )
      return reject(400, `"entries" must list 1 to ${MAX_REVIEWED} entry numbers waiting for review`)
    const changed = await deps.drops.review(body.drop, entries as string[], decision, now)
    if (changed === null) return reject(409, "Entries are reviewed before they close: this drop is unknown or closed")
    await deps.store?.recordAudit(
      { actor: OWNER_PAGE_ACTOR, action: `drop entries ${decision === "letIn" ? "let in" : "left out"}`, count: changed, detail: String(body.drop) },
      now,
    )
    return answer(200, { ok: true, changed })
  }
  if (body.action === "draw") {
    const drawn = await deps.drops.draw(body.drop, { seed, beacon }, now)
    if (drawn.kind !== "drawn") return drawRefusal(drawn)
    const won = drawn.result.bySize.reduce((sum, size) => sum + size.winners.length, 0)
    await deps.store?.recordAudit({ actor: OWNER_PAGE_ACTOR, action: "drop draw", count: won, detail: String(body.drop) }, now)
    // Everyone else's "not this time" goes on after the answer: a million of them outlast any request
    // (where nothing runs after it, the next scheduled `mail:send` carries on).
    const drops = deps.drops
    setImmediate(
      () => void drops.notifyNotWon(body.drop, now).catch((error: unknown) => deps.logError("drops: could not queue the not-this-time emails", error)),
    )
    return answer(200, { ok: true, winners: won, notified: drawn.notified })
  }
  return reject(400, '"action" must be "commit", "review" or "draw"')
})

/** /api/owner/drops: a POST acts, anything else reads (and is answered as reading answers it). */
export const handleOwnerDrops = (request: ApiRequest, deps: Parameters<typeof handleOwnerDropsRequest>[1]): Promise<ApiAnswer> =>
  request.method?.toUpperCase() === "POST" ? handleOwnerDropActionRequest(request, deps) : handleOwnerDropsRequest(request, deps)

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
import { isObject, admit, answer, guarded, isAnswer, readJson, behindBotCheck, refuse, wrongMethod } from "./kit"
import type { ErrorCode } from "../../signup/errors"
import type { ApiAnswer, ApiRequest, HandlerDependencies } from "./kit"
import { ownerEndpoint } from "./owner-handler"
import { OWNER_PAGE_ACTOR } from "../../signup/owner-summary"
import type { DrawAnswer, EnterAnswer } from "../drop/service"
import { signalNetwork } from "./client-address"

/** What entering answers, for each outcome but success. */
const ENTER_REFUSALS: Record<Exclude<EnterAnswer["kind"], "entered" | "notOpen">, ErrorCode> = {
  unknownDrop: "drop_unknown",
  unknownSize: "size_unknown",
  closed: "entries_closed",
  unknown: "status_link_unknown",
  expired: "status_link_expired",
  notConfirmed: "entry_not_confirmed",
  held: "entry_held",
  notCommitted: "draw_not_set_up",
}

/** GET /api/drop?drop=ID */
export function handleDropRequest(request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> {
  return guarded(deps, async () => {
    const service = await admit(request, deps, "read")
    if (isAnswer(service)) return service
    if (request.method?.toUpperCase() !== "GET") return wrongMethod(request.method, "look up a drop", "GET")
    if (!deps.drops) return refuse("drops_not_kept")
    const record = await deps.drops.record(request.query.get("drop"), deps.now())
    return record ? answer(200, { ...record }) : refuse("drop_unknown")
  })
}

/** Whether a request takes a gzip-encoded answer (Accept-Encoding names gzip, or *, without q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  return String(header ?? "")
    .split(",")
    .some((part) => {
      const [coding, ...parameters] = part.trim().toLowerCase().split(";")
      return (coding === "gzip" || coding === "*") && !parameters.some((parameter) => /^\s*q=0(?:\.0*)?\s*$/.test(parameter))
    })
}

/** GET /api/drop/entries?drop=ID: the very text the published list hash covers. */
export function handleDropEntriesRequest(request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> {
  return guarded(deps, async () => {
    const service = await admit(request, deps, "read")
    if (isAnswer(service)) return service
    if (request.method?.toUpperCase() !== "GET") return wrongMethod(request.method, "download the entry list", "GET")
    if (!deps.drops) return refuse("drops_not_kept")
    const now = deps.now()
    const id = request.query.get("drop")
    if (!(await deps.drops.record(id, now))) return refuse("drop_unknown")
    const file = await deps.drops.entryListFile(id, now)
    if (!file) return refuse("entry_list_not_published")
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
}

/** POST /api/drop/enter */
export function handleDropEnterRequest(request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> {
  return guarded(deps, async () => {
    const service = await admit(request, deps)
    if (isAnswer(service)) return service
    const json = await readJson(request, "enter the drop", "token, drop and size")
    if (json.kind === "rejected") return json.answer
    const body = isObject(json.value) ? json.value : {}
    const { token, drop, size } = body
    if (typeof token !== "string") return refuse("body_invalid", { values: { expected: 'the "token" from your status link' } })
    if (typeof drop !== "string") return refuse("drop_invalid")
    if (size !== null && typeof size !== "string") return refuse("size_invalid")
    const drops = deps.drops
    if (!drops) return refuse("drops_not_kept")
    return behindBotCheck(body, deps, async () => {
      const entered = await drops.enter(token, drop, size, deps.now(), signalNetwork(request.clientKey))
      if (entered.kind === "entered")
        return answer(200, { ok: true, drop, size: entered.size, tickets: entered.tickets, entryId: entered.entryId, review: entered.review })
      if (entered.kind === "notOpen") return refuse("entries_not_open", { values: { opensAt: entered.opensAt } })
      return refuse(ENTER_REFUSALS[entered.kind])
    })
  })
}

/** GET /api/owner/drops: every drop content declares, with its public record and entries per size and day. */
export const handleOwnerDropsRequest = ownerEndpoint(
  "GET",
  "read the drops",
  async (_request, deps) => {
    if (!deps.drops) return refuse("drops_not_kept")
    return answer(200, { drops: await deps.drops.overview(deps.now()) })
  },
  "GET, POST",
)

/** What the draw answers, for each outcome but success: a status, and words the owner can act on. */
function drawRefusal(drawn: Exclude<DrawAnswer, { kind: "drawn" }>): ApiAnswer {
  switch (drawn.kind) {
    case "unknownDrop":
      return refuse("drop_unknown")
    case "notCommitted":
      return refuse("seed_not_committed")
    case "commitmentDiffers":
      return refuse("commitment_not_built")
    case "notClosed":
      return refuse("draw_too_early", { values: { closesAt: drawn.closesAt } })
    case "alreadyDrawn":
      return refuse("already_drawn")
    case "noSeed":
      return refuse("seed_not_kept")
    case "seedMismatch":
      return refuse("seed_mismatch")
    case "beaconNotYet":
      return refuse("beacon_not_yet", { values: { round: drawn.round, at: drawn.at }, body: { round: drawn.round, at: drawn.at } })
    case "beaconUnreachable":
      return refuse("beacon_unreachable", { values: { round: drawn.round }, body: { round: drawn.round }, headers: { "Retry-After": "60" } })
    case "beaconInvalid":
      return refuse("beacon_invalid", { values: { round: drawn.round }, body: { round: drawn.round } })
  }
}

const ENTRY_CODE = /^[a-z2-7]{16}$/
/** Entries one review may decide at once. */
const MAX_REVIEWED = 10_000

/** POST /api/owner/drops `{ action: "commit" | "draw" | "review", drop, seed?, beacon?, entries?, decision? }` */
export const handleOwnerDropActionRequest = ownerEndpoint("POST", "commit to, review or draw a drop", async (request, deps) => {
  if (!deps.drops) return refuse("drops_not_kept")
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
        return refuse("drop_unknown")
      case "alreadyCommitted":
        return refuse("seed_committed")
      case "notReplaceable":
        return refuse("window_changed")
      case "tooLate":
        return refuse("window_opened")
      case "committed":
        await deps.store?.recordAudit({ actor: OWNER_PAGE_ACTOR, action: "drop commitment", count: 1, detail: String(body.drop) }, now)
        return answer(200, { ok: true, seed: committed.seed, commitment: committed.commitment, seedKept: committed.seedFile !== null })
    }
  }
  if (body.action === "review") {
    const { entries, decision } = body
    if (decision !== "letIn" && decision !== "leaveOut") return refuse("review_decision_invalid")
    if (
      !Array.isArray(entries) ||
      entries.length === 0 ||
      entries.length > MAX_REVIEWED ||
      !entries.every((code) => typeof code === "string" && ENTRY_CODE.test(code))
    )
      return refuse("review_entries_invalid", { values: { max: MAX_REVIEWED } })
    const changed = await deps.drops.review(body.drop, entries as string[], decision, now)
    if (changed === null) return refuse("review_closed")
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
  return refuse("drop_action_invalid")
})

/** /api/owner/drops: a POST acts, anything else reads (and a method it takes neither way is answered 405 with both). */
export function handleOwnerDrops(request: ApiRequest, deps: Parameters<typeof handleOwnerDropsRequest>[1]): Promise<ApiAnswer> {
  return request.method?.toUpperCase() === "POST" ? handleOwnerDropActionRequest(request, deps) : handleOwnerDropsRequest(request, deps)
}

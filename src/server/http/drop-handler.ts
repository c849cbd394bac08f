/**
 * The drop's HTTP endpoints, without a framework (as src/server/http/waitlist-handler.ts):
 *
 *   GET  /api/drop?drop=ID           the drop's public record (PublishedDrop, src/drop/contract.ts)
 *   GET  /api/drop/entries?drop=ID   the frozen entry list as published (text/plain), from close
 *   POST /api/drop/enter { token, drop, size, altcha? }   enter, change the size, or withdraw (size null):
 *                                    { ok, drop, size, tickets, entryId } (the entry's number in the published list)
 *   GET  /api/owner/drops            every drop with its state, entries per size and day (owner)
 *   POST /api/owner/drops { action: "commit" | "draw", drop, seed? }   (owner)
 */
import {
  isObject,
  admit,
  answer,
  guarded,
  isAnswer,
  readJson,
  behindBotCheck,
  reject,
  STATUS_LINK_EXPIRED_MESSAGE,
  STATUS_LINK_UNKNOWN_MESSAGE,
} from "./waitlist-handler"
import type { ApiAnswer, ApiRequest, HandlerDependencies } from "./waitlist-handler"
import { ownerEndpoint } from "./owner-handler"
import { OWNER_PAGE_ACTOR } from "../../signup/owner-summary"
import type { EnterAnswer } from "../drop/service"

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
    const text = await deps.drops.entryList(id, now)
    if (text === null) return reject(409, NOT_FROZEN_MESSAGE)
    return {
      status: 200,
      // Frozen for good: any cache may keep it.
      headers: { "Cache-Control": "public, max-age=3600", "Content-Type": "text/plain; charset=utf-8" },
      body: {},
      stream: (async function* () {
        yield text
      })(),
    }
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
      const entered = await drops.enter(token, drop, size, deps.now())
      if (entered.kind === "entered") return answer(200, { ok: true, drop, size: entered.size, tickets: entered.tickets, entryId: entered.entryId })
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

/** POST /api/owner/drops `{ action: "commit" | "draw", drop, seed? }` */
export const handleOwnerDropActionRequest = ownerEndpoint("POST", "commit to or draw a drop", async (request, deps) => {
  if (!deps.drops) return reject(503, NO_DROPS_MESSAGE)
  const json = await readJson(request, "commit to or draw a drop", "action and drop")
  if (json.kind === "rejected") return json.answer
  const body = isObject(json.value) ? json.value : {}
  const seed = typeof body.seed === "string" && body.seed.trim() !== "" ? body.seed : null
  const now = deps.now()
  if (body.action === "commit") {
    const committed = await deps.drops.commit(body.drop, now)
    switch (committed.kind) {
      case "unknownDrop":
        return reject(404, UNKNOWN_DROP_MESSAGE)
      case "alreadyCommitted":
        return reject(409, "This drop's seed was committed already")
      case "tooLate":
        return reject(409, "The seed is committed before entries open: this drop's window has opened")
      case "committed":
        await deps.store?.recordAudit({ actor: OWNER_PAGE_ACTOR, action: "drop commitment", count: 1, detail: String(body.drop) }, now)
        return answer(200, { ok: true, seed: committed.seed, seedHash: committed.seedHash, seedKept: committed.seedFile !== null })
    }
  }
  if (body.action === "draw") {
    const drawn = await deps.drops.draw(body.drop, seed, now)
    switch (drawn.kind) {
      case "unknownDrop":
        return reject(404, UNKNOWN_DROP_MESSAGE)
      case "notCommitted":
        return reject(409, "This drop has no committed seed, so it cannot be drawn")
      case "notClosed":
        return reject(409, `The draw runs after entries close, at ${drawn.closesAt}`)
      case "alreadyDrawn":
        return reject(409, "This drop was drawn already")
      case "noSeed":
        return reject(400, "The seed is not kept on this server: paste the seed you saved when you committed")
      case "seedMismatch":
        return reject(400, "That seed does not match the hash published before entries opened")
      case "drawn": {
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
    }
  }
  return reject(400, '"action" must be "commit" or "draw"')
})

/** /api/owner/drops: a POST acts, anything else reads (and is answered as reading answers it). */
export const handleOwnerDrops = (request: ApiRequest, deps: Parameters<typeof handleOwnerDropsRequest>[1]): Promise<ApiAnswer> =>
  request.method?.toUpperCase() === "POST" ? handleOwnerDropActionRequest(request, deps) : handleOwnerDropsRequest(request, deps)

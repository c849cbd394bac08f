/**
 * POST /api/visit: a page view from the site's beacon (src/lib/visit-beacon.ts), counted and
 * forgotten. The body is checked strictly (src/signup/visit.ts) and small; the answer is 204,
 * counted or not, at once. Views from known bots (the kept `isbot` library, on the User-Agent)
 * are not counted; the User-Agent, the address and everything else about the sender is never
 * kept. A client has a budget of its own for views, in this process's memory, apart from the
 * signup limits: a flood costs a lookup per request and a counter per batch.
 *
 * The body is JSON sent as text/plain (what `navigator.sendBeacon` sends for a string): a type
 * that needs no CORS preflight when the service is on another origin than the site.
 */
import { isbot } from "isbot"
import { checkVisitBeacon, isCountedPath, MAX_VISIT_BYTES } from "../../signup/visit"
import type { VisitCounter } from "../store/visit-counter"
import type { RateLimiter } from "./rate-limit"
import { answer, checkMethod, guarded, parseJsonBody, refuse, tooLarge, tooManyRequests, wrongMediaType, type ApiAnswer, type ApiRequest } from "./kit"

/** Views per client per window, as a multiple of the write budget (SIGNUP_RATE_LIMIT): a person reading the site sends a few a minute. */
export const VISIT_BUDGET = 12

export interface VisitDependencies {
  /** Counts views; null where none are counted (VISIT_COUNTING=off, or nowhere to keep them). */
  visits: Pick<VisitCounter, "count"> | null
  /** Views per client (in memory, never the database: a flood must cost little). */
  limiter: Pick<RateLimiter, "hit">
  now(): Date
  logError(message: string, error: unknown): void
}

const COUNTED = answer(204, {})

const TOO_LARGE = tooLarge(`a page view is at most ${MAX_VISIT_BYTES} bytes`)

/** The media types a view comes as: text/plain from the beacon, application/json from anything else. */
const VISIT_TYPES = new Set(["text/plain", "application/json"])

export function handleVisitRequest(request: ApiRequest, deps: VisitDependencies): Promise<ApiAnswer> {
  return guarded(deps, async () => {
    const wrongMethod = checkMethod(request.method, "POST", "count a page view")
    if (wrongMethod) return wrongMethod
    const decision = await deps.limiter.hit(`visit: ${request.clientKey}`)
    if (!decision.allowed) return tooManyRequests(decision.retryAfterSeconds)
    const mediaType = request.headers["content-type"]?.split(";")[0].trim().toLowerCase() ?? ""
    if (!VISIT_TYPES.has(mediaType)) return wrongMediaType("text/plain or application/json", mediaType)
    if (Number(request.headers["content-length"]) > MAX_VISIT_BYTES) return TOO_LARGE
    let body
    try {
      body = await request.readBody(MAX_VISIT_BYTES)
    } catch {
      return refuse("body_incomplete")
    }
    if (body.kind === "tooLarge" || (body.kind === "bytes" && body.bytes.length > MAX_VISIT_BYTES)) return TOO_LARGE
    const json = parseJsonBody(body, "the page's path")
    if (json.kind === "rejected") return json.answer
    const visit = checkVisitBeacon(json.value)
    if (typeof visit === "string") return refuse("visit_invalid", { values: { problem: visit } })
    // Answered as any view is: a bot learns nothing from the answer.
    const userAgent = request.headers["user-agent"]
    if (!deps.visits || !userAgent || isbot(userAgent) || !isCountedPath(visit.path)) return COUNTED
    await deps.visits.count(visit, deps.now())
    return COUNTED
  })
}

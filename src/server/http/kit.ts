/**
 * http/: requests in, answers out. The HTTP kit (this file), the handlers per concern
 * (signup-handler.ts, status-handler.ts, invite-handler.ts, owner-handler.ts, drop-handler.ts,
 * visit-handler.ts), the route table (routes.ts), the bot gate, rate limits, the client's address,
 * and the glue for Gatsby Functions. They call the rules in waitlist/ and drop/ and never write
 * SQL; runtime/ and prod/ wire them.
 *
 * The kit: what every endpoint does without a framework. It reads and checks a request (method,
 * media type, size, JSON), counts it against the rate limits, and shapes the answer
 * (`{ status, headers, body }`). The Gatsby Functions and the production server both call the
 * handlers, so neither repeats a rule. Checks are pure; the service, rate limiting, the clock and
 * body reading come in as dependencies, so every answer is tested without a server.
 *
 * Secrets travel in bodies, never in addresses: an access log keeps addresses. The one exception
 * is the one-click unsubscribe link, whose form RFC 8058 fixes; its tokens expire.
 */
import type { IncomingHttpHeaders } from "node:http"
import type { Readable } from "node:stream"
import { checkSolution, SOLUTION_FIELD, type BotCheckMode, type SolutionCheck } from "./bot-check"
import type { RateLimiter } from "./rate-limit"
import type { ChallengeVerdict } from "../store/store"
import type { SignupService } from "../waitlist/service"
import { isStoreUnavailable } from "../store/database"
import { networkKey } from "./client-address"
import type { DropService } from "../drop/service"
import type { WrongTryLog } from "./wrong-try-log"
import { API_ERRORS, errorMessage, type ErrorCode } from "../../signup/errors"

export interface ApiAnswer {
  status: number
  headers: Record<string, string>
  body: Record<string, unknown>
  /** A body that is not JSON (the owner's CSV export, a drop's entry list), sent as it is produced; `body` is then unused. */
  stream?: AsyncIterable<string | Uint8Array>
}

export function answer(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): ApiAnswer {
  return {
    status,
    // Answers depend on what is stored; no cache may keep one.
    headers: { "Cache-Control": "no-store", ...headers },
    body,
  }
}

/** What fills a refusal's sentence (`{name}` in the catalogue), its headers, and anything its body carries besides `{ error, code }`. */
export interface RefusalParts {
  values?: Record<string, string | number>
  headers?: Record<string, string>
  body?: Record<string, unknown>
}

/** A refusal from the catalogue (src/signup/errors.ts): its status, and `{ error, code }`. */
export function refuse(code: ErrorCode, { values, headers = {}, body = {} }: RefusalParts = {}): ApiAnswer {
  return answer(API_ERRORS[code].status, { ...body, error: errorMessage(code, values), code }, headers)
}

/** The one answer to a client over its limit. */
export function tooManyRequests(retryAfterSeconds: number): ApiAnswer {
  return refuse("rate_limited", { values: { seconds: retryAfterSeconds }, headers: { "Retry-After": String(retryAfterSeconds) } })
}

/** Our client sends a few hundred bytes; anything near this is not a real request. */
export const MAX_BODY_BYTES = 4096

/** What reading the request body gave. */
export type BodyRead =
  | { kind: "bytes"; bytes: Uint8Array }
  /** A host or parser before us already turned the body into a value. */
  | { kind: "parsed"; value: unknown }
  | { kind: "tooLarge" }

/** The 413 of a body over `limit` (how the limit is said); we stop reading it, so the connection cannot be reused. */
export function tooLarge(limit: string): ApiAnswer {
  return refuse("body_too_large", { values: { limit }, headers: { Connection: "close" } })
}

export const TOO_LARGE = tooLarge(`the limit is ${MAX_BODY_BYTES} bytes`)

/** The 405 of a method an endpoint does not take: `allowed` is its Allow header. */
export function wrongMethod(method: string | undefined, what: string, allowed: string): ApiAnswer {
  return refuse("method_not_allowed", { values: { method: method ?? "(none)", what, allowed }, headers: { Allow: allowed } })
}

export function checkMethod(method: string | undefined, allowed: "GET" | "POST", what: string): ApiAnswer | null {
  return method?.toUpperCase() === allowed ? null : wrongMethod(method, what, allowed)
}

/** The 415 of a media type an endpoint does not take; `expected` says which it takes. */
export function wrongMediaType(expected: string, got: string | undefined): ApiAnswer {
  return refuse("unsupported_media_type", { values: { expected, got: got ? `"${got}"` : "none" } })
}

export function checkContentType(contentType: string | undefined): ApiAnswer | null {
  // "application/json; charset=utf-8" is fine: compare the media type only.
  const mediaType = contentType?.split(";")[0].trim().toLowerCase()
  return mediaType === "application/json" ? null : wrongMediaType("application/json", contentType)
}

/** Rejects a body announced as too large before reading any of it. */
export function checkDeclaredLength(contentLength: string | undefined): ApiAnswer | null {
  const length = Number(contentLength)
  return contentLength !== undefined && Number.isFinite(length) && length > MAX_BODY_BYTES ? TOO_LARGE : null
}

export type JsonRead = { kind: "rejected"; answer: ApiAnswer } | { kind: "json"; value: unknown }

/** One decoder for every request: each `decode` call without streaming starts afresh. */
const UTF8 = new TextDecoder("utf-8", { fatal: true })

function rejectedWith(code: ErrorCode, values?: Record<string, string>): JsonRead {
  return { kind: "rejected", answer: refuse(code, { values }) }
}

/** The body as read, as JSON: size, text encoding, syntax. `expected` says what it should hold. */
export function parseJsonBody(body: BodyRead, expected: string): JsonRead {
  if (body.kind === "tooLarge") return { kind: "rejected", answer: TOO_LARGE }
  if (body.kind === "parsed") {
    return typeof body.value === "string"
      ? parseJsonBody({ kind: "bytes", bytes: Buffer.from(body.value, "utf8") }, expected)
      : { kind: "json", value: body.value }
  }
  if (body.bytes.length > MAX_BODY_BYTES) return { kind: "rejected", answer: TOO_LARGE }
  let text: string
  try {
    text = UTF8.decode(body.bytes)
  } catch {
    return rejectedWith("body_not_utf8")
  }
  if (text.trim() === "") return rejectedWith("body_empty", { expected })
  try {
    return { kind: "json", value: JSON.parse(text) }
  } catch {
    return rejectedWith("body_not_json")
  }
}
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/**
 * Reads a request body of at most `maxBytes`. Stops reading as soon as it is larger, so an
 * oversized body costs no more than `maxBytes` of memory.
 */
export function readRequestBody(request: Readable & { body?: unknown }, maxBytes: number): Promise<BodyRead> {
  // Something before us (a matching body parser, a host adapter) consumed the stream already.
  if (request.readableEnded) {
    const { body } = request
    if (body instanceof Uint8Array) return Promise.resolve({ kind: "bytes", bytes: body })
    if (body === undefined || body === null) return Promise.resolve({ kind: "bytes", bytes: new Uint8Array() })
    return Promise.resolve({ kind: "parsed", value: body })
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stopListening = (): void => {
      request.off("data", onData)
      request.off("end", onEnd)
      request.off("error", onError)
      request.off("close", onClose)
    }
    const onData = (chunk: Buffer | string): void => {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk
      size += bytes.length
      if (size > maxBytes) {
        stopListening()
        request.pause()
        // The unread rest may still fail; without a listener that error would crash the server.
        request.on("error", () => undefined)
        resolve({ kind: "tooLarge" })
        return
      }
      chunks.push(bytes)
    }
    const onEnd = (): void => {
      stopListening()
      resolve({ kind: "bytes", bytes: Buffer.concat(chunks) })
    }
    const onError = (error: Error): void => {
      stopListening()
      reject(error)
    }
    const onClose = (): void => {
      stopListening()
      reject(new Error("The request closed before its body was complete"))
    }
    request.on("data", onData)
    request.on("end", onEnd)
    request.on("error", onError)
    request.on("close", onClose)
  })
}

export interface ApiRequest {
  method: string | undefined
  headers: IncomingHttpHeaders
  /** The query string's parameters (the status page's token). */
  query: URLSearchParams
  /** Who sent it, for rate limiting (see client-address.ts). */
  clientKey: string
  readBody(maxBytes: number): Promise<BodyRead>
}

export interface HandlerDependencies {
  /** The service, or why it cannot take signups here (a host without storage). */
  service: SignupService | { unavailable: string }
  /** Writes (signup, confirm, resend, leave) per client. */
  rateLimiter: Pick<RateLimiter, "hit">
  /**
   * Reads (a status page, an invitation, a challenge) and one-click unsubscribes per client: a
   * larger budget than writes (READ_BUDGET), so readers behind one school or carrier address are
   * not held back by its writers. None: they count against `rateLimiter`.
   */
  readLimiter?: Pick<RateLimiter, "hit">
  /**
   * Writes per network (an IPv4 /24, an IPv6 /48) on top of the per-client limit (an IPv4 address, an IPv6 /64)
   * (NETWORK_BUDGET): a pool of addresses in one block cannot outrun it. None: no network limit.
   */
  networkLimiter?: Pick<RateLimiter, "hit">
  now(): Date
  logError(message: string, error: unknown): void
  /** The shop's secret for redeeming invitations (INVITE_API_TOKEN); without it that endpoint is not there. */
  inviteApiToken?: string
  /** The bot check in front of signup, resend and entering a drop (see bot-check.ts); none: off. */
  botCheck?: BotCheck
  /** The drops (src/server/drop/); none where signups cannot be kept. */
  drops?: DropService | null
  /** Where wrong secrets are logged, once per client and window (see secret-gate.ts); none: one made per `logError`. */
  wrongTryLog?: WrongTryLog
}

export interface BotCheck {
  mode: BotCheckMode
  secret: string
  /** Takes a passed solution once and counts the outcome (the store's `checkChallenge`). */
  record(check: SolutionCheck & { enforce: boolean }, now: Date): Promise<ChallengeVerdict>
}

/**
 * Runs `work` behind the bot check of a request's body. Every check is recorded, so monitor
 * shows what enforce would refuse. In enforce the record decides (a solution is taken once), so
 * it is written first and a refusal is a 403. In monitor it changes no answer, so it is written
 * beside the work, with SQLite in the same commit more often than not, instead of a commit ahead
 * of it; the answer waits for both, and a count that could not be written is logged.
 */
export async function behindBotCheck(body: unknown, deps: HandlerDependencies, work: () => Promise<ApiAnswer>): Promise<ApiAnswer> {
  const gate = deps.botCheck
  if (!gate || gate.mode === "off") return work()
  const now = deps.now()
  const found = await checkSolution(isObject(body) ? body[SOLUTION_FIELD] : undefined, gate.secret, now)
  const recorded = gate.record({ ...found, enforce: gate.mode === "enforce" }, now)
  if (gate.mode === "enforce") return (await recorded) === "passed" ? work() : refuse("bot_check_failed")
  const [answered] = await Promise.all([work(), recorded.catch((error: unknown) => deps.logError("bot check: a check could not be counted", error))])
  return answered
}

/** The service, or the 503 that says why there is none here. */
export function available(deps: HandlerDependencies): ApiAnswer | SignupService {
  if ("unavailable" in deps.service) {
    deps.logError("signups: refused, nowhere to keep them:", deps.service.unavailable)
    return refuse("signups_unavailable", { values: { reason: deps.service.unavailable } })
  }
  return deps.service
}

/** The buckets a request counts against: the client's, and for a write its network's as well. */
function bucketsFor(request: ApiRequest, deps: HandlerDependencies, access: "read" | "write" | "unsubscribe"): Array<[Pick<RateLimiter, "hit">, string]> {
  if (access !== "write") return [[deps.readLimiter ?? deps.rateLimiter, `${access}: ${request.clientKey}`]]
  return [
    [deps.rateLimiter, request.clientKey],
    ...(deps.networkLimiter ? [[deps.networkLimiter, `network: ${networkKey(request.clientKey)}`] as [Pick<RateLimiter, "hit">, string]] : []),
  ]
}

/** Counts a request against its buckets: null to go on, or the 429 of the first that is empty. */
export async function overLimit(request: ApiRequest, deps: HandlerDependencies, access: "read" | "write" | "unsubscribe"): Promise<ApiAnswer | null> {
  for (const [limiter, key] of bucketsFor(request, deps, access)) {
    const decision = await limiter.hit(key)
    if (!decision.allowed) return tooManyRequests(decision.retryAfterSeconds)
  }
  return null
}

/** What every endpoint does first: the client's rate limits, then the service's availability. */
export async function admit(request: ApiRequest, deps: HandlerDependencies, access: "read" | "write" = "write"): Promise<ApiAnswer | SignupService> {
  // Every request counts towards the limit, wrong ones too: they cost us work as well. A limit
  // that cannot be checked fails the request as an unreachable store does (see `guarded`).
  return (await overLimit(request, deps, access)) ?? available(deps)
}

export function isAnswer(value: ApiAnswer | SignupService): value is ApiAnswer {
  return "status" in value && "body" in value
}

/** Reads a POST's JSON body, or the answer that refuses it. */
export async function readJson(request: ApiRequest, what: string, expected: string): Promise<JsonRead> {
  const headProblem =
    checkMethod(request.method, "POST", what) ?? checkContentType(request.headers["content-type"]) ?? checkDeclaredLength(request.headers["content-length"])
  if (headProblem) return { kind: "rejected", answer: headProblem }
  try {
    return parseJsonBody(await request.readBody(MAX_BODY_BYTES), expected)
  } catch {
    return rejectedWith("body_incomplete")
  }
}

/**
 * Runs an endpoint; a database out of reach is a 503 with Retry-After (the client may send again),
 * any other failure a 500, each with a JSON reason, never a crash.
 */
export async function guarded(deps: Pick<HandlerDependencies, "logError">, work: () => Promise<ApiAnswer>): Promise<ApiAnswer> {
  try {
    return await work()
  } catch (error) {
    deps.logError("signups: could not handle a request", error)
    if (isStoreUnavailable(error)) return refuse("store_unavailable", { headers: { "Retry-After": String(error.retryAfterSeconds) } })
    return refuse("server_error")
  }
}

/** The secret of a POST's JSON body (`{ token }`, `{ code }`), or the answer that refuses the request. */
export async function secretFromJson(
  request: ApiRequest,
  what: string,
  link: string,
  field: "token" | "code" = "token",
): Promise<ApiAnswer | { secret: string }> {
  const json = await readJson(request, what, `the ${field} from ${link}`)
  if (json.kind === "rejected") return json.answer
  if (!isObject(json.value) || typeof json.value[field] !== "string") return refuse("body_invalid", { values: { expected: `the "${field}" from ${link}` } })
  return { secret: json.value[field] }
}

/**
 * What an endpoint that acts on a link's secret does first: `admit` (a write unless said), then
 * `secretFromJson` (a token unless said). The service and the secret, or the answer that refuses the request.
 */
export async function admitWithSecret(
  request: ApiRequest,
  deps: HandlerDependencies,
  what: string,
  link: string,
  { access = "write", field = "token" }: { access?: "read" | "write"; field?: "token" | "code" } = {},
): Promise<ApiAnswer | { service: SignupService; secret: string }> {
  const service = await admit(request, deps, access)
  if (isAnswer(service)) return service
  const read = await secretFromJson(request, what, link, field)
  if ("status" in read) return read
  return { service, secret: read.secret }
}

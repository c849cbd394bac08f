/**
 * http/: requests in, answers out. The handlers (this one, owner-handler.ts, drop-handler.ts),
 * the bot gate, rate limits, the client's address, and the glue for Gatsby Functions. They call
 * the rules in waitlist/ and drop/ and never write SQL; runtime/ and prod/ wire them.
 *
 * The signup service's HTTP endpoints without a framework: checks a request and turns it into
 * an answer (`{ status, headers, body }`). The Gatsby Functions and the production server both
 * call these, so neither repeats a rule. Checks are pure; the service, rate limiting, the clock
 * and body reading come in as dependencies, so every answer is tested without a server.
 *
 *   POST /api/signup       { email, source, timestamp, referralCode?, utm?, consent?, altcha? }
 *   POST /api/confirm      { token }
 *   POST /api/resend       { email, altcha? }
 *   GET  /api/challenge    (the bot check's proof-of-work challenge, see bot-check.ts)
 *   POST /api/waitlist    { token }   (the status page: where a signup stands)
 *   POST /api/leave        { token }   (a status token: "Leave the list" on the status page)
 *   POST /api/unsubscribe?token=...   List-Unsubscribe=One-Click (RFC 8058), or { token } as JSON
 *   POST /api/invite      { code }    (the invitation page: valid, redeemed, expired or unknown)
 *
 * Secrets travel in bodies, never in addresses: an access log keeps addresses. The one exception
 * is the one-click unsubscribe link, whose form RFC 8058 fixes; its tokens expire.
 *   POST /api/invite/redeem { code }  (the shop, with Authorization: Bearer INVITE_API_TOKEN)
 */
import type { IncomingHttpHeaders } from "node:http"
import type { Readable } from "node:stream"
import { isValidEmail } from "../../signup/rules"
import { isHoneypotFilled, signupRequestSchema, type SignupFields } from "../../signup/schema"
import { CHALLENGE_REFUSED_MESSAGE, checkSolution, newChallenge, SOLUTION_FIELD, type BotCheckMode, type SolutionCheck } from "./bot-check"
import type { RateLimiter } from "./rate-limit"
import type { ChallengeVerdict } from "../store/challenges"
import type { SignupService } from "../waitlist/service"
import { isStoreUnavailable } from "../store/database"
import { networkKey, signalNetwork } from "./client-address"
import type { DropService } from "../drop/service"
import { secretGate, type WrongTryLog } from "./secret-gate"
import { answer, reject, tooManyRequests, type ApiAnswer } from "./answers"

export { answer, reject, tooManyRequests, type ApiAnswer } from "./answers"

/** Our client sends a few hundred bytes; anything near this is not a real request. */
export const MAX_BODY_BYTES = 4096

export const SERVER_ERROR_MESSAGE = "The signup service had a problem on our side: please try again later"

export const STATUS_LINK_UNKNOWN_MESSAGE = "This status link is not known: check that the whole link was opened"

/** An old status link: it shows and erases no one, and a fresh one comes by email. */
export const STATUS_LINK_EXPIRED_MESSAGE = "This status link has expired: ask for a fresh one by email"

/** Said while the database is out of reach: nothing was stored, and sending again is safe. */
export const STORE_UNAVAILABLE_MESSAGE = "The signup list can't be reached right now: please try again in a moment"

/** What reading the request body gave. */
export type BodyRead =
  | { kind: "bytes"; bytes: Uint8Array }
  /** A host or parser before us already turned the body into a value. */
  | { kind: "parsed"; value: unknown }
  | { kind: "tooLarge" }

const TOO_LARGE = reject(413, `Request body is too large: the limit is ${MAX_BODY_BYTES} bytes`, {
  // We stop reading an oversized body, so the connection cannot be reused.
  Connection: "close",
})

export const checkMethod = (method: string | undefined, allowed: "GET" | "POST", what: string): ApiAnswer | null =>
  method?.toUpperCase() === allowed ? null : reject(405, `Method ${method ?? "(none)"} is not allowed: ${what} with ${allowed}`, { Allow: allowed })

export const checkContentType = (contentType: string | undefined): ApiAnswer | null => {
  // "application/json; charset=utf-8" is fine: compare the media type only.
  const mediaType = contentType?.split(";")[0].trim().toLowerCase()
  return mediaType === "application/json" ? null : reject(415, `Content-Type must be application/json, got ${contentType ? `"${contentType}"` : "none"}`)
}

/** Rejects a body announced as too large before reading any of it. */
export const checkDeclaredLength = (contentLength: string | undefined): ApiAnswer | null => {
  const length = Number(contentLength)
  return contentLength !== undefined && Number.isFinite(length) && length > MAX_BODY_BYTES ? TOO_LARGE : null
}

type JsonRead = { kind: "rejected"; answer: ApiAnswer } | { kind: "json"; value: unknown }

/** One decoder for every request: each `decode` call without streaming starts afresh. */
const UTF8 = new TextDecoder("utf-8", { fatal: true })

const rejectedWith = (status: number, error: string): JsonRead => ({ kind: "rejected", answer: reject(status, error) })

/** The body as read, as JSON: size, text encoding, syntax. `expected` says what it should hold. */
export const parseJsonBody = (body: BodyRead, expected: string): JsonRead => {
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
    return rejectedWith(400, "Request body must be UTF-8 text")
  }
  if (text.trim() === "") return rejectedWith(400, `Request body is empty: send a JSON object with ${expected}`)
  try {
    return { kind: "json", value: JSON.parse(text) }
  } catch {
    return rejectedWith(400, "Request body is not valid JSON")
  }
}

export type SignupCheck =
  | { kind: "rejected"; answer: ApiAnswer }
  /** The honeypot was filled: answer as if subscribed, store nothing. */
  | { kind: "honeypot" }
  | { kind: "signup"; signup: SignupFields }

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

/** Checks a signup's fields against the shared schema. Unknown extra fields are ignored. */
export const checkSignupFields = (value: unknown): SignupCheck => {
  if (isObject(value) && isHoneypotFilled(value)) return { kind: "honeypot" }
  const result = signupRequestSchema.safeParse(value)
  // The first problem, in field order, is the one the sender fixes first.
  if (!result.success) return { kind: "rejected", answer: reject(400, result.error.issues[0].message) }
  const { email, source, timestamp, referralCode, utm, consent } = result.data
  return { kind: "signup", signup: { email, source, timestamp, referralCode, utm, consent } }
}

/** Checks the body as read: size, text encoding, JSON, then the fields. */
export const checkSignupBody = (body: BodyRead): SignupCheck => {
  const json = parseJsonBody(body, "email, source and timestamp")
  return json.kind === "rejected" ? json : checkSignupFields(json.value)
}

/**
 * Reads a request body of at most `maxBytes`. Stops reading as soon as it is larger, so an
 * oversized body costs no more than `maxBytes` of memory.
 */
export const readRequestBody = (request: Readable & { body?: unknown }, maxBytes: number): Promise<BodyRead> => {
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
export const behindBotCheck = async (body: unknown, deps: HandlerDependencies, work: () => Promise<ApiAnswer>): Promise<ApiAnswer> => {
  const gate = deps.botCheck
  if (!gate || gate.mode === "off") return work()
  const now = deps.now()
  const found = await checkSolution(isObject(body) ? body[SOLUTION_FIELD] : undefined, gate.secret, now)
  const recorded = gate.record({ ...found, enforce: gate.mode === "enforce" }, now)
  if (gate.mode === "enforce") return (await recorded) === "passed" ? work() : reject(403, CHALLENGE_REFUSED_MESSAGE)
  const [answered] = await Promise.all([work(), recorded.catch((error: unknown) => deps.logError("bot check: a check could not be counted", error))])
  return answered
}

/** The service, or the 503 that says why there is none here. */
const available = (deps: HandlerDependencies): ApiAnswer | SignupService => {
  if ("unavailable" in deps.service) {
    deps.logError("signups: refused, nowhere to keep them:", deps.service.unavailable)
    return reject(503, deps.service.unavailable)
  }
  return deps.service
}

/** The buckets a request counts against: the client's, and for a write its network's as well. */
const bucketsFor = (request: ApiRequest, deps: HandlerDependencies, access: "read" | "write" | "unsubscribe"): Array<[Pick<RateLimiter, "hit">, string]> => {
  if (access !== "write") return [[deps.readLimiter ?? deps.rateLimiter, `${access}: ${request.clientKey}`]]
  return [
    [deps.rateLimiter, request.clientKey],
    ...(deps.networkLimiter ? [[deps.networkLimiter, `network: ${networkKey(request.clientKey)}`] as [Pick<RateLimiter, "hit">, string]] : []),
  ]
}

/** Counts a request against its buckets: null to go on, or the 429 of the first that is empty. */
const overLimit = async (request: ApiRequest, deps: HandlerDependencies, access: "read" | "write" | "unsubscribe"): Promise<ApiAnswer | null> => {
  for (const [limiter, key] of bucketsFor(request, deps, access)) {
    const decision = await limiter.hit(key)
    if (!decision.allowed) return tooManyRequests(decision.retryAfterSeconds)
  }
  return null
}

/** What every endpoint does first: the client's rate limits, then the service's availability. */
export const admit = async (request: ApiRequest, deps: HandlerDependencies, access: "read" | "write" = "write"): Promise<ApiAnswer | SignupService> => {
  // Every request counts towards the limit, wrong ones too: they cost us work as well. A limit
  // that cannot be checked fails the request as an unreachable store does (see `guarded`).
  return (await overLimit(request, deps, access)) ?? available(deps)
}

export const isAnswer = (value: ApiAnswer | SignupService): value is ApiAnswer => "status" in value && "body" in value

/** Reads a POST's JSON body, or the answer that refuses it. */
export const readJson = async (request: ApiRequest, what: string, expected: string): Promise<JsonRead> => {
  const headProblem =
    checkMethod(request.method, "POST", what) ?? checkContentType(request.headers["content-type"]) ?? checkDeclaredLength(request.headers["content-length"])
  if (headProblem) return { kind: "rejected", answer: headProblem }
  try {
    return parseJsonBody(await request.readBody(MAX_BODY_BYTES), expected)
  } catch {
    return rejectedWith(400, "Request body could not be read completely")
  }
}

/**
 * Runs an endpoint; a database out of reach is a 503 with Retry-After (the client may send again),
 * any other failure a 500, each with a JSON reason, never a crash.
 */
export const guarded = async (deps: Pick<HandlerDependencies, "logError">, work: () => Promise<ApiAnswer>): Promise<ApiAnswer> => {
  try {
    return await work()
  } catch (error) {
    deps.logError("signups: could not handle a request", error)
    if (isStoreUnavailable(error)) return reject(503, STORE_UNAVAILABLE_MESSAGE, { "Retry-After": String(error.retryAfterSeconds) })
    return reject(500, SERVER_ERROR_MESSAGE)
  }
}

/** With double opt-in, the answer to every signup: check your inbox. */
const pendingAnswer = (): ApiAnswer => answer(201, { ok: true, status: "pending" })

/** POST /api/signup */
export const handleSignupRequest = (request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> =>
  guarded(deps, async () => {
    const service = await admit(request, deps)
    if (isAnswer(service)) return service
    const json = await readJson(request, "send the signup", "email, source and timestamp")
    if (json.kind === "rejected") return json.answer
    const check = checkSignupFields(json.value)
    if (check.kind === "rejected") return check.answer
    return behindBotCheck(json.value, deps, async () => {
      // A bot gets the answer a person gets: nothing stored, nothing revealed.
      if (check.kind === "honeypot") return service.confirmsByEmail ? pendingAnswer() : answer(200, { ok: true, status: "already_subscribed" })
      const joined = await service.join(check.signup, deps.now(), signalNetwork(request.clientKey))
      switch (joined.kind) {
        case "refused":
          return reject(400, joined.message)
        case "alreadySubscribed":
          return answer(200, { ok: true, status: "already_subscribed" })
        case "pending":
          return pendingAnswer()
        case "confirmed": {
          const { kind: _kind, ...place } = joined
          return answer(201, { ok: true, status: "confirmed", ...place })
        }
      }
    })
  })

/** POST /api/confirm */
export const handleConfirmRequest = (request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> =>
  guarded(deps, async () => {
    const service = await admit(request, deps)
    if (isAnswer(service)) return service
    const json = await readJson(request, "confirm", "the token from the confirmation link")
    if (json.kind === "rejected") return json.answer
    if (!isObject(json.value) || typeof json.value.token !== "string")
      return reject(400, 'Request body must be a JSON object with the "token" from the confirmation link')
    const confirmed = await service.confirm(json.value.token, deps.now())
    switch (confirmed.kind) {
      case "unknown":
        return reject(404, "This confirmation link is not known: check that the whole link was opened")
      case "expired":
        return reject(410, "This confirmation link has expired or was already used: sign up again for a new one")
      case "confirmed": {
        const { kind: _kind, ...place } = confirmed
        return answer(200, { ok: true, status: "confirmed", ...place })
      }
    }
  })

/** POST /api/resend `{ email }`: "didn't get the email?". The same 202 whether or not the address is on the list. */
export const handleResendRequest = (request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> =>
  guarded(deps, async () => {
    const service = await admit(request, deps)
    if (isAnswer(service)) return service
    const json = await readJson(request, "ask for the link again", "the email address you signed up with")
    if (json.kind === "rejected") return json.answer
    const email = isObject(json.value) && typeof json.value.email === "string" ? json.value.email.trim() : ""
    if (!isValidEmail(email)) return reject(400, '"email" is not a valid email address')
    return behindBotCheck(json.value, deps, async () => {
      await service.resend(email, deps.now())
      return answer(202, { ok: true })
    })
  })

/** GET /api/challenge: a signed proof-of-work challenge for the forms (404 while the bot check is off). */
export const handleChallengeRequest = (request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> =>
  guarded(deps, async () => {
    const service = await admit(request, deps, "read")
    if (isAnswer(service)) return service
    const wrongMethod = checkMethod(request.method, "GET", "ask for a challenge")
    if (wrongMethod) return wrongMethod
    if (!deps.botCheck || deps.botCheck.mode === "off") return reject(404, "The bot check is off")
    return answer(200, { ...(await newChallenge(deps.botCheck.secret, deps.now())) })
  })

/** The secret of a POST's JSON body (`{ token }`, `{ code }`), or the answer that refuses the request. */
const secretFromJson = async (request: ApiRequest, what: string, link: string, field: "token" | "code" = "token"): Promise<ApiAnswer | { secret: string }> => {
  const json = await readJson(request, what, `the ${field} from ${link}`)
  if (json.kind === "rejected") return json.answer
  if (!isObject(json.value) || typeof json.value[field] !== "string") return reject(400, `Request body must be a JSON object with the "${field}" from ${link}`)
  return { secret: json.value[field] }
}

/** POST /api/waitlist `{ token }`: where the signup behind a status token stands (a read, with the read budget). */
export const handleWaitlistRequest = (request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> =>
  guarded(deps, async () => {
    const service = await admit(request, deps, "read")
    if (isAnswer(service)) return service
    const read = await secretFromJson(request, "look up a place", "your status link")
    if ("status" in read) return read
    const found = await service.status(read.secret, deps.now())
    if (found.kind === "unknown") return reject(404, STATUS_LINK_UNKNOWN_MESSAGE)
    if (found.kind === "expired") return reject(410, STATUS_LINK_EXPIRED_MESSAGE)
    const { kind: _kind, ...status } = found
    return answer(200, status)
  })

const LEFT = answer(200, { ok: true, status: "left" })

/** POST /api/leave `{ token }`: "Leave the list" on the status page, by its status token. */
export const handleLeaveRequest = (request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> =>
  guarded(deps, async () => {
    const service = await admit(request, deps)
    if (isAnswer(service)) return service
    const read = await secretFromJson(request, "leave the list", "your status link")
    if ("status" in read) return read
    const left = await service.leave(read.secret, deps.now())
    if (left.kind === "expired") return reject(410, STATUS_LINK_EXPIRED_MESSAGE)
    return left.kind === "left" ? LEFT : reject(404, STATUS_LINK_UNKNOWN_MESSAGE)
  })

/** An old email's unsubscribe link: it erases no one; the mailto address in the email's headers and a fresh status link still work. */
export const UNSUBSCRIBE_LINK_EXPIRED_MESSAGE =
  'This unsubscribe link has expired: ask for a fresh status link by email and leave from there, or reply to us with "unsubscribe"'

/** Media types a one-click unsubscribe comes as (RFC 8058 allows both). */
const ONE_CLICK_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"])

/**
 * POST /api/unsubscribe?token=...: the one-click link of every email's List-Unsubscribe header,
 * which a mailbox provider POSTs `List-Unsubscribe=One-Click` to, and our unsubscribe page's
 * button, which POSTs `{ token }` as JSON. A link used already answers "left" again.
 *
 * A GET (a link scanner, a mail client opening the header's link) never unsubscribes: it is sent
 * on to the unsubscribe page, whose button asks first. The limit is the larger one of reads, in a
 * bucket of its own: providers send every one-click unsubscribe from a few addresses of theirs.
 * An unknown token costs a read, never a write (see the store's `erase`).
 */
export const handleUnsubscribeRequest = (request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> =>
  guarded(deps, async () => {
    const limited = await overLimit(request, deps, "unsubscribe")
    if (limited) return limited
    const service = available(deps)
    if (isAnswer(service)) return service
    const method = request.method?.toUpperCase()
    const linkToken = request.query.get("token")
    if (method === "GET" || method === "HEAD") {
      // The page takes the token from the fragment, which no server sees (see links.ts).
      const page = `/unsubscribe/${linkToken === null ? "" : `#${new URLSearchParams({ token: linkToken }).toString()}`}`
      return answer(303, { page }, { Location: page })
    }
    if (method !== "POST") return reject(405, `Method ${method ?? "(none)"} is not allowed: unsubscribe with POST`, { Allow: "GET, POST" })
    const mediaType = request.headers["content-type"]?.split(";")[0].trim().toLowerCase() ?? ""
    let token: string | null = linkToken
    if (mediaType === "application/json") {
      const read = await secretFromJson(request, "unsubscribe", "the unsubscribe link")
      if ("status" in read) return read
      token = read.secret
    } else if (ONE_CLICK_TYPES.has(mediaType)) {
      // The token is in the link; the body only says "List-Unsubscribe=One-Click". It is read
      // (within the limit) so the connection stays usable, and not judged: the POST is the intent.
      const tooLarge = checkDeclaredLength(request.headers["content-length"])
      if (tooLarge) return tooLarge
      try {
        if ((await request.readBody(MAX_BODY_BYTES)).kind === "tooLarge") return TOO_LARGE
      } catch {
        return reject(400, "Request body could not be read completely")
      }
    } else {
      return reject(
        415,
        `Content-Type must be application/x-www-form-urlencoded (List-Unsubscribe=One-Click) or application/json, got ${mediaType ? `"${mediaType}"` : "none"}`,
      )
    }
    const left = await service.unsubscribe(token, deps.now())
    if (left.kind === "expired") return reject(410, UNSUBSCRIBE_LINK_EXPIRED_MESSAGE)
    return left.kind === "left" ? LEFT : reject(404, "This unsubscribe link is not known: check that the whole link was opened")
  })

/** POST /api/invite `{ code }`: what the invitation page shows. Only the code's state, never anything about its person. */
export const handleInvitationRequest = (request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> =>
  guarded(deps, async () => {
    const service = await admit(request, deps, "read")
    if (isAnswer(service)) return service
    const read = await secretFromJson(request, "look up an invitation", "your invitation link", "code")
    if ("status" in read) return read
    const now = deps.now()
    const state = await service.invitation(read.secret, now)
    // A drop's winning code: its state ("passed": not used in time, it went to the reserve list), the drop and the size.
    const prize = state === "unknown" && deps.drops ? await deps.drops.prize(read.secret, now) : null
    if (prize) return answer(200, { state: prize.state, drop: prize.drop, size: prize.size })
    return answer(200, { state })
  })

/**
 * POST /api/invite/redeem `{ code }` with `Authorization: Bearer <INVITE_API_TOKEN>`: the shop takes
 * an invitation code, once. 200 `{ redeemed: true, email }`, 409 used already, 404 unknown, 401
 * without the secret. Without INVITE_API_TOKEN the endpoint is not there (404). Requests with the
 * right secret take nothing from the limit (the shop redeems many at launch); wrong ones count,
 * apart from the signup limit (see secret-gate.ts).
 */
export const handleRedeemRequest = (request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> =>
  guarded(deps, async () => {
    if (!deps.inviteApiToken) return reject(404, "Not found")
    const wrongMethod = checkMethod(request.method, "POST", "redeem an invitation")
    if (wrongMethod) return wrongMethod
    const refused = await secretGate(request, deps, "invitations", deps.inviteApiToken, "Send the shop's secret as Authorization: Bearer <INVITE_API_TOKEN>")
    if (refused) return refused
    const service = available(deps)
    if (isAnswer(service)) return service
    const json = await readJson(request, "redeem an invitation", "the invitation's code")
    if (json.kind === "rejected") return json.answer
    if (!isObject(json.value) || typeof json.value.code !== "string")
      return reject(400, 'Request body must be a JSON object with the "code" from the invitation link')
    const code = json.value.code.trim()
    const result = await service.redeemInvitation(code, deps.now())
    if (result.kind === "unknown" && deps.drops) {
      const prize = await deps.drops.redeemPrize(code, deps.now())
      switch (prize.kind) {
        case "redeemed":
          return answer(200, { redeemed: true, email: prize.email, drop: prize.drop, size: prize.size })
        case "alreadyRedeemed":
          return answer(409, { error: "This invitation code was already used", redeemedAt: prize.redeemedAt })
        case "passed":
          return reject(410, "This drop code was not used in time and passed to the reserve list")
      }
    }
    switch (result.kind) {
      case "redeemed":
        return answer(200, { redeemed: true, email: result.email })
      case "alreadyRedeemed":
        return answer(409, { error: "This invitation code was already used", redeemedAt: result.redeemedAt })
      case "expired":
        return reject(410, "This invitation code has expired")
      case "unknown":
        return reject(404, "This invitation code is not known")
    }
  })

/**
 * The signup endpoint without Gatsby: checks a request and turns it into an answer
 * (`{ status, headers, body }`). Checks are pure; storage, rate limiting, the clock and body
 * reading come in as dependencies, so every answer can be tested without a server.
 */
import type { IncomingHttpHeaders } from "http"
import type { Readable } from "stream"
import type { RateLimiter } from "./rate-limit"
import { SIGNUP_SOURCE } from "../../lib/signup-client"
import type { SignupEntry, SignupStore } from "./store"
import { isValidEmail, MAX_EMAIL_LENGTH, normalizeEmail } from "../../lib/validation"

/** Our client sends about 100 bytes; anything near this is not a real signup. */
export const MAX_BODY_BYTES = 4096
/** Hidden form field that people leave empty and form-filling bots do not. */
export const HONEYPOT_FIELD = "company"

export const SERVER_ERROR_MESSAGE =
  "The signup could not be saved because of a problem on our side: please try again later"

export type SignupStatus = "subscribed" | "already_subscribed"
export type AnswerBody = { error: string } | { ok: true; status: SignupStatus }

export interface SignupAnswer {
  status: number
  headers: Record<string, string>
  body: AnswerBody
}

/** A valid signup as the visitor's browser sent it, email normalised. */
export interface ValidSignup {
  email: string
  source: typeof SIGNUP_SOURCE
  timestamp: string
}

/** What reading the request body gave. */
export type BodyRead =
  | { kind: "bytes"; bytes: Uint8Array }
  /** A host or parser before us already turned the body into a value. */
  | { kind: "parsed"; value: unknown }
  | { kind: "tooLarge" }

const answer = (status: number, body: AnswerBody, headers: Record<string, string> = {}): SignupAnswer => ({
  status,
  // Answers depend on what is stored; no cache may keep one.
  headers: { "Cache-Control": "no-store", ...headers },
  body,
})

const reject = (status: number, error: string, headers: Record<string, string> = {}): SignupAnswer =>
  answer(status, { error }, headers)

const TOO_LARGE = reject(413, `Request body is too large: the limit is ${MAX_BODY_BYTES} bytes`, {
  // We stop reading an oversized body, so the connection cannot be reused.
  Connection: "close",
})

export const checkMethod = (method: string | undefined): SignupAnswer | null =>
  method?.toUpperCase() === "POST"
    ? null
    : reject(405, `Method ${method ?? "(none)"} is not allowed: send the signup with POST`, { Allow: "POST" })

export const checkContentType = (contentType: string | undefined): SignupAnswer | null => {
  // "application/json; charset=utf-8" is fine: compare the media type only.
  const mediaType = contentType?.split(";")[0].trim().toLowerCase()
  return mediaType === "application/json"
    ? null
    : reject(415, `Content-Type must be application/json, got ${contentType ? `"${contentType}"` : "none"}`)
}

/** Rejects a body announced as too large before reading any of it. */
export const checkDeclaredLength = (contentLength: string | undefined): SignupAnswer | null => {
  const length = Number(contentLength)
  return contentLength !== undefined && Number.isFinite(length) && length > MAX_BODY_BYTES ? TOO_LARGE : null
}

// Calendar date, time, optional seconds and fraction, and a required zone (Z or +hh:mm).
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/

/** True for an ISO 8601 date-time with a time zone that names a real moment (no 31 February). */
export const isIsoDateTime = (text: string): boolean => {
  const match = ISO_DATE_TIME.exec(text)
  if (!match || Number.isNaN(Date.parse(text))) return false
  const [, year, month, day, hour, minute, second = "0", zoneHour = "0", zoneMinute = "0"] = match
  const daysInMonth = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate()
  return (
    Number(month) >= 1 &&
    Number(month) <= 12 &&
    Number(day) >= 1 &&
    Number(day) <= daysInMonth &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 59 &&
    Number(zoneHour) <= 23 &&
    Number(zoneMinute) <= 59
  )
}

const isFilled = (value: unknown): boolean =>
  typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null && value !== false

export type SignupCheck =
  | { kind: "rejected"; answer: SignupAnswer }
  /** The honeypot was filled: answer as if subscribed, store nothing. */
  | { kind: "honeypot" }
  | { kind: "signup"; signup: ValidSignup }

const rejected = (error: string): SignupCheck => ({ kind: "rejected", answer: reject(400, error) })

/** Checks the parsed JSON body. Unknown extra fields are ignored. */
export const checkSignupFields = (value: unknown): SignupCheck => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return rejected("Request body must be a JSON object with email, source and timestamp")
  }
  const fields = value as Record<string, unknown>
  if (isFilled(fields[HONEYPOT_FIELD])) return { kind: "honeypot" }

  const { email, source, timestamp } = fields
  if (email === undefined || email === null) return rejected('"email" is required')
  if (typeof email !== "string") return rejected('"email" must be a string')
  const trimmedEmail = email.trim()
  if (trimmedEmail === "") return rejected('"email" is required')
  if (trimmedEmail.length > MAX_EMAIL_LENGTH) return rejected(`"email" must be at most ${MAX_EMAIL_LENGTH} characters`)
  if (!isValidEmail(trimmedEmail)) return rejected('"email" is not a valid email address')

  if (source !== SIGNUP_SOURCE) return rejected(`"source" must be "${SIGNUP_SOURCE}"`)

  if (timestamp === undefined || timestamp === null) return rejected('"timestamp" is required')
  if (typeof timestamp !== "string" || !isIsoDateTime(timestamp)) {
    return rejected('"timestamp" must be an ISO 8601 date-time such as 2025-01-31T12:00:00.000Z')
  }

  return { kind: "signup", signup: { email: normalizeEmail(trimmedEmail), source: SIGNUP_SOURCE, timestamp } }
}

/** Checks the body as read: size, text encoding, JSON, then the fields. */
export const checkSignupBody = (body: BodyRead): SignupCheck => {
  if (body.kind === "tooLarge") return { kind: "rejected", answer: TOO_LARGE }
  if (body.kind === "parsed") {
    if (typeof body.value === "string") return checkSignupBody({ kind: "bytes", bytes: Buffer.from(body.value, "utf8") })
    return checkSignupFields(body.value)
  }
  if (body.bytes.length > MAX_BODY_BYTES) return { kind: "rejected", answer: TOO_LARGE }
  let text: string
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body.bytes)
  } catch {
    return rejected("Request body must be UTF-8 text")
  }
  if (text.trim() === "") return rejected("Request body is empty: send a JSON object with email, source and timestamp")
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return rejected("Request body is not valid JSON")
  }
  return checkSignupFields(value)
}

/**
 * The client to rate-limit: the first `X-Forwarded-For` address (the visitor, as the proxy or
 * CDN in front of us reports it), else the socket's peer address.
 */
export const clientAddress = (headers: IncomingHttpHeaders, socketAddress: string | undefined): string => {
  const forwarded = headers["x-forwarded-for"]
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0].trim()
  return first || socketAddress || "unknown"
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

export interface SignupRequest {
  method: string | undefined
  headers: IncomingHttpHeaders
  /** Who sent it, for rate limiting (see `clientAddress`). */
  clientKey: string
  readBody(maxBytes: number): Promise<BodyRead>
}

export interface SignupDependencies {
  store: Pick<SignupStore, "add">
  rateLimiter: Pick<RateLimiter, "hit">
  now(): Date
}

const subscribed = (status: 200 | 201, signupStatus: SignupStatus): SignupAnswer =>
  answer(status, { ok: true, status: signupStatus })

/** Answers one signup request. Never throws: an unexpected failure is a 500 and nothing is stored. */
export const handleSignupRequest = async (request: SignupRequest, deps: SignupDependencies): Promise<SignupAnswer> => {
  try {
    // Every request counts towards the limit, wrong ones too: they cost us work as well.
    const decision = deps.rateLimiter.hit(request.clientKey)
    if (!decision.allowed) {
      return reject(429, `Too many signup requests: try again in ${decision.retryAfterSeconds} seconds`, {
        "Retry-After": String(decision.retryAfterSeconds),
      })
    }

    const headProblem =
      checkMethod(request.method) ??
      checkContentType(request.headers["content-type"]) ??
      checkDeclaredLength(request.headers["content-length"])
    if (headProblem) return headProblem

    let body: BodyRead
    try {
      body = await request.readBody(MAX_BODY_BYTES)
    } catch {
      return reject(400, "Request body could not be read completely")
    }

    const check = checkSignupBody(body)
    if (check.kind === "rejected") return check.answer
    if (check.kind === "honeypot") return subscribed(200, "subscribed")

    const entry: SignupEntry = { ...check.signup, receivedAt: deps.now().toISOString() }
    const result = await deps.store.add(entry)
    return result === "added" ? subscribed(201, "subscribed") : subscribed(200, "already_subscribed")
  } catch (error) {
    console.error("signup: could not handle the request", error)
    return reject(500, SERVER_ERROR_MESSAGE)
  }
}

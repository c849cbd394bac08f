/**
 * The signup endpoint without Gatsby: checks a request and turns it into an answer
 * (`{ status, headers, body }`). Checks are pure; storage, rate limiting, the clock and body
 * reading come in as dependencies, so every answer can be tested without a server.
 */
import type { IncomingHttpHeaders } from "http"
import type { Readable } from "stream"
import type { RateLimiter } from "./rate-limit"
import { normalizeEmail } from "../../signup/rules"
import { isHoneypotFilled, signupRequestSchema, type SignupAnswerBody, type SignupFields, type SignupStatus } from "../../signup/schema"
import type { SignupRecord, SignupStore } from "./store"

/** Our client sends about 100 bytes; anything near this is not a real signup. */
export const MAX_BODY_BYTES = 4096

export const SERVER_ERROR_MESSAGE =
  "The signup could not be saved because of a problem on our side: please try again later"


export interface SignupAnswer {
  status: number
  headers: Record<string, string>
  body: SignupAnswerBody
}

/** What reading the request body gave. */
export type BodyRead =
  | { kind: "bytes"; bytes: Uint8Array }
  /** A host or parser before us already turned the body into a value. */
  | { kind: "parsed"; value: unknown }
  | { kind: "tooLarge" }

const answer = (status: number, body: SignupAnswerBody, headers: Record<string, string> = {}): SignupAnswer => ({
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

export type SignupCheck =
  | { kind: "rejected"; answer: SignupAnswer }
  /** The honeypot was filled: answer as if subscribed, store nothing. */
  | { kind: "honeypot" }
  | { kind: "signup"; signup: SignupFields }

const rejected = (error: string): SignupCheck => ({ kind: "rejected", answer: reject(400, error) })

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Checks the parsed JSON body against the signup schema. Unknown extra fields are ignored. */
export const checkSignupFields = (value: unknown): SignupCheck => {
  if (isObject(value) && isHoneypotFilled(value)) return { kind: "honeypot" }
  const result = signupRequestSchema.safeParse(value)
  // The first problem, in field order, is the one the sender fixes first.
  if (!result.success) return rejected(result.error.issues[0].message)
  const { email, source, timestamp } = result.data
  return { kind: "signup", signup: { email: normalizeEmail(email), source, timestamp } }
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

    const record: SignupRecord = { ...check.signup, receivedAt: deps.now().toISOString() }
    const result = await deps.store.add(record)
    return result === "added" ? subscribed(201, "subscribed") : subscribed(200, "already_subscribed")
  } catch (error) {
    console.error("signup: could not handle the request", error)
    return reject(500, SERVER_ERROR_MESSAGE)
  }
}

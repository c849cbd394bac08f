import pg from "pg"
import { Readable } from "stream"
import {
  checkContentType,
  checkDeclaredLength,
  checkMethod,
  MAX_BODY_BYTES,
  parseJsonBody,
  readRequestBody,
  type ApiRequest,
  type BodyRead,
  type HandlerDependencies,
} from "../kit"
import { checkSignupFields, handleSignupRequest, type SignupCheck } from "../signup-handler"
import { handleUnsubscribeRequest, handleWaitlistRequest } from "../status-handler"
import { rateLimitKey } from "../client-address"
import { createPostgresRateLimiter, createRateLimiter, makeRateLimiters, NETWORK_BUDGET, READ_BUDGET, type RateLimiter } from "../rate-limit"

const validFields = { email: "Someone@Example.com", source: "website_signup", timestamp: "2025-01-31T12:00:00.000Z" }
const bytesOf = (text: string): BodyRead => ({ kind: "bytes", bytes: Buffer.from(text, "utf8") })
const errorOf = (check: SignupCheck): string | undefined =>
  check.kind === "rejected" && typeof check.answer.body.error === "string" ? check.answer.body.error : undefined
const statusOf = (check: SignupCheck): number | undefined => (check.kind === "rejected" ? check.answer.status : undefined)

describe("request head checks", () => {
  it("accepts the endpoint's method in any case and refuses others with 405 and Allow", () => {
    expect(checkMethod("POST", "POST", "send the signup")).toBeNull()
    expect(checkMethod("post", "POST", "send the signup")).toBeNull()
    const answer = checkMethod("GET", "POST", "send the signup")
    expect(answer).toMatchObject({ status: 405, headers: { Allow: "POST" } })
    expect(answer?.body).toEqual({ error: "Method GET is not allowed: send the signup with POST", code: "method_not_allowed" })
    expect(checkMethod(undefined, "GET", "look up a place")).toMatchObject({ status: 405, headers: { Allow: "GET" } })
  })

  it("accepts JSON with or without a charset and refuses anything else with 415", () => {
    expect(checkContentType("application/json")).toBeNull()
    expect(checkContentType("Application/JSON; charset=utf-8")).toBeNull()
    expect(checkContentType("text/plain")).toMatchObject({
      status: 415,
      body: { error: 'Content-Type must be application/json, got "text/plain"', code: "unsupported_media_type" },
    })
    expect(checkContentType("application/x-www-form-urlencoded")?.status).toBe(415)
    expect(checkContentType(undefined)?.body).toEqual({ error: "Content-Type must be application/json, got none", code: "unsupported_media_type" })
  })

  it("refuses a body announced as larger than the limit with 413 before reading it", () => {
    expect(checkDeclaredLength(undefined)).toBeNull()
    expect(checkDeclaredLength(String(MAX_BODY_BYTES))).toBeNull()
    expect(checkDeclaredLength(String(MAX_BODY_BYTES + 1))).toMatchObject({
      status: 413,
      headers: { Connection: "close" },
      body: { error: `Request body is too large: the limit is ${MAX_BODY_BYTES} bytes`, code: "body_too_large" },
    })
  })
})

describe("timestamp check", () => {
  const timestampProblem = (timestamp: string) => errorOf(checkSignupFields({ ...validFields, timestamp }))

  it.each(["2025-01-31T12:00:00.000Z", "2025-01-31T12:00:00Z", "2025-01-31T12:00:00+01:00", "2024-02-29T23:59:59.123456Z"])("accepts %s", (timestamp) =>
    expect(checkSignupFields({ ...validFields, timestamp }).kind).toBe("signup"),
  )
  it.each([
    "2025-01-31",
    "2025-01-31T12:00:00", // no time zone: which moment is it?
    "2025-02-29T12:00:00Z",
    "2025-13-01T12:00:00Z",
    "2025-01-31T24:00:00Z",
    "31/01/2025",
    "yesterday",
    "",
    " 2025-01-31T12:00:00Z",
  ])("refuses %j", (timestamp) => expect(timestampProblem(timestamp)).toBe('"timestamp" must be an ISO 8601 date-time such as 2025-01-31T12:00:00.000Z'))
})

describe("signup fields", () => {
  it("accepts a valid signup and keeps the address as typed, trimmed (mail goes there)", () => {
    expect(checkSignupFields({ ...validFields, email: "  Someone@Example.com " })).toEqual({
      kind: "signup",
      signup: { email: "Someone@Example.com", source: "website_signup", timestamp: "2025-01-31T12:00:00.000Z", referralCode: undefined, utm: undefined },
    })
  })

  it("takes the referral code and attribution, and drops unusable attribution instead of refusing", () => {
    const check = checkSignupFields({ ...validFields, referralCode: " abcd1234ef ", utm: { source: "tiktok", medium: 42, campaign: "x".repeat(500) } })
    expect(check).toMatchObject({ kind: "signup", signup: { referralCode: "abcd1234ef", utm: { source: "tiktok" } } })
    expect(checkSignupFields({ ...validFields, utm: "tiktok" })).toMatchObject({ kind: "signup", signup: { utm: undefined } })
  })

  it("ignores unknown extra fields and an empty honeypot", () => {
    expect(checkSignupFields({ ...validFields, consent: true, utm: "x", company: "" }).kind).toBe("signup")
    expect(checkSignupFields({ ...validFields, company: "   " }).kind).toBe("signup")
  })

  it("treats a filled honeypot as a bot, whatever else is sent", () => {
    expect(checkSignupFields({ ...validFields, company: "ACME" })).toEqual({ kind: "honeypot" })
    expect(checkSignupFields({ company: "ACME" })).toEqual({ kind: "honeypot" })
  })

  it.each<[string, Record<string, unknown>, string]>([
    ["missing email", { source: "website_signup", timestamp: validFields.timestamp }, '"email" is required'],
    ["blank email", { ...validFields, email: "   " }, '"email" is required'],
    ["non-string email", { ...validFields, email: 42 }, '"email" must be a string'],
    ["too long email", { ...validFields, email: `${"a".repeat(64)}@${"b".repeat(186)}.com` }, '"email" must be at most 254 characters'],
    ["invalid email", { ...validFields, email: "not-an-email" }, '"email" is not a valid email address'],
    ["email with two @", { ...validFields, email: "a@b@example.com" }, '"email" is not a valid email address'],
    ["missing source", { email: validFields.email, timestamp: validFields.timestamp }, '"source" must be "website_signup"'],
    ["wrong source", { ...validFields, source: "newsletter" }, '"source" must be "website_signup"'],
    ["missing timestamp", { email: validFields.email, source: "website_signup" }, '"timestamp" is required'],
    ["non-string timestamp", { ...validFields, timestamp: 1738324800000 }, '"timestamp" must be an ISO 8601 date-time such as 2025-01-31T12:00:00.000Z'],
    ["unparseable timestamp", { ...validFields, timestamp: "tomorrow" }, '"timestamp" must be an ISO 8601 date-time such as 2025-01-31T12:00:00.000Z'],
  ])("refuses a %s with 400", (_name, fields, message) => {
    const check = checkSignupFields(fields)
    expect(statusOf(check)).toBe(400)
    expect(errorOf(check)).toBe(message)
  })

  it.each([null, [], "text", 42])("refuses a body that is not a JSON object (%j)", (value) => {
    expect(errorOf(checkSignupFields(value))).toBe("Request body must be a JSON object with email, source and timestamp")
  })
})

/** A signup's body as read, as the signup endpoint checks it: size, text encoding, JSON, then the fields. */
function checkSignupBody(body: BodyRead): SignupCheck {
  const json = parseJsonBody(body, "email, source and timestamp")
  return json.kind === "rejected" ? json : checkSignupFields(json.value)
}

describe("signup body", () => {
  it("parses JSON bytes, including a leading byte order mark", () => {
    expect(checkSignupBody(bytesOf(JSON.stringify(validFields))).kind).toBe("signup")
    expect(checkSignupBody(bytesOf(`\uFEFF${JSON.stringify(validFields)}`)).kind).toBe("signup")
  })

  it("refuses malformed JSON, an empty body and invalid UTF-8 with 400", () => {
    expect(errorOf(checkSignupBody(bytesOf('{"email": "a@example.com",')))).toBe("Request body is not valid JSON")
    expect(errorOf(checkSignupBody(bytesOf("  ")))).toBe("Request body is empty: send a JSON object with email, source and timestamp")
    expect(errorOf(checkSignupBody({ kind: "bytes", bytes: Uint8Array.from([0x7b, 0xff, 0x7d]) }))).toBe("Request body must be UTF-8 text")
  })

  it("refuses an oversized body with 413", () => {
    expect(statusOf(checkSignupBody({ kind: "tooLarge" }))).toBe(413)
    expect(statusOf(checkSignupBody(bytesOf(" ".repeat(MAX_BODY_BYTES + 1))))).toBe(413)
  })

  it("checks a body that a host already parsed", () => {
    expect(checkSignupBody({ kind: "parsed", value: validFields }).kind).toBe("signup")
    expect(checkSignupBody({ kind: "parsed", value: JSON.stringify(validFields) }).kind).toBe("signup")
    expect(errorOf(checkSignupBody({ kind: "parsed", value: "{oops" }))).toBe("Request body is not valid JSON")
  })
})

describe("reading the body", () => {
  it("collects a body within the limit", async () => {
    const read = await readRequestBody(Readable.from([Buffer.from("ab"), Buffer.from("cd")]), 10)
    expect(read.kind === "bytes" && Buffer.from(read.bytes).toString()).toBe("abcd")
  })

  it("stops at the limit without collecting the rest", async () => {
    const chunks = Array.from({ length: 1000 }, () => Buffer.alloc(100, 0x61))
    await expect(readRequestBody(Readable.from(chunks), 1000)).resolves.toEqual({ kind: "tooLarge" })
  })

  it("uses the body a parser already read", async () => {
    const consumed = Readable.from([])
    consumed.resume()
    await new Promise((resolve) => consumed.on("end", resolve))
    await expect(readRequestBody(Object.assign(consumed, { body: { a: 1 } }), 10)).resolves.toEqual({
      kind: "parsed",
      value: { a: 1 },
    })
    await expect(readRequestBody(Object.assign(consumed, { body: Buffer.from("{}") }), 10)).resolves.toEqual({
      kind: "bytes",
      bytes: Buffer.from("{}"),
    })
  })

  it("fails when the stream breaks", async () => {
    const broken = new Readable({
      read() {
        this.destroy(new Error("connection reset"))
      },
    })
    await expect(readRequestBody(broken, 10)).rejects.toThrow("connection reset")
  })
})

describe("the rate limit", () => {
  const request: ApiRequest = {
    method: "GET",
    headers: {},
    query: new URLSearchParams(),
    clientKey: "203.0.113.7",
    readBody: async () => ({ kind: "bytes", bytes: new Uint8Array() }),
  }
  // No store: an admitted request gets this 503, a limited one never gets that far.
  const depsWith = (rateLimiter: RateLimiter): HandlerDependencies => ({
    service: { unavailable: "no store in this test" },
    rateLimiter,
    now: () => new Date(),
    logError: jest.fn(),
  })

  it("answers 429 with the seconds to wait, in words and in Retry-After, once the burst is spent", async () => {
    const deps = depsWith(createRateLimiter(2, 60_000, () => 0))
    expect((await handleWaitlistRequest(request, deps)).status).toBe(503)
    expect((await handleWaitlistRequest(request, deps)).status).toBe(503)
    expect(await handleWaitlistRequest(request, deps)).toEqual({
      status: 429,
      headers: { "Cache-Control": "no-store", "Retry-After": "30" },
      body: { error: "Too many requests: try again in 30 seconds", code: "rate_limited" },
    })
  })

  it("gives reads six times the budget of writes, so people behind one address still see their places when its writes are spent", async () => {
    const deps = { ...depsWith(createRateLimiter(1, 60_000)), ...makeRateLimiters({ rateLimit: 2, rateWindowMs: 60_000 }, null) }
    const post = { ...request, method: "POST" }
    expect((await handleSignupRequest(post, deps)).status).toBe(503)
    expect((await handleSignupRequest(post, deps)).status).toBe(503)
    expect((await handleSignupRequest(post, deps)).status).toBe(429)
    const reads = await Promise.all(Array.from({ length: 2 * READ_BUDGET + 1 }, () => handleWaitlistRequest(request, deps)))
    expect(reads.map((answer) => answer.status)).toEqual([...new Array<number>(2 * READ_BUDGET).fill(503), 429])
  })

  it("limits a network alongside each address: a pool of addresses in one /24 shares one bucket, another network has its own", async () => {
    const deps = { ...depsWith(createRateLimiter(1, 60_000)), ...makeRateLimiters({ rateLimit: 2, rateWindowMs: 60_000 }, null) }
    const from = (clientKey: string) => handleSignupRequest({ ...request, method: "POST", clientKey }, deps)
    const pool = Array.from({ length: 2 * NETWORK_BUDGET }, (_, i) => `198.51.100.${i + 1}`)
    for (const clientKey of pool) expect((await from(clientKey)).status).toBe(503)
    expect((await from("198.51.100.250")).status).toBe(429)
    expect((await from("203.0.113.9")).status).toBe(503)
  })

  it("stops a pool of /64s in one IPv6 /48 at the /48's budget: 300 signups from 300 /64s, the budget's worth let through", async () => {
    const deps = { ...depsWith(createRateLimiter(1, 60_000)), ...makeRateLimiters({ rateLimit: 10, rateWindowMs: 60_000 }, null) }
    const from = (clientKey: string) => handleSignupRequest({ ...request, method: "POST", clientKey }, deps)
    const answers: number[] = []
    for (let i = 0; i < 300; i += 1) answers.push((await from(rateLimitKey(`2001:db8:1:${i.toString(16)}::1`))).status)
    expect(answers.filter((status) => status !== 429)).toHaveLength(10 * NETWORK_BUDGET)
    expect(answers.slice(10 * NETWORK_BUDGET)).toEqual(new Array<number>(300 - 10 * NETWORK_BUDGET).fill(429))
    // The next /48 has a budget of its own; the /64 a client's.
    expect((await from(rateLimitKey("2001:db8:2::1"))).status).toBe(503)
  })

  it("limits one-click unsubscribes from one address, in a bucket of their own", async () => {
    const deps = { ...depsWith(createRateLimiter(1, 60_000)), ...makeRateLimiters({ rateLimit: 1, rateWindowMs: 60_000 }, null) }
    const unsubscribe = { ...request, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" } }
    const answers = await Promise.all(Array.from({ length: READ_BUDGET + 1 }, () => handleUnsubscribeRequest(unsubscribe, deps)))
    expect(answers.map((answer) => answer.status)).toEqual([...new Array<number>(READ_BUDGET).fill(503), 429])
    // A signup from the same address still has its own budget.
    expect((await handleSignupRequest({ ...request, method: "POST" }, deps)).status).toBe(503)
  })

  it("lets no request through when its limit cannot be checked: the database's error is the endpoint's failure", async () => {
    // Nothing listens on port 1. (Through the store's database layer, runtime's wiring, the error
    // is a StoreUnavailableError, which the endpoints answer with 503 and Retry-After.)
    const pool = new pg.Pool({ connectionString: "postgres://block94@127.0.0.1:1/none" })
    try {
      const deps = depsWith(createPostgresRateLimiter(async (text, values) => (await pool.query(text, values)).rows, 2, 60_000))
      expect((await handleWaitlistRequest(request, deps)).status).toBeGreaterThanOrEqual(500)
      expect(deps.logError).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ code: "ECONNREFUSED" }))
    } finally {
      await pool.end()
    }
  })
})

/** @jest-environment node */
import { Readable } from "stream"
import type { RateDecision } from "../rate-limit"
import {
  checkContentType,
  checkDeclaredLength,
  checkMethod,
  checkSignupBody,
  checkSignupFields,
  clientAddress,
  handleSignupRequest,
  MAX_BODY_BYTES,
  readRequestBody,
  type BodyRead,
  type SignupCheck,
  type SignupDependencies,
  type SignupRequest,
} from "../handler"
import type { AddResult, SignupRecord } from "../store"

const validFields = { email: "Someone@Example.com", source: "website_signup", timestamp: "2025-01-31T12:00:00.000Z" }
const bytesOf = (text: string): BodyRead => ({ kind: "bytes", bytes: Buffer.from(text, "utf8") })
const errorOf = (check: SignupCheck): string | undefined =>
  check.kind === "rejected" && "error" in check.answer.body ? check.answer.body.error : undefined
const statusOf = (check: SignupCheck): number | undefined => (check.kind === "rejected" ? check.answer.status : undefined)

describe("request head checks", () => {
  it("accepts POST in any case and refuses other methods with 405 and Allow: POST", () => {
    expect(checkMethod("POST")).toBeNull()
    expect(checkMethod("post")).toBeNull()
    const answer = checkMethod("GET")
    expect(answer).toMatchObject({ status: 405, headers: { Allow: "POST" } })
    expect(answer?.body).toEqual({ error: "Method GET is not allowed: send the signup with POST" })
    expect(checkMethod(undefined)?.status).toBe(405)
  })

  it("accepts JSON with or without a charset and refuses anything else with 415", () => {
    expect(checkContentType("application/json")).toBeNull()
    expect(checkContentType("Application/JSON; charset=utf-8")).toBeNull()
    expect(checkContentType("text/plain")).toMatchObject({
      status: 415,
      body: { error: 'Content-Type must be application/json, got "text/plain"' },
    })
    expect(checkContentType("application/x-www-form-urlencoded")?.status).toBe(415)
    expect(checkContentType(undefined)?.body).toEqual({ error: "Content-Type must be application/json, got none" })
  })

  it("refuses a body announced as larger than the limit with 413 before reading it", () => {
    expect(checkDeclaredLength(undefined)).toBeNull()
    expect(checkDeclaredLength(String(MAX_BODY_BYTES))).toBeNull()
    expect(checkDeclaredLength(String(MAX_BODY_BYTES + 1))).toMatchObject({
      status: 413,
      headers: { Connection: "close" },
      body: { error: `Request body is too large: the limit is ${MAX_BODY_BYTES} bytes` },
    })
  })
})

describe("timestamp check", () => {
  const timestampProblem = (timestamp: string) => errorOf(checkSignupFields({ ...validFields, timestamp }))

  it.each(["2025-01-31T12:00:00.000Z", "2025-01-31T12:00:00Z", "2025-01-31T12:00:00+01:00", "2024-02-29T23:59:59.123456Z"])(
    "accepts %s",
    (timestamp) => expect(checkSignupFields({ ...validFields, timestamp }).kind).toBe("signup"),
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
  ])("refuses %j", (timestamp) =>
    expect(timestampProblem(timestamp)).toBe('"timestamp" must be an ISO 8601 date-time such as 2025-01-31T12:00:00.000Z'),
  )
})

describe("signup fields", () => {
  it("accepts a valid signup and normalises the email", () => {
    expect(checkSignupFields({ ...validFields, email: "  Someone@Example.com " })).toEqual({
      kind: "signup",
      signup: { email: "someone@example.com", source: "website_signup", timestamp: "2025-01-31T12:00:00.000Z" },
    })
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

describe("signup body", () => {
  it("parses JSON bytes, including a leading byte order mark", () => {
    expect(checkSignupBody(bytesOf(JSON.stringify(validFields))).kind).toBe("signup")
    expect(checkSignupBody(bytesOf(`\uFEFF${JSON.stringify(validFields)}`)).kind).toBe("signup")
  })

  it("refuses malformed JSON, an empty body and invalid UTF-8 with 400", () => {
    expect(errorOf(checkSignupBody(bytesOf('{"email": "a@example.com",')))).toBe("Request body is not valid JSON")
    expect(errorOf(checkSignupBody(bytesOf("  ")))).toBe(
      "Request body is empty: send a JSON object with email, source and timestamp",
    )
    expect(errorOf(checkSignupBody({ kind: "bytes", bytes: Uint8Array.from([0x7b, 0xff, 0x7d]) }))).toBe(
      "Request body must be UTF-8 text",
    )
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

describe("client address", () => {
  it("takes the first X-Forwarded-For entry, else the socket address", () => {
    expect(clientAddress({ "x-forwarded-for": "203.0.113.7, 10.0.0.1" }, "127.0.0.1")).toBe("203.0.113.7")
    expect(clientAddress({ "x-forwarded-for": ["198.51.100.2", "10.0.0.1"] }, "127.0.0.1")).toBe("198.51.100.2")
    expect(clientAddress({}, "127.0.0.1")).toBe("127.0.0.1")
    expect(clientAddress({ "x-forwarded-for": " " }, undefined)).toBe("unknown")
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

describe("handling a signup request", () => {
  const fakeDeps = (addResult: AddResult | Error = "added", decision: RateDecision = { allowed: true }) => {
    const added: SignupRecord[] = []
    const deps: SignupDependencies = {
      store: {
        add: async (entry) => {
          if (addResult instanceof Error) throw addResult
          added.push(entry)
          return addResult
        },
      },
      rateLimiter: { hit: jest.fn(() => decision) },
      now: () => new Date("2025-01-31T12:00:05.000Z"),
    }
    return { deps, added }
  }

  const request = (overrides: Partial<SignupRequest> & { body?: string } = {}): SignupRequest => {
    const { body = JSON.stringify(validFields), ...rest } = overrides
    return {
      method: "POST",
      headers: { "content-type": "application/json" },
      clientKey: "203.0.113.7",
      readBody: async () => bytesOf(body),
      ...rest,
    }
  }

  it("stores a new signup with the server time and answers 201", async () => {
    const { deps, added } = fakeDeps("added")
    const answer = await handleSignupRequest(request(), deps)
    expect(answer).toEqual({ status: 201, headers: { "Cache-Control": "no-store" }, body: { ok: true, status: "subscribed" } })
    expect(added).toEqual([
      {
        email: "someone@example.com",
        source: "website_signup",
        timestamp: "2025-01-31T12:00:00.000Z",
        receivedAt: "2025-01-31T12:00:05.000Z",
      },
    ])
  })

  it("answers 200 already_subscribed for a duplicate", async () => {
    const answer = await handleSignupRequest(request(), fakeDeps("duplicate").deps)
    expect(answer).toMatchObject({ status: 200, body: { ok: true, status: "already_subscribed" } })
  })

  it("answers a filled honeypot like a success without storing", async () => {
    const { deps, added } = fakeDeps()
    const answer = await handleSignupRequest(request({ body: JSON.stringify({ ...validFields, company: "x" }) }), deps)
    expect(answer).toMatchObject({ status: 200, body: { ok: true, status: "subscribed" } })
    expect(added).toEqual([])
  })

  it("counts every request against the client's limit and answers 429 with Retry-After", async () => {
    const { deps, added } = fakeDeps("added", { allowed: false, retryAfterSeconds: 42 })
    const answer = await handleSignupRequest(request({ method: "GET" }), deps)
    expect(deps.rateLimiter.hit).toHaveBeenCalledWith("203.0.113.7")
    expect(answer).toMatchObject({
      status: 429,
      headers: { "Retry-After": "42" },
      body: { error: "Too many signup requests: try again in 42 seconds" },
    })
    expect(added).toEqual([])
  })

  it("does not read the body of a request refused by its head", async () => {
    const readBody = jest.fn(async () => bytesOf(JSON.stringify(validFields)))
    const { deps } = fakeDeps()
    expect((await handleSignupRequest(request({ method: "PUT", readBody }), deps)).status).toBe(405)
    expect((await handleSignupRequest(request({ headers: { "content-type": "text/plain" }, readBody }), deps)).status).toBe(415)
    const tooLong = { "content-type": "application/json", "content-length": "100000" }
    expect((await handleSignupRequest(request({ headers: tooLong, readBody }), deps)).status).toBe(413)
    expect(readBody).not.toHaveBeenCalled()
  })

  it("answers 400 when the body cannot be read", async () => {
    const answer = await handleSignupRequest(request({ readBody: () => Promise.reject(new Error("reset")) }), fakeDeps().deps)
    expect(answer).toMatchObject({ status: 400, body: { error: "Request body could not be read completely" } })
  })

  it("answers 500 with a JSON error when the store fails", async () => {
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined)
    try {
      const answer = await handleSignupRequest(request(), fakeDeps(new Error("disk full")).deps)
      expect(answer).toEqual({
        status: 500,
        headers: { "Cache-Control": "no-store" },
        body: { error: "The signup could not be saved because of a problem on our side: please try again later" },
      })
      expect(consoleError).toHaveBeenCalled()
    } finally {
      consoleError.mockRestore()
    }
  })
})

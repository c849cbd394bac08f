// The signup Gatsby Function's refusals as Gatsby calls it: fields it cannot take, the rate limit
// by client address, and a store it cannot use. The refusals of the request's head are in the
// route table's test (src/server/http/__tests__/route-refusals.test.ts).
import { promises as fs } from "fs"
import path from "path"
import { post, storedRows, useSignupFolder, validSignup } from "../../../test/signup-function"

const folder = useSignupFolder()

describe("POST /api/signup refuses", () => {
  it.each<[string, unknown, string, string]>([
    ["a missing email", { source: "website_signup", timestamp: validSignup.timestamp }, "email_required", '"email" is required'],
    ["a non-string email", { ...validSignup, email: ["a@example.com"] }, "email_not_text", '"email" must be a string'],
    [
      "an email over 254 characters",
      { ...validSignup, email: `${"a".repeat(60)}@${"b".repeat(190)}.com` },
      "email_too_long",
      '"email" must be at most 254 characters',
    ],
    ["an invalid email", { ...validSignup, email: "fan@example" }, "email_invalid", '"email" is not a valid email address'],
    ["a wrong source", { ...validSignup, source: "mailto" }, "source_invalid", '"source" must be "website_signup"'],
    ["a missing timestamp", { email: validSignup.email, source: "website_signup" }, "timestamp_required", '"timestamp" is required'],
    [
      "a timestamp that does not parse",
      { ...validSignup, timestamp: "2025-02-30T10:00:00Z" },
      "timestamp_invalid",
      '"timestamp" must be an ISO 8601 date-time such as 2025-01-31T12:00:00.000Z',
    ],
    ["a JSON array", [validSignup], "body_invalid", "Request body must be a JSON object with email, source and timestamp"],
    ["an empty body", "", "body_empty", "Request body is empty: send a JSON object with email, source and timestamp"],
  ])("answers 400 for %s, saying what is wrong", async (_name, body, code, message) => {
    const res = await post(body)
    expect(res.statusCode).toBe(400)
    expect(res.body).toEqual({ error: message, code })
    expect(await storedRows(folder.signupsFile)).toEqual([])
  })

  it("answers 429 with Retry-After once a client exceeds the limit from the environment", async () => {
    process.env.SIGNUP_RATE_LIMIT = "3"
    process.env.SIGNUP_RATE_WINDOW_MS = "30000"
    const ip = "198.51.100.77"
    const answers = []
    for (let i = 0; i < 4; i++) answers.push(await post({ ...validSignup, email: `fan${i}@example.com` }, { ip }))
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 429])
    // A bucket of 3 per 30 s gets a token back every 10 s.
    expect(answers[3].headers["retry-after"]).toBe("10")
    expect(answers[3].body).toEqual({ error: "Too many requests: try again in 10 seconds", code: "rate_limited" })
    expect(await storedRows(folder.signupsFile)).toHaveLength(3)
  })

  it("cannot be walked around with made-up X-Forwarded-For values", async () => {
    process.env.SIGNUP_RATE_LIMIT = "10"
    const answers = []
    for (let i = 0; i < 14; i++) {
      const headers = { "content-type": "application/json", "x-forwarded-for": `192.0.2.${i}` }
      answers.push(await post({ ...validSignup, email: `walker${i}@example.com` }, { ip: "198.51.100.9", headers }))
    }
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(10)
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(4)
  })

  it("with TRUST_PROXY=1 limits each client behind the one proxy on its own", async () => {
    process.env.SIGNUP_RATE_LIMIT = "1"
    process.env.TRUST_PROXY = "1"
    const viaProxy = (client: string, email: string) =>
      post({ ...validSignup, email }, { ip: "10.0.0.2", headers: { "content-type": "application/json", "x-forwarded-for": client } })
    expect((await viaProxy("203.0.113.1", "one@example.com")).statusCode).toBe(201)
    expect((await viaProxy("203.0.113.2", "two@example.com")).statusCode).toBe(201)
    expect((await viaProxy("203.0.113.1", "three@example.com")).statusCode).toBe(429)
  })

  it("on Netlify (CLIENT_ADDRESS_HEADER=x-nf-client-connection-ip) limits each visitor on their own, not everyone behind Netlify's edge together", async () => {
    process.env.SIGNUP_RATE_LIMIT = "1"
    process.env.CLIENT_ADDRESS_HEADER = "x-nf-client-connection-ip"
    const viaNetlify = (visitor: string, email: string) =>
      post(
        { ...validSignup, email },
        { ip: "169.254.76.1", headers: { "content-type": "application/json", "x-nf-client-connection-ip": visitor, "x-forwarded-for": "6.6.6.6" } },
      )
    expect((await viaNetlify("203.0.113.1", "one@example.com")).statusCode).toBe(201)
    expect((await viaNetlify("203.0.113.2", "two@example.com")).statusCode).toBe(201)
    expect((await viaNetlify("203.0.113.1", "three@example.com")).statusCode).toBe(429)
  })

  it("answers 503 naming DATABASE_URL on a serverless host without a database, and writes nothing", async () => {
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined)
    try {
      process.env.NETLIFY = "true"
      const res = await post(validSignup)
      expect(res.statusCode).toBe(503)
      expect((res.body as { error: string }).error).toContain("DATABASE_URL")
      expect(consoleError).toHaveBeenCalled()
      await expect(fs.stat(folder.signupsFile)).rejects.toMatchObject({ code: "ENOENT" })
    } finally {
      consoleError.mockRestore()
    }
  })

  it("answers 500 with a JSON error and stores nothing when the store cannot be written", async () => {
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined)
    try {
      const blocker = path.join(folder.dir, "a-file")
      await fs.writeFile(blocker, "")
      process.env.SIGNUPS_FILE = path.join(blocker, "signups.db")
      const res = await post(validSignup)
      expect(res.statusCode).toBe(500)
      expect(res.body).toEqual({ error: "The signup service had a problem on our side: please try again later", code: "server_error" })
      expect(await fs.readFile(blocker, "utf8")).toBe("")
    } finally {
      consoleError.mockRestore()
    }
  })
})

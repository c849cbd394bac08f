import { promises as fs } from "fs"
import { errorMessage } from "../../signup/errors"
import http from "http"
import type { AddressInfo } from "net"
import os from "os"
import path from "path"
import { Readable } from "stream"
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { resetSignupRuntime } from "../../server/runtime/runtime"
import { allRows } from "../../server/store/store"
import { DatabaseSync } from "node:sqlite"
import { openEmbeddedStore } from "../../server/store/open-store"
import type { Challenge } from "altcha-lib"
import { solveForRequest } from "../../server/http/bot-check"
import handler from "../signup"
import { linkSecret, postJson } from "../../../test/link-secret"

// Gatsby's CLI reporter patches the console and traps exit signals when loaded; the middleware
// test below only needs its log calls.
jest.mock("gatsby-cli/lib/reporter", () => ({ warn: jest.fn(), error: jest.fn(), verbose: jest.fn(), log: jest.fn() }))

type Handler = typeof handler

const validSignup = { email: "Fan@Example.com", source: "website_signup", timestamp: "2025-01-31T12:00:00.000Z" }

interface FakeRequestOptions {
  method?: string
  headers?: Record<string, string>
  body?: string
  ip?: string
}

/** A request as Gatsby hands it over: a readable stream of the body with method, headers and socket. */
const fakeRequest = ({ method = "POST", headers, body, ip = "203.0.113.10" }: FakeRequestOptions = {}): GatsbyFunctionRequest => {
  const stream = Readable.from(body === undefined ? [] : [Buffer.from(body, "utf8")])
  return Object.assign(stream, {
    method,
    headers: headers ?? { "content-type": "application/json" },
    socket: { remoteAddress: ip },
    query: {},
    params: {},
    cookies: {},
  }) as unknown as GatsbyFunctionRequest
}

class FakeResponse {
  statusCode = 200
  headers: Record<string, string> = {}
  body: unknown = undefined
  headersSent = false
  status(code: number): this {
    this.statusCode = code
    return this
  }
  setHeader(name: string, value: string | number): this {
    this.headers[name.toLowerCase()] = String(value)
    return this
  }
  json(body: unknown): this {
    this.body = body
    this.headersSent = true
    return this
  }
  send(body: unknown): this {
    return this.json(body)
  }
}

const post = async (body: unknown, options: Omit<FakeRequestOptions, "body"> = {}, run: Handler = handler): Promise<FakeResponse> => {
  const res = new FakeResponse()
  const text = typeof body === "string" ? body : JSON.stringify(body)
  await run(fakeRequest({ ...options, body: text }), res as unknown as GatsbyFunctionResponse)
  return res
}

let dir: string
let signupsFile: string
const originalEnv = { ...process.env }

interface StoredRow {
  email: string
  email_key: string
  source: string
  signed_up_at: string
  received_at: string
  status_token_hashes: string
}

/** The signups in the SQLite file, read as another process would (read-only, what is committed). */
const storedRows = async (file = signupsFile): Promise<StoredRow[]> => {
  let db: DatabaseSync
  try {
    db = new DatabaseSync(file, { readOnly: true })
  } catch {
    return []
  }
  try {
    return db
      .prepare(
        `select email, email_key, source, signed_up_at, received_at,
           (select group_concat(hash) from signup_tokens t where t.signup_id = s.id and t.kind = 'status') as status_token_hashes
         from signups s order by id`,
      )
      .all() as unknown as StoredRow[]
  } catch {
    // No tables yet: nothing stored.
    return []
  } finally {
    db.close()
  }
}

/** The addresses on the list, as the store reads them back. */
const storedEmails = async (file = signupsFile): Promise<string[]> => {
  const store = openEmbeddedStore(file, 10)
  try {
    return (await allRows(store)).map((row) => row.signup.email)
  } finally {
    await store.close()
  }
}

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "signup-api-"))
  signupsFile = path.join(dir, "data", "signups.db")
  process.env.SIGNUPS_FILE = signupsFile
  // High enough for every test except the one about the limit.
  process.env.SIGNUP_RATE_LIMIT = "100000"
  delete process.env.SIGNUP_RATE_WINDOW_MS
})

afterEach(async () => {
  process.env = { ...originalEnv }
  await resetSignupRuntime()
  await fs.rm(dir, { recursive: true, force: true })
})

describe("POST /api/signup", () => {
  it("stores a new signup as one row and answers 201 with its place and links", async () => {
    const before = Date.now()
    const res = await post({ ...validSignup, email: "  Fan@Example.com ", consent: true })
    expect(res.statusCode).toBe(201)
    expect(res.body).toMatchObject({
      ok: true,
      status: "confirmed",
      position: 1,
      referralUrl: expect.stringMatching(/^https:\/\/block94\.example\/friend\/\?ref=/),
    })
    // The list's size is told only once it reaches what the site shows (content/site.json): no "#1 of 1" beside "5,000+".
    expect(res.body).not.toHaveProperty("total")
    expect(res.headers["cache-control"]).toBe("no-store")

    const rows = await storedRows()
    expect(rows).toHaveLength(1)
    const [stored] = rows
    expect(stored).toMatchObject({ email: "Fan@Example.com", email_key: "fan@example.com", source: "website_signup", signed_up_at: validSignup.timestamp })
    // The status token is stored as its hash only, and appears nowhere in the file.
    const token = linkSecret(String((res.body as { statusUrl: string }).statusUrl)) ?? ""
    expect(stored.status_token_hashes).toMatch(/^[0-9a-f]{64}$/)
    for (const file of [signupsFile, `${signupsFile}-wal`]) expect((await fs.readFile(file).catch(() => Buffer.alloc(0))).includes(token)).toBe(false)
    // (The hash is there to find: the probe can see what the files hold.)
    const files = await Promise.all([signupsFile, `${signupsFile}-wal`].map((file) => fs.readFile(file).catch(() => Buffer.alloc(0))))
    expect(files.some((bytes) => bytes.includes(Buffer.from(stored.status_token_hashes)))).toBe(true)
    expect(Date.parse(stored.received_at)).toBeGreaterThanOrEqual(before - 1)
    expect(Date.parse(stored.received_at)).toBeLessThanOrEqual(Date.now())
  })

  it("takes SITE_URL for the links at run time, never the request's Host", async () => {
    process.env.SITE_URL = "https://drop.block94.example"
    const res = await post(validSignup, { headers: { "content-type": "application/json", host: "evil.example" } })
    expect(res.body).toMatchObject({ referralUrl: expect.stringMatching(/^https:\/\/drop\.block94\.example\/friend\/\?ref=/) })
  })

  it("answers 200 already_subscribed for the same email in another case, storing it once", async () => {
    expect((await post(validSignup)).statusCode).toBe(201)
    const again = await post({ ...validSignup, email: "FAN@example.COM" })
    expect(again.statusCode).toBe(200)
    expect(again.body).toEqual({ ok: true, status: "already_subscribed" })
    expect(await storedEmails()).toEqual(["Fan@Example.com"])
  })

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
    expect(await storedRows()).toEqual([])
  })

  it("accepts application/json with a charset", async () => {
    const res = await post(validSignup, { headers: { "content-type": "application/json; charset=utf-8" } })
    expect(res.statusCode).toBe(201)
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
    expect(await storedRows()).toHaveLength(3)
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
      await expect(fs.stat(signupsFile)).rejects.toMatchObject({ code: "ENOENT" })
    } finally {
      consoleError.mockRestore()
    }
  })

  it("answers 500 with a JSON error and stores nothing when the store cannot be written", async () => {
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined)
    try {
      const blocker = path.join(dir, "a-file")
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

  it("reads SIGNUPS_FILE on each request, not once at load", async () => {
    const otherFile = path.join(dir, "elsewhere", "list.db")
    await post(validSignup)
    process.env.SIGNUPS_FILE = otherFile
    await post({ ...validSignup, email: "second@example.com" })
    expect(await storedEmails()).toEqual(["Fan@Example.com"])
    expect(await storedEmails(otherFile)).toEqual(["second@example.com"])
  })

  it("defaults the store to .data/signups.db under the working directory", async () => {
    delete process.env.SIGNUPS_FILE
    const cwd = jest.spyOn(process, "cwd").mockReturnValue(dir)
    try {
      expect((await post(validSignup)).statusCode).toBe(201)
    } finally {
      cwd.mockRestore()
    }
    expect(await storedRows(path.join(dir, ".data", "signups.db"))).toHaveLength(1)
  })

  it("keeps all of 200 concurrent signups with distinct emails, each exactly once", async () => {
    const emails = Array.from({ length: 200 }, (_, i) => `fan${i}@example.com`)
    const answers = await Promise.all(emails.map((email) => post({ ...validSignup, email })))
    expect(answers.every((res) => res.statusCode === 201)).toBe(true)

    expect(await storedRows()).toHaveLength(200)
    expect(new Set(await storedEmails())).toEqual(new Set(emails))
  })

  it("stores 50 concurrent signups of the same email once", async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => post({ ...validSignup, email: i % 2 ? "SAME@example.com" : "same@example.com" })))
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1)
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(49)
    expect(await storedRows()).toHaveLength(1)
  })

  it("shares the store between fresh copies of the module, as Gatsby re-requires the bundle per request", async () => {
    let reloaded: Handler = handler
    jest.isolateModules(() => {
      reloaded = (jest.requireActual("../signup") as { default: Handler }).default
    })
    expect(reloaded).not.toBe(handler)
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post({ ...validSignup, email: "shared@example.com" }, {}, i % 2 ? reloaded : handler)),
    )
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1)
    expect(await storedRows()).toHaveLength(1)
  })

  it("still knows stored emails after a restart", async () => {
    expect((await post(validSignup)).statusCode).toBe(201)

    // A restart: the in-memory stores and the modules are gone, the file stays.
    await resetSignupRuntime()
    let restarted: Handler = handler
    jest.isolateModules(() => {
      restarted = (jest.requireActual("../signup") as { default: Handler }).default
    })

    const again = await post({ ...validSignup, email: "fan@EXAMPLE.com" }, {}, restarted)
    expect(again.statusCode).toBe(200)
    expect(again.body).toEqual({ ok: true, status: "already_subscribed" })
    expect(await storedRows()).toHaveLength(1)
  })
})

describe("under Gatsby's own Function middleware (as gatsby develop and serve run it)", () => {
  // Express and Gatsby's middleware ship without type declarations; describe what we use.
  interface ExpressApp {
    use(path: string, ...handlers: unknown[]): void
  }
  type FunctionMiddlewares = (options: { getFunctions: () => unknown[] }) => unknown[]

  let server: http.Server
  let port: number

  beforeEach(async () => {
    const express = jest.requireActual("express") as () => ExpressApp
    const { functionMiddlewares } = jest.requireActual("gatsby/dist/internal-plugins/functions/middleware") as {
      functionMiddlewares: FunctionMiddlewares
    }
    const app = express()
    const gatsbyFunction = (name: string) => {
      const source = path.resolve(__dirname, "..", `${name}.ts`)
      return {
        functionRoute: name,
        originalAbsoluteFilePath: source,
        originalRelativeFilePath: `${name}.ts`,
        relativeCompiledFilePath: `${name}.js`,
        absoluteCompiledFilePath: source,
        pluginName: "default-site-plugin",
      }
    }
    const functions = ["signup", "confirm", "waitlist", "leave", "unsubscribe", "challenge"].map(gatsbyFunction)
    app.use("/api/*", ...functionMiddlewares({ getFunctions: () => functions }))
    server = http.createServer(app as unknown as http.RequestListener)
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    port = (server.address() as AddressInfo).port
  })

  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  /** Sends raw bytes so we control Content-Length and chunking exactly. */
  const send = (body: string, headers: Record<string, string>, chunked = false): Promise<{ status: number; contentType: string; json: unknown }> =>
    new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/signup",
          headers: chunked ? headers : { ...headers, "content-length": Buffer.byteLength(body) },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on("data", (chunk: Buffer) => chunks.push(chunk))
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8")
            let json: unknown
            try {
              json = JSON.parse(text)
            } catch {
              json = text
            }
            resolve({ status: response.statusCode ?? 0, contentType: String(response.headers["content-type"]), json })
          })
        },
      )
      // The server may close early on an oversized body; the answer still arrives first.
      request.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)))
      if (chunked) {
        for (let i = 0; i < body.length; i += 1000) request.write(body.slice(i, i + 1000))
      } else {
        request.write(body)
      }
      request.end()
    })

  const json = { "content-type": "application/json" }

  it("with the bot check enforced, refuses a signup without a solution and takes one with a challenge it solved", async () => {
    process.env.ALTCHA_MODE = "enforce"
    process.env.ALTCHA_HMAC_KEY = "bot-check-key-for-the-function-tests-01"
    expect(await send(JSON.stringify(validSignup), json)).toMatchObject({
      status: 403,
      json: { error: errorMessage("bot_check_failed"), code: "bot_check_failed" },
    })
    const challenge = (await (await fetch(`http://127.0.0.1:${port}/api/challenge`)).json()) as Challenge
    const solved = await send(JSON.stringify({ ...validSignup, altcha: await solveForRequest(challenge) }), json)
    expect(solved).toMatchObject({ status: 201 })
    expect((await storedRows()).map((row) => row.email)).toEqual([validSignup.email])
  })

  it("stores a signup sent over HTTP", async () => {
    const answer = await send(JSON.stringify(validSignup), json)
    expect(answer).toMatchObject({ status: 201, contentType: expect.stringContaining("application/json"), json: { ok: true, status: "confirmed" } })
    expect(await storedRows()).toHaveLength(1)
  })

  it("shows a signup's place at /api/waitlist by the token in its status link", async () => {
    const joined = (await send(JSON.stringify(validSignup), json)).json as { statusUrl: string; referralCode: string }
    const token = linkSecret(joined.statusUrl) ?? ""
    const response = await postJson(`http://127.0.0.1:${port}/api/waitlist`, { token })
    expect(response.status).toBe(200)
    const status = await response.json()
    expect(status).toMatchObject({ status: "confirmed", position: 1, referralCode: joined.referralCode })
    expect(status).not.toHaveProperty("total")
    expect((await postJson(`http://127.0.0.1:${port}/api/waitlist`, { token: "A".repeat(43) })).status).toBe(404)
    // Never in the address, where an access log would keep it.
    expect((await fetch(`http://127.0.0.1:${port}/api/waitlist?token=${token}`)).status).toBe(405)
  })

  it("answers /api/confirm with our JSON 404 for an unknown token", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/confirm`, { method: "POST", headers: json, body: JSON.stringify({ token: "A".repeat(43) }) })
    expect(response.status).toBe(404)
    await expect(response.json()).resolves.toMatchObject({ error: expect.stringContaining("not known") })
  })

  it("answers malformed JSON with our JSON 400, not body-parser's HTML page", async () => {
    const answer = await send('{"email": ', json)
    expect(answer.status).toBe(400)
    expect(answer.contentType).toContain("application/json")
    expect(answer.json).toEqual({ error: "Request body is not valid JSON", code: "body_not_json" })
  })

  it("answers bodies far over the limit with our JSON 413, with or without Content-Length", async () => {
    const huge = JSON.stringify({ ...validSignup, padding: "x".repeat(500_000) })
    for (const chunked of [false, true]) {
      const answer = await send(huge, json, chunked)
      expect(answer.status).toBe(413)
      expect(answer.contentType).toContain("application/json")
      expect(answer.json).toEqual({ error: "Request body is too large: the limit is 4096 bytes", code: "body_too_large" })
    }
    expect(await storedRows()).toEqual([])
  })

  it("takes a one-click unsubscribe as a mailbox provider posts it: a form body that reaches our handler, answered in our JSON", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/unsubscribe?token=${"A".repeat(43)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    })
    expect(response.status).toBe(404)
    await expect(response.json()).resolves.toEqual({ error: expect.stringContaining("unsubscribe link is not known"), code: "unsubscribe_link_unknown" })
    // A GET of the link is sent on to the page, never unsubscribing.
    const opened = await fetch(`http://127.0.0.1:${port}/api/unsubscribe?token=${"A".repeat(43)}`, { redirect: "manual" })
    expect(opened.status).toBe(303)
    expect(opened.headers.get("location")).toBe(`/unsubscribe/#token=${"A".repeat(43)}`)
  })

  it("lets a signup leave at /api/leave with the token of its status link", async () => {
    const joined = (await send(JSON.stringify(validSignup), json)).json as { statusUrl: string }
    const token = linkSecret(joined.statusUrl) ?? ""
    const left = await fetch(`http://127.0.0.1:${port}/api/leave`, { method: "POST", headers: json, body: JSON.stringify({ token }) })
    expect(left.status).toBe(200)
    await expect(left.json()).resolves.toEqual({ ok: true, status: "left" })
    expect(await storedRows()).toEqual([])
    expect((await postJson(`http://127.0.0.1:${port}/api/waitlist`, { token })).status).toBe(404)
  })

  it("answers a form post with our JSON 415", async () => {
    const answer = await send("email=fan%40example.com", { "content-type": "application/x-www-form-urlencoded" })
    expect(answer.status).toBe(415)
    expect(answer.contentType).toContain("application/json")
  })
})

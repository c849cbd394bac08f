// The Gatsby Functions under Gatsby's own middleware, over HTTP: our JSON answers reach the
// client, not body-parser's pages, and the functions' links work end to end.
import { errorMessage } from "../../signup/errors"
import http from "http"
import type { AddressInfo } from "net"
import path from "path"
import type { Challenge } from "altcha-lib"
import { solveForRequest } from "../../server/http/bot-check"
import { linkSecret, postJson } from "../../../test/link-secret"
import { storedRows, useSignupFolder, validSignup } from "../../../test/signup-function"

// Gatsby's CLI reporter patches the console and traps exit signals when loaded; the middleware
// test below only needs its log calls.
jest.mock("gatsby-cli/lib/reporter", () => ({ warn: jest.fn(), error: jest.fn(), verbose: jest.fn(), log: jest.fn() }))

const folder = useSignupFolder()

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
    expect((await storedRows(folder.signupsFile)).map((row) => row.email)).toEqual([validSignup.email])
  })

  it("stores a signup sent over HTTP", async () => {
    const answer = await send(JSON.stringify(validSignup), json)
    expect(answer).toMatchObject({ status: 201, contentType: expect.stringContaining("application/json"), json: { ok: true, status: "confirmed" } })
    expect(await storedRows(folder.signupsFile)).toHaveLength(1)
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
    expect(await storedRows(folder.signupsFile)).toEqual([])
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
    expect(await storedRows(folder.signupsFile)).toEqual([])
    expect((await postJson(`http://127.0.0.1:${port}/api/waitlist`, { token })).status).toBe(404)
  })

  it("answers a form post with our JSON 415", async () => {
    const answer = await send("email=fan%40example.com", { "content-type": "application/x-www-form-urlencoded" })
    expect(answer.status).toBe(415)
    expect(answer.contentType).toContain("application/json")
  })
})

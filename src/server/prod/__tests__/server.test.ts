// The production server without a network: Fastify's inject, a small built site, the real
// signup service on a file store.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { brotliCompressSync, gzipSync } from "node:zlib"
import type { FastifyInstance } from "fastify"
import { resetSignupRuntime, signupRuntime } from "../../runtime/runtime"
import { buildServer } from "../server"
import { linkSecret } from "../../../../test/link-secret"

const HEADERS_FILE = `/*
  Content-Security-Policy: default-src 'self'
  X-Frame-Options: DENY
  Cache-Control: public, max-age=0, must-revalidate

/*.js
  Cache-Control: public, max-age=31536000, immutable
`

const PAGE = `<!doctype html><title>About</title>${"<p>Block 94 lifestyle shop</p>".repeat(100)}`

const site = (): string => {
  const dir = mkdtempSync(join(tmpdir(), "block94-prod-site-"))
  mkdirSync(join(dir, "about"))
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>Home</title>")
  writeFileSync(join(dir, "404.html"), "<!doctype html><title>Not found</title><h1>404 Page Not Found</h1>")
  writeFileSync(join(dir, "_headers"), HEADERS_FILE)
  writeFileSync(join(dir, "about", "index.html"), PAGE)
  writeFileSync(join(dir, "about", "index.html.br"), brotliCompressSync(PAGE))
  writeFileSync(join(dir, "about", "index.html.gz"), gzipSync(PAGE))
  writeFileSync(join(dir, "app-1a2b.js"), "console.log('app')")
  return dir
}

let app: FastifyInstance
const logLines: string[] = []
const originalEnv = { ...process.env }

beforeEach(async () => {
  process.env.SIGNUPS_FILE = join(mkdtempSync(join(tmpdir(), "block94-prod-store-")), "signups.db")
  process.env.SIGNUP_RATE_LIMIT = "1000"
  logLines.splice(0)
  app = await buildServer({ publicDir: site(), runtime: signupRuntime(), log: (line) => logLines.push(line) })
})
afterEach(async () => {
  await app.close()
  await resetSignupRuntime()
  process.env = { ...originalEnv }
})

const signup = (email: string, query = "") =>
  app.inject({
    method: "POST",
    url: `/api/signup${query}`,
    headers: { "content-type": "application/json" },
    payload: { email, source: "website_signup", timestamp: "2026-11-22T12:00:00.000Z" },
  })

describe("the production server", () => {
  it("serves pages with the headers _headers gives their path", async () => {
    const page = await app.inject({ url: "/about/" })
    expect(page.statusCode).toBe(200)
    expect(page.headers).toMatchObject({
      "content-security-policy": "default-src 'self'",
      "x-frame-options": "DENY",
      "cache-control": "public, max-age=0, must-revalidate",
    })
    const script = await app.inject({ url: "/app-1a2b.js" })
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
    expect(script.headers["x-frame-options"]).toBe("DENY")
  })

  it("sends the brotli or gzip copy the browser accepts", async () => {
    const brotli = await app.inject({ url: "/about/", headers: { "accept-encoding": "gzip, br" } })
    expect(brotli.headers["content-encoding"]).toBe("br")
    expect(String(brotli.headers.vary).toLowerCase()).toContain("accept-encoding")
    expect(brotli.rawPayload.length).toBeLessThan(PAGE.length / 10)
    expect((await app.inject({ url: "/about/", headers: { "accept-encoding": "gzip" } })).headers["content-encoding"]).toBe("gzip")
    expect((await app.inject({ url: "/about/", headers: { "accept-encoding": "identity" } })).body).toBe(PAGE)
  })

  it("adds the trailing slash, as Gatsby's pages have it", async () => {
    const redirect = await app.inject({ url: "/about" })
    expect(redirect.statusCode).toBe(301)
    expect(redirect.headers.location).toBe("/about/")
  })

  it("sends a referral link shared for Home to the friend page, query kept, so it previews with the friend's card", async () => {
    const landing = await app.inject({ url: "/?ref=ABCD1234EF&utm_source=tiktok" })
    expect(landing.statusCode).toBe(302)
    expect(landing.headers.location).toBe("/friend/?ref=ABCD1234EF&utm_source=tiktok")
    // Home without a code, and other pages with one, stay where they are.
    expect((await app.inject({ url: "/" })).statusCode).toBe(200)
    expect((await app.inject({ url: "/?utm_source=tiktok" })).statusCode).toBe(200)
    expect((await app.inject({ url: "/about/?ref=ABCD1234EF" })).statusCode).toBe(200)
  })

  it("answers an unknown path with the 404 page and a real 404 status", async () => {
    const missing = await app.inject({ url: "/no-such-page/" })
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain("404 Page Not Found")
    expect(missing.headers["content-type"]).toContain("text/html")
    expect(missing.headers["x-frame-options"]).toBe("DENY")
  })

  it("takes signups in process, keeping the handler's no-store over the page caching", async () => {
    const first = await signup("fan@example.com")
    expect(first.statusCode).toBe(201)
    expect(first.json()).toMatchObject({ ok: true, status: "confirmed", position: 1 })
    // Below the size the site starts to show, the answer leaves the list's size out.
    expect(first.json()).not.toHaveProperty("total")
    expect(first.headers["cache-control"]).toBe("no-store")
    expect((await signup("FAN@example.com")).json()).toEqual({ ok: true, status: "already_subscribed" })
    const token = linkSecret(String(first.json().statusUrl))
    const status = await app.inject({ method: "POST", url: "/api/waitlist", headers: { "content-type": "application/json" }, payload: { token } })
    expect(status.json()).toMatchObject({ status: "confirmed", position: 1 })
  })

  it("lets a signup leave, and takes a one-click unsubscribe post, with the token kept out of the log", async () => {
    const joined = await signup("fan@example.com")
    const token = linkSecret(String(joined.json().statusUrl))
    const left = await app.inject({ method: "POST", url: "/api/leave", headers: { "content-type": "application/json" }, payload: { token } })
    expect(left.statusCode).toBe(200)
    expect(left.json()).toEqual({ ok: true, status: "left" })
    expect((await app.inject({ method: "POST", url: "/api/waitlist", headers: { "content-type": "application/json" }, payload: { token } })).statusCode).toBe(
      404,
    )
    const oneClick = await app.inject({
      method: "POST",
      url: "/api/unsubscribe?token=SECRET-UNSUBSCRIBE-TOKEN",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    })
    expect(oneClick.statusCode).toBe(404)
    expect(oneClick.json()).toEqual({ error: expect.stringContaining("unsubscribe link is not known"), code: "unsubscribe_link_unknown" })
    const opened = await app.inject({ url: "/api/unsubscribe?token=SECRET-UNSUBSCRIBE-TOKEN" })
    expect(opened.statusCode).toBe(303)
    expect(opened.headers.location).toBe("/unsubscribe/#token=SECRET-UNSUBSCRIBE-TOKEN")
    expect(logLines.join("\n")).not.toContain("SECRET")
    expect(logLines.join("\n")).not.toContain(String(token))
  })

  it("answers malformed and oversized requests in the handler's words, never crashing", async () => {
    const broken = await app.inject({ method: "POST", url: "/api/signup", headers: { "content-type": "application/json" }, payload: "{" })
    expect(broken).toMatchObject({ statusCode: 400 })
    expect(broken.json()).toEqual({ error: "Request body is not valid JSON", code: "body_not_json" })
    const huge = await app.inject({
      method: "POST",
      url: "/api/signup",
      headers: { "content-type": "application/json" },
      payload: `{"email":"${"x".repeat(10_000)}"}`,
    })
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toEqual({ error: "Request body is too large: the limit is 4096 bytes", code: "body_too_large" })
    const form = await app.inject({ method: "POST", url: "/api/signup", headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "email=a" })
    expect(form.statusCode).toBe(415)
    expect((await app.inject({ method: "GET", url: "/api/signup" })).statusCode).toBe(405)
    expect((await signup("still@example.com")).statusCode).toBe(201)
  })

  it("reports a reachable store at /healthz", async () => {
    const health = await app.inject({ url: "/healthz" })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({ ok: true, store: "file" })
  })

  it("logs one JSON line per request, with the path but never the query string's token", async () => {
    await app.inject({ url: "/api/unsubscribe?token=SECRET-TOKEN-VALUE" })
    await app.inject({ url: "/about/" })
    expect(logLines).toHaveLength(2)
    const [lookup, page] = logLines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lookup).toMatchObject({ method: "GET", path: "/api/unsubscribe", status: 303 })
    expect(page).toMatchObject({ method: "GET", path: "/about/", status: 200, ms: expect.any(Number) })
    expect(logLines.join("\n")).not.toContain("SECRET")
  })
})

describe("the owner's endpoints on the production server", () => {
  const owner = (url: string, secret?: string, init: { method?: "GET" | "POST"; payload?: object } = {}) =>
    app.inject({
      method: init.method ?? "GET",
      url,
      headers: { ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...(init.payload ? { "content-type": "application/json" } : {}) },
      payload: init.payload,
    })

  it("answer 404 until OWNER_TOKEN is set, which takes effect without a restart", async () => {
    delete process.env.OWNER_TOKEN
    expect((await owner("/api/owner/summary", "anything")).statusCode).toBe(404)
    process.env.OWNER_TOKEN = "the-owners-secret-0123456789abcdef"
    expect((await owner("/api/owner/summary", "anything")).statusCode).toBe(401)
    expect((await owner("/api/owner/summary", "the-owners-secret-0123456789abcdef")).statusCode).toBe(200)
  })

  it("sum up, export as CSV, erase an address and list who is next to invite with the secret", async () => {
    process.env.OWNER_TOKEN = "the-owners-secret-0123456789abcdef"
    await signup("fan@example.com")
    const summary = await owner("/api/owner/summary", "the-owners-secret-0123456789abcdef")
    expect(summary.headers["cache-control"]).toBe("no-store")
    expect(summary.json()).toMatchObject({ confirmed: 1, pending: 0 })
    const wrong = await owner("/api/owner/summary", "nope")
    expect(wrong.statusCode).toBe(401)
    expect(wrong.headers["www-authenticate"]).toBe('Bearer realm="owner"')
    expect(wrong.body).not.toContain("fan@example.com")
    const csv = await owner("/api/owner/export", "the-owners-secret-0123456789abcdef")
    expect(csv.headers).toMatchObject({ "content-type": "text/csv; charset=utf-8", "cache-control": "no-store" })
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="signups-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(csv.body.split("\r\n").filter(Boolean)).toHaveLength(2)
    expect(csv.body).toContain("fan@example.com")
    expect((await owner("/api/owner/forget", "the-owners-secret-0123456789abcdef", { method: "POST", payload: { email: "fan@example.com" } })).json()).toEqual({
      ok: true,
      found: true,
    })
    expect((await owner("/api/owner/invite", "the-owners-secret-0123456789abcdef", { method: "POST", payload: { count: 5, dryRun: true } })).json()).toEqual({
      ok: true,
      dryRun: true,
      invited: [],
    })
    expect((await owner("/api/owner/summary", "the-owners-secret-0123456789abcdef")).json()).toMatchObject({ confirmed: 0, left: 1 })
  })
})

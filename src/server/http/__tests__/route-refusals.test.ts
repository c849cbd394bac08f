/**
 * What every endpoint of the route table answers a request it cannot take: a method it does not
 * take (405 with Allow), a body of the wrong media type (415), too large (413), not JSON (400), or
 * a JSON object of fields it does not know (a 4xx naming what it expects), each with a JSON reason
 * and a code of the catalogue (src/signup/errors.ts) whose status it answers with, a code the
 * browser maps on the routes its pages call, and nothing stored. One table, so a new route is held
 * to the same rules without a test of its own.
 */
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { ApiAnswer, ApiRequest } from "../kit"
import { API_ERRORS, isErrorCode } from "../../../signup/errors"
import { createRateLimiter } from "../rate-limit"
import { ROUTES, type EndpointDependencies, type Route } from "../routes"
import { inviteNext } from "../../waitlist/invitations"
import { createSignupService } from "../../waitlist/service"
import { openEmbeddedStore } from "../../store/open-store"
import { allRows, type SignupStore } from "../../store/store"
import { oneDropCatalog } from "../../../../test/drop-catalog"
import { testDropService } from "../../../../test/drop-service"

const NOW = new Date("2026-11-22T12:00:00.000Z")
const OWNER_SECRET = "owner-secret-for-tests-0123456789"
const SHOP_SECRET = "shop-secret-for-tests-0123456789"

let store: SignupStore
let deps: EndpointDependencies
const logError = jest.fn()

beforeEach(() => {
  store = openEmbeddedStore(join(mkdtempSync(join(tmpdir(), "block94-route-refusals-")), "signups.db"), 10)
  const limiter = createRateLimiter(1000, 60_000, () => NOW.getTime())
  const catalog = oneDropCatalog({ opensAt: new Date("2026-12-04T17:00:00.000Z"), closesAt: new Date("2026-12-06T17:00:00.000Z"), notThisTimeEmail: false })
  const seedDir = mkdtempSync(join(tmpdir(), "block94-route-refusals-seeds-"))
  const drops = testDropService({ store, catalog, siteUrl: "https://block94.example", mail: null, seedDir })
  const dependencies = {
    drops,
    service: createSignupService({ store, mail: null, settings: { siteUrl: "https://block94.example", referralBoost: 10 } }),
    rateLimiter: limiter,
    now: () => NOW,
    logError,
    inviteApiToken: SHOP_SECRET,
  }
  deps = {
    dependencies,
    owner: {
      ...dependencies,
      ownerToken: () => OWNER_SECRET,
      store,
      inviteNext: (wave, now) => inviteNext(store, { siteUrl: "https://block94.example" }, wave, now),
    },
    visits: { visits: null, limiter, now: () => NOW, logError },
  }
  logError.mockClear()
})

afterEach(() => store.close())

/** A request to `route` from a caller it lets in (the owner's or the shop's secret where it asks for one). */
function requestTo(route: Route, method: string, contentType: string | null, body: string | Uint8Array = ""): ApiRequest {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body
  const secret = route.caller === "owner" ? OWNER_SECRET : route.caller === "shop" ? SHOP_SECRET : null
  return {
    method,
    headers: {
      ...(contentType ? { "content-type": contentType } : {}),
      ...(bytes.length > 0 ? { "content-length": String(bytes.length) } : {}),
      ...(secret ? { authorization: `Bearer ${secret}` } : {}),
    },
    query: new URLSearchParams(),
    clientKey: "203.0.113.20",
    readBody: async (maxBytes) => (bytes.length > maxBytes ? { kind: "tooLarge" } : { kind: "bytes", bytes }),
  }
}

/** The method a route takes a body with. */
const bodyMethod = (route: Route): string => (route.methods.includes("POST") ? "POST" : route.methods[0])

const withBody = ROUTES.filter((route) => route.body !== "none")

/** Media types the route does not take: a plain form's and plain text, or XML for the page-view beacon, which takes text. */
function wrongTypes(route: Route): string[] {
  if (route.body === "visit") return ["application/xml"]
  return route.body === "json or one-click" ? ["text/plain"] : ["text/plain", "application/x-www-form-urlencoded"]
}

/** Methods the route does not take (HEAD and OPTIONS aside: the owner's GET endpoints answer them). */
const wrongMethods = (route: Route): string[] => ["GET", "POST", "PUT", "DELETE"].filter((method) => !route.methods.includes(method as "GET" | "POST"))

/** The refusal's code: one of the catalogue, answered with its status; on a route the pages call, one the browser maps. */
function expectCatalogued(route: Route, answer: ApiAnswer): void {
  const { code } = answer.body
  const entry = isErrorCode(code) ? API_ERRORS[code] : null
  const pagesCall = route.caller === "anyone" && route.body !== "visit"
  expect({ path: route.path, code, status: entry?.status, mapped: !pagesCall || (entry !== null && "visitor" in entry) }).toEqual({
    path: route.path,
    code,
    status: answer.status,
    mapped: true,
  })
}

async function expectRefused(route: Route, request: ApiRequest, status: number | "4xx"): Promise<void> {
  const answer = await route.handle(request, deps)
  expectCatalogued(route, answer)
  const seen = { path: route.path, status: answer.status, error: typeof answer.body.error }
  if (status === "4xx") expect(seen.status >= 400 && seen.status < 500).toBe(true)
  expect(seen).toEqual({ path: route.path, status: status === "4xx" ? seen.status : status, error: "string" })
  expect(answer.headers["Cache-Control"]).toBe("no-store")
  expect(await allRows(store)).toEqual([])
  expect(logError).not.toHaveBeenCalled()
}

describe.each(ROUTES.map((route) => [route.path, route] as const))("%s", (_path, route) => {
  it(`answers a method other than ${route.methods.join(" or ")} with 405 and Allow`, async () => {
    for (const method of wrongMethods(route)) {
      const answer = await route.handle(requestTo(route, method, "application/json", "{}"), deps)
      expect(isErrorCode(answer.body.code) && API_ERRORS[answer.body.code].status).toBe(405)
      expect({ method, status: answer.status, allow: typeof answer.headers.Allow, error: typeof answer.body.error }).toEqual({
        method,
        status: 405,
        allow: "string",
        error: "string",
      })
      // The methods it takes, word for word.
      expect({ method, allow: answer.headers.Allow }).toEqual({ method, allow: route.methods.join(", ") })
    }
    expect(await allRows(store)).toEqual([])
  })

  if (!withBody.includes(route)) return

  it("refuses a wrong method, media type or declared length by the request's head, never reading its body", async () => {
    const unread = (request: ApiRequest): ApiRequest => ({ ...request, readBody: jest.fn(request.readBody) })
    const byHead = [
      unread(requestTo(route, wrongMethods(route)[0], "application/json", "{}")),
      unread(requestTo(route, bodyMethod(route), wrongTypes(route)[0], "{}")),
      unread({ ...requestTo(route, bodyMethod(route), "application/json", "{}"), headers: { "content-type": "application/json", "content-length": "100000" } }),
    ]
    for (const request of byHead) await route.handle(request, deps)
    expect(byHead.map((request) => (request.readBody as jest.Mock).mock.calls.length)).toEqual([0, 0, 0])
  })

  it("answers a body of a media type it does not take with 415", async () => {
    for (const type of wrongTypes(route)) await expectRefused(route, requestTo(route, bodyMethod(route), type, "{}"), 415)
  })

  it(`answers a body over ${route.maxBodyBytes} bytes with 413`, () =>
    expectRefused(route, requestTo(route, bodyMethod(route), "application/json", `{"padding":"${"x".repeat(route.maxBodyBytes)}"}`), 413))

  it("answers a body that is not JSON with 400", () => expectRefused(route, requestTo(route, bodyMethod(route), "application/json", '{"token": '), 400))

  it("answers a body that is not UTF-8 with 400", () =>
    expectRefused(route, requestTo(route, bodyMethod(route), "application/json", new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), 400))

  it("answers a JSON object of fields it does not know with a 4xx that says what it expects", () =>
    expectRefused(route, requestTo(route, bodyMethod(route), "application/json", '{"unexpected":true}'), "4xx"))
})

/** A route of the table by its path. */
function routeAt(path: string): Route {
  const found = ROUTES.find((route) => route.path === path)
  if (!found) throw new Error(`no route ${path}`)
  return found
}

describe("the signup's refusals, word for word", () => {
  const signup = routeAt("/api/signup")
  const valid = JSON.stringify({ email: "fan@example.com", source: "website_signup", timestamp: "2026-11-22T11:59:59.000Z" })
  const big = JSON.stringify({ email: "fan@example.com", padding: "x".repeat(5000) })
  const tooLarge = { error: "Request body is too large: the limit is 4096 bytes", code: "body_too_large" }
  const undeclared = (request: ApiRequest): ApiRequest => ({ ...request, headers: { "content-type": "application/json" } })

  it.each<[string, ApiRequest, number, Record<string, string>, Record<string, string> | null]>([
    ...["GET", "PUT", "DELETE"].map((method): [string, ApiRequest, number, Record<string, string>, Record<string, string>] => [
      `a ${method}`,
      requestTo(signup, method, "application/json", valid),
      405,
      { error: `Method ${method} is not allowed: send the signup with POST`, code: "method_not_allowed" },
      { Allow: "POST" },
    ]),
    ...["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"].map(
      (type): [string, ApiRequest, number, Record<string, string>, null] => [
        `a body of ${type}`,
        requestTo(signup, "POST", type, valid),
        415,
        { error: `Content-Type must be application/json, got "${type}"`, code: "unsupported_media_type" },
        null,
      ],
    ),
    ["a body with no Content-Type", requestTo(signup, "POST", null, valid), 415, { code: "unsupported_media_type" }, null],
    ["a body over 4 KB declared in Content-Length", requestTo(signup, "POST", "application/json", big), 413, tooLarge, null],
    ["a body over 4 KB found while reading it", undeclared(requestTo(signup, "POST", "application/json", big)), 413, tooLarge, null],
    [
      "malformed JSON",
      requestTo(signup, "POST", "application/json", '{"email": "fan@example.com", '),
      400,
      { error: "Request body is not valid JSON", code: "body_not_json" },
      null,
    ],
  ])("answers %s with its status and sentence, storing nothing", async (_case, request, status, body, headers) => {
    const answer = await signup.handle(request, deps)
    expect(answer).toMatchObject({ status, body, headers: headers ?? {} })
    expect(await allRows(store)).toEqual([])
  })
})

describe("the routes that take a token from a link", () => {
  const unknown = { token: "A".repeat(43) }
  it.each<[string, string, unknown, number, Record<string, unknown>]>([
    ["/api/confirm", "an unknown token", unknown, 404, {}],
    ["/api/confirm", "a malformed token", { token: "short" }, 404, {}],
    ["/api/confirm", "a body without a token", { tokens: "x" }, 400, {}],
    ["/api/waitlist", "an unknown token", unknown, 404, { error: expect.stringContaining("status link") }],
    ["/api/waitlist", "a malformed token", { token: "not-a-token" }, 404, { error: expect.stringContaining("status link") }],
    [
      "/api/waitlist",
      "a body without a token",
      {},
      400,
      { error: 'Request body must be a JSON object with the "token" from your status link', code: "body_invalid" },
    ],
    ["/api/leave", "an unknown token", unknown, 404, {}],
    ["/api/leave", "a malformed token", { token: "short" }, 404, {}],
    ["/api/leave", "a body without a token", { tokens: "x" }, 400, {}],
    ["/api/unsubscribe", "a body without a token", { tokens: "x" }, 400, {}],
  ])("%s answers %s with %s", async (path, _case, body, status, expected) => {
    const route = routeAt(path)
    expect(await route.handle(requestTo(route, "POST", "application/json", JSON.stringify(body)), deps)).toMatchObject({ status, body: expected })
  })
})

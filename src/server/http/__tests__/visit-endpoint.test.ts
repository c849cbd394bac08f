// POST /api/visit as any host calls it, over a real counter and store: a good beacon is counted,
// a malformed one gets a 4xx and changes nothing, a bot is answered like anyone and counted
// nowhere, the owner's and editors' pages are never counted, and a flood meets its own limit.
import { openEmbeddedStore } from "../../store/open-store"
import type { SignupStore } from "../../store/store"
import { createVisitCounter, type VisitCounter } from "../../store/visit-counter"
import { newSignupsFile } from "../../../../test/store-engines"
import { MAX_VISIT_BYTES } from "../../../signup/visit"
import { createRateLimiter } from "../rate-limit"
import { handleVisitRequest, type VisitDependencies } from "../visit-handler"
import type { ApiRequest, BodyRead } from "../kit"

const NOW = new Date("2026-11-23T14:20:00.000Z")
const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"

const beacon = (body: unknown, headers: Record<string, string> = {}, method = "POST"): ApiRequest => {
  const bytes = Buffer.from(typeof body === "string" ? body : JSON.stringify(body), "utf8")
  return {
    method,
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER, ...headers },
    query: new URLSearchParams(),
    clientKey: "203.0.113.9",
    readBody: async (maxBytes): Promise<BodyRead> => (bytes.length > maxBytes ? { kind: "tooLarge" } : { kind: "bytes", bytes }),
  }
}

let store: SignupStore
let counter: VisitCounter
let deps: VisitDependencies
const logged: string[] = []
beforeEach(() => {
  store = openEmbeddedStore(newSignupsFile(), 10)
  counter = createVisitCounter(store, { serverless: false, logError: (message) => logged.push(message) })
  deps = { visits: counter, limiter: createRateLimiter(1000, 60_000), now: () => NOW, logError: (message) => logged.push(message) }
  logged.length = 0
})
afterEach(async () => {
  await counter.close()
  await store.close()
})

const counted = async () => {
  await counter.flush()
  return store.visitTotals()
}

it("counts a landing with where it came from, answering 204 with nothing to read", async () => {
  const answer = await handleVisitRequest(
    beacon({ path: "/", landing: true, source: "tiktok", campaign: "drop01", referrer: "www.tiktok.com", ref: "ABC123" }),
    deps,
  )
  expect(answer.status).toBe(204)
  expect(answer.headers["Cache-Control"]).toBe("no-store")
  expect(await counted()).toEqual({ views: 1, visits: 1 })
  const funnel = await store.funnel(NOW)
  expect(funnel.sources[0]).toMatchObject({ name: "tiktok", visits: 1 })
  expect(funnel.links).toEqual([{ code: "ABC123", visits: 1, signups: 0, confirmed: 0 }])
})

it("takes JSON as application/json too, and a view that is not a landing", async () => {
  expect((await handleVisitRequest(beacon({ path: "/about/" }, { "content-type": "application/json" }), deps)).status).toBe(204)
  expect(await counted()).toEqual({ views: 1, visits: 0 })
})

it.each([
  ["a GET", beacon({ path: "/" }, {}, "GET"), 405],
  ["a form post", beacon("path=/", { "content-type": "application/x-www-form-urlencoded" }), 415],
  ["no content type", beacon({ path: "/" }, { "content-type": "" }), 415],
  ["a body over the limit", beacon({ path: `/${"a".repeat(MAX_VISIT_BYTES)}` }), 413],
  ["a length announced over the limit", beacon({ path: "/" }, { "content-length": String(MAX_VISIT_BYTES + 1) }), 413],
  ["an empty body", beacon(""), 400],
  ["broken JSON", beacon("{path:"), 400],
  ["bytes that are not UTF-8", { ...beacon(""), readBody: async (): Promise<BodyRead> => ({ kind: "bytes", bytes: Buffer.from([0xff, 0xfe]) }) }, 400],
  ["an array", beacon([{ path: "/" }]), 400],
  ["no path", beacon({ landing: true }), 400],
  ["a path with a query", beacon({ path: "/waitlist/?token=secret" }), 400],
  ["a path not from the root", beacon({ path: "about" }), 400],
  ["a path too long", beacon({ path: `/${"a".repeat(200)}` }), 400],
  ["an unknown field", beacon({ path: "/", email: "ana@example.com" }), 400],
  ["landing not a boolean", beacon({ path: "/", landing: "yes" }), 400],
  ["a source on a view that is not a landing", beacon({ path: "/", source: "tiktok" }), 400],
  ["a referrer that is not a host", beacon({ path: "/", landing: true, referrer: "https://evil.example/x" }), 400],
  ["a source with a line break", beacon({ path: "/", landing: true, source: "a\nb" }), 400],
  ["a source of spaces", beacon({ path: "/", landing: true, source: "  " }), 400],
  ["a referral code with punctuation", beacon({ path: "/", landing: true, ref: "AB-12" }), 400],
  ["a number as a campaign", beacon({ path: "/", landing: true, campaign: 7 }), 400],
  ["a body that cannot be read", { ...beacon({ path: "/" }), readBody: () => Promise.reject(new Error("closed")) }, 400],
])("answers %s with a 4xx and counts nothing", async (_what, request, status) => {
  const answer = await handleVisitRequest(request, deps)
  expect(answer.status).toBe(status)
  expect(typeof answer.body.error).toBe("string")
  expect(await counted()).toEqual({ views: 0, visits: 0 })
})

it.each([
  ["Googlebot", { "user-agent": GOOGLEBOT }],
  ["a headless browser", { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36" }],
  ["a script", { "user-agent": "curl/8.5.0" }],
  ["no user agent", { "user-agent": "" }],
])("answers %s as anyone (204) and counts it nowhere", async (_what, headers) => {
  const answer = await handleVisitRequest(beacon({ path: "/", landing: true, source: "tiktok" }, headers), deps)
  expect(answer.status).toBe(204)
  expect(await counted()).toEqual({ views: 0, visits: 0 })
})

it.each(["/owner/", "/owner", "/admin/", "/admin/index.html"])("never counts %s", async (path) => {
  expect((await handleVisitRequest(beacon({ path }), deps)).status).toBe(204)
  expect(await counted()).toEqual({ views: 0, visits: 0 })
})

it("answers 204 and counts nothing while counting is off", async () => {
  expect((await handleVisitRequest(beacon({ path: "/" }), { ...deps, visits: null })).status).toBe(204)
  expect(await counted()).toEqual({ views: 0, visits: 0 })
})

it("holds a flood from one client to its own budget, with Retry-After, and counts only what it let through", async () => {
  const limited = { ...deps, limiter: createRateLimiter(3, 60_000, () => NOW.getTime()) }
  const statuses = []
  for (let i = 0; i < 5; i++) statuses.push((await handleVisitRequest(beacon({ path: "/" }), limited)).status)
  expect(statuses).toEqual([204, 204, 204, 429, 429])
  const refused = await handleVisitRequest(beacon({ path: "/" }), limited)
  expect(Number(refused.headers["Retry-After"])).toBeGreaterThan(0)
  expect(await counted()).toEqual({ views: 3, visits: 0 })
})

it("answers 5xx, never a crash, when a view cannot be written at once (serverless) and the store cannot be opened", async () => {
  // A database file under a file: nothing can be created there.
  const gone = openEmbeddedStore("/dev/null/signups.db", 10)
  const direct = createVisitCounter(gone, { serverless: true, logError: () => undefined })
  const answer = await handleVisitRequest(beacon({ path: "/" }), { ...deps, visits: direct })
  expect(answer.status).toBeGreaterThanOrEqual(500)
  expect(typeof answer.body.error).toBe("string")
  expect(logged).toEqual(["signups: could not handle a request"])
})

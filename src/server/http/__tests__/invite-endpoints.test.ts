// The invitation endpoints as any host calls them, over a real service and a real SQLite store:
// the page's lookup (GET /api/invite) and the shop's redemption (POST /api/invite/redeem).
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { handleInvitationRequest, handleRedeemRequest } from "../invite-handler"
import { handleSignupRequest } from "../signup-handler"
import { handleWaitlistRequest } from "../status-handler"
import { type HandlerDependencies } from "../kit"
import { hasBearerSecret } from "../secret-gate"
import { inviteNext } from "../../waitlist/invitations"
import type { RateDecision } from "../rate-limit"
import { createSignupService } from "../../waitlist/service"
import { openEmbeddedStore } from "../../store/open-store"
import type { SignupStore } from "../../store/store"
import { apiRequest } from "../../../../test/api-request"
import { linkSecret } from "../../../../test/link-secret"

const NOW = new Date("2026-12-01T09:00:00.000Z")
const SETTINGS = { siteUrl: "https://block94.example", referralBoost: 10 }
const SECRET = "shop-secret-0123456789abcdef"

const stores: SignupStore[] = []
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()))
})

const setUp = (options: { inviteApiToken?: string; decision?: RateDecision } = {}) => {
  const store = openEmbeddedStore(join(mkdtempSync(join(tmpdir(), "block94-invite-endpoints-")), "signups.db"), 10)
  stores.push(store)
  const hit = jest.fn((_key: string, _cost?: 0 | 1) => options.decision ?? { allowed: true as const })
  const deps: HandlerDependencies = {
    service: createSignupService({ store, mail: null, settings: SETTINGS }),
    rateLimiter: { hit },
    now: () => NOW,
    logError: jest.fn(),
    inviteApiToken: "inviteApiToken" in options ? options.inviteApiToken : SECRET,
  }
  return { store, deps, hit }
}

const request = apiRequest

/** Two people join, both are invited; returns their codes (from the emails in the outbox) and status tokens. */
const invited = async (store: SignupStore, deps: HandlerDependencies) => {
  const statusTokens: string[] = []
  for (const email of ["first@example.com", "second@example.com"]) {
    const joined = await handleSignupRequest(request({ body: JSON.stringify({ email, source: "website_signup", timestamp: NOW.toISOString() }) }), deps)
    statusTokens.push(linkSecret(String(joined.body.statusUrl)) as string)
  }
  await inviteNext(store, SETTINGS, { count: 2, dryRun: false }, NOW)
  const mails = await store.claimDueMessages(NOW, 10, new Date(NOW.getTime() + 60_000))
  const codes = mails.map((mail) => linkSecret(mail.payload.link, "code") as string)
  return { codes, statusTokens }
}

const lookUp = (deps: HandlerDependencies, code: string | null, method = "POST") =>
  handleInvitationRequest(request({ method, body: JSON.stringify(code === null ? {} : { code }) }), deps)

const redeem = (deps: HandlerDependencies, body: unknown, headers: Record<string, string> = { authorization: `Bearer ${SECRET}` }) =>
  handleRedeemRequest(
    request({ headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) }),
    deps,
  )

describe("POST /api/invite", () => {
  it("answers valid, then redeemed once the shop took the code, and unknown for anything else: never who it belongs to", async () => {
    const { store, deps } = setUp()
    const { codes } = await invited(store, deps)
    const valid = await lookUp(deps, codes[0])
    expect(valid).toEqual({ status: 200, headers: { "Cache-Control": "no-store" }, body: { state: "valid" } })
    await redeem(deps, { code: codes[0] })
    await expect(lookUp(deps, codes[0])).resolves.toMatchObject({ status: 200, body: { state: "redeemed" } })
    await expect(lookUp(deps, codes[1])).resolves.toMatchObject({ body: { state: "valid" } })
    for (const code of ["A".repeat(43), "short"]) await expect(lookUp(deps, code)).resolves.toMatchObject({ status: 200, body: { state: "unknown" } })
    await expect(lookUp(deps, null)).resolves.toMatchObject({ status: 400 })
  })

  it("is rate limited, and takes the code in the body only: a GET with it in the address is refused", async () => {
    const limited = setUp({ decision: { allowed: false, retryAfterSeconds: 6 } })
    await expect(lookUp(limited.deps, "A".repeat(43))).resolves.toMatchObject({ status: 429, headers: { "Retry-After": "6" } })
    const { deps } = setUp()
    const old = handleInvitationRequest(request({ method: "GET", query: new URLSearchParams({ code: "A".repeat(43) }) }), deps)
    await expect(old).resolves.toMatchObject({ status: 405, headers: { Allow: "POST" } })
  })
})

describe("POST /api/invite/redeem", () => {
  it("redeems a code once with the shop's secret: 200 with the address, then 409; 404 for a code no one has", async () => {
    const { store, deps, hit } = setUp()
    const { codes } = await invited(store, deps)
    hit.mockClear()
    const first = await redeem(deps, { code: codes[1] })
    expect(first).toEqual({ status: 200, headers: { "Cache-Control": "no-store" }, body: { redeemed: true, email: "second@example.com" } })
    await expect(redeem(deps, { code: codes[1] })).resolves.toEqual({
      status: 409,
      headers: { "Cache-Control": "no-store" },
      body: { error: "This invitation code was already used", code: "invitation_used", redeemedAt: NOW.toISOString() },
    })
    await expect(redeem(deps, { code: "B".repeat(43) })).resolves.toMatchObject({
      status: 404,
      body: { error: "This invitation code is not known", code: "invitation_unknown" },
    })
    await expect(redeem(deps, { code: "not-a-code" })).resolves.toMatchObject({ status: 404 })
    // The shop redeems many codes at launch: requests with the right secret take nothing from the limit.
    expect(hit.mock.calls.length).toBeGreaterThan(0)
    expect(hit.mock.calls).toEqual(hit.mock.calls.map(() => ["invitations secret: 203.0.113.7", 0]))
  })

  it("answers 401 without the right secret and redeems nothing; wrong guesses count in the shop secret's own buckets", async () => {
    const { store, deps, hit } = setUp()
    const { codes } = await invited(store, deps)
    hit.mockClear()
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: "Bearer wrong-secret" },
      { authorization: `Basic ${SECRET}` },
      { authorization: `Bearer ${SECRET}x` },
    ]
    for (const headers of attempts) {
      const answer = await redeem(deps, { code: codes[0] }, headers)
      expect(answer).toMatchObject({
        status: 401,
        headers: { "WWW-Authenticate": 'Bearer realm="invitations"' },
        body: { error: "Send the shop's secret as Authorization: Bearer <INVITE_API_TOKEN>", code: "shop_secret_wrong" },
      })
    }
    // Each wrong try takes a token from the client's failure bucket, apart from the signup limit.
    expect(hit.mock.calls).toEqual(Array(4).fill(["invitations secret: 203.0.113.7", 1]))
    await expect(lookUp(deps, codes[0])).resolves.toMatchObject({ body: { state: "valid" } })
    // While the client's bucket is empty, the right secret gets the same 429 as a guess: a guess past the budget tells nothing.
    const limited = setUp({ decision: { allowed: false, retryAfterSeconds: 6 } })
    await expect(redeem(limited.deps, { code: codes[0] }, { authorization: "Bearer guess" })).resolves.toMatchObject({ status: 429 })
    await expect(redeem(limited.deps, { code: codes[0] })).resolves.toMatchObject({ status: 429, headers: { "Retry-After": "6" } })
  })

  it("is not there at all without INVITE_API_TOKEN", async () => {
    const { deps } = setUp({ inviteApiToken: undefined })
    await expect(redeem(deps, { code: "A".repeat(43) })).resolves.toMatchObject({ status: 404, body: { error: "Not found", code: "endpoint_off" } })
  })

  it.each([
    ["a body that is not JSON", "{code:", 400, "Request body is not valid JSON"],
    ["no code", {}, 400, 'Request body must be a JSON object with the "code" from the invitation link'],
    ["a code that is not text", { code: 42 }, 400, 'Request body must be a JSON object with the "code" from the invitation link'],
  ])("refuses %s with 400", async (_case, body, status, error) => {
    const { deps } = setUp()
    await expect(redeem(deps, body)).resolves.toMatchObject({ status, body: { error } })
  })

  it("takes JSON by POST only", async () => {
    const { deps } = setUp()
    await expect(handleRedeemRequest(request({ method: "GET", headers: { authorization: `Bearer ${SECRET}` } }), deps)).resolves.toMatchObject({
      status: 405,
      headers: { Allow: "POST" },
    })
    await expect(redeem(deps, "code=x", { authorization: `Bearer ${SECRET}`, "content-type": "application/x-www-form-urlencoded" })).resolves.toMatchObject({
      status: 415,
    })
  })
})

describe("the status page's answer", () => {
  it("says invited, then redeemed, and keeps the person's place", async () => {
    const { store, deps } = setUp()
    const { codes, statusTokens } = await invited(store, deps)
    const status = (token: string) => handleWaitlistRequest(request({ body: JSON.stringify({ token }) }), deps)
    await expect(status(statusTokens[1])).resolves.toMatchObject({
      status: 200,
      body: { status: "confirmed", position: 2, total: 2, invited: true, redeemed: false },
    })
    await redeem(deps, { code: codes[1] })
    await expect(status(statusTokens[1])).resolves.toMatchObject({ body: { position: 2, invited: true, redeemed: true } })
  })
})

describe("the shop's secret", () => {
  it("matches only the exact secret after Bearer", () => {
    expect(hasBearerSecret(`Bearer ${SECRET}`, SECRET)).toBe(true)
    expect(hasBearerSecret(`bearer ${SECRET}`, SECRET)).toBe(true)
    expect(hasBearerSecret(`Bearer ${SECRET.slice(0, -1)}`, SECRET)).toBe(false)
    expect(hasBearerSecret(`Bearer ${SECRET} extra`, SECRET)).toBe(false)
    expect(hasBearerSecret(undefined, SECRET)).toBe(false)
    expect(hasBearerSecret("Bearer ", SECRET)).toBe(false)
  })
})

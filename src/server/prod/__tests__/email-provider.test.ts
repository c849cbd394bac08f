// serve:prod with EMAIL_PROVIDER set: a confirmed signup reaches the owner's email tool (Loops,
// here a local stand-in of its API) through the outbox, and a provider missing a setting is
// reported at start while signups go on.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startFakeApi, type FakeApi } from "../../../../test/provider-api"
import { tinySite } from "../../../../test/tiny-site"
import { serveProduction, type ProductionServer } from "../../../../tools/dev/serve"

jest.setTimeout(90_000)

const signUp = (server: ProductionServer, email: string) =>
  fetch(`${server.baseUrl}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, source: "website_signup", timestamp: new Date().toISOString() }),
  })

const until = async <Value>(read: () => Value | undefined, what: string, timeoutMs = 15_000): Promise<Value> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe("the owner's email tool from serve:prod", () => {
  let server: ProductionServer | null = null
  let api: FakeApi | null = null
  const signupsFile = () => join(mkdtempSync(join(tmpdir(), "block94-prod-provider-")), "signups.db")
  afterEach(async () => {
    await server?.stop("SIGTERM")
    await api?.close()
    server = null
    api = null
  })

  it("adds a confirmed signup to the provider's list, with their place and referral code", async () => {
    api = await startFakeApi()
    api.answer({ status: 200, body: { success: true, id: "contact-1" } })
    server = await serveProduction({
      SIGNUPS_FILE: signupsFile(),
      PUBLIC_DIR: tinySite(),
      EMAIL_PROVIDER: "loops",
      EMAIL_PROVIDER_API_KEY: "loops-key",
      EMAIL_PROVIDER_API_URL: api.url,
    })
    expect((await signUp(server, "synced@example.com")).status).toBe(201)
    const call = await until(() => api?.requests[0], "the provider's request")
    expect(call).toMatchObject({ method: "PUT", path: "/api/v1/contacts/update", headers: { authorization: "Bearer loops-key" } })
    expect(call.body).toMatchObject({
      email: "synced@example.com",
      waitlistPosition: 1,
      waitlistReferrals: 0,
      referralCode: expect.stringMatching(/^[A-Za-z0-9]+$/),
    })
  })

  it("says which setting a provider is missing, and takes signups all the same", async () => {
    server = await serveProduction({ SIGNUPS_FILE: signupsFile(), PUBLIC_DIR: tinySite(), EMAIL_PROVIDER: "mailchimp" })
    expect((await signUp(server, "unsynced@example.com")).status).toBe(201)
    await until(() => (server?.output().includes("EMAIL_PROVIDER_API_KEY is not set") ? true : undefined), "the settings problem in the log")
  })
})

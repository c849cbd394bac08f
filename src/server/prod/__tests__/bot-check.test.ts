// serve:prod with the bot check on, on each store, as a bot and a person meet it over HTTP.
import type { Challenge } from "altcha-lib"
import { tinySite } from "../../../../test/tiny-site"
import { serveProduction, type ProductionServer } from "../../../../tools/dev/serve"
import { solveForRequest } from "../../http/bot-check"
import { serverEngines } from "../../../../test/store-engines"

jest.setTimeout(60_000)

const stores: Array<[string, () => Promise<Record<string, string>>]> = serverEngines

describe.each(stores)("serve:prod's bot check on %s", (_name, storage) => {
  let server: ProductionServer
  const OWNER = "owner-secret-for-the-bot-check-0123"
  afterEach(() => server?.stop())

  const start = async (mode: string) => {
    server = await serveProduction({
      ...(await storage()),
      PUBLIC_DIR: tinySite(),
      ALTCHA_MODE: mode,
      ALTCHA_HMAC_KEY: "bot-check-key-for-serve-prod-tests-0123",
      OWNER_TOKEN: OWNER,
    })
  }
  const post = (path: string, body: unknown) =>
    fetch(`${server.baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
  const signup = (email: string, altcha?: string) =>
    post("/api/signup", { email, source: "website_signup", timestamp: new Date().toISOString(), ...(altcha ? { altcha } : {}) })
  const solved = async () => solveForRequest((await (await fetch(`${server.baseUrl}/api/challenge`)).json()) as Challenge)
  const botCheck = async () =>
    (
      (await (await fetch(`${server.baseUrl}/api/owner/summary`, { headers: { authorization: `Bearer ${OWNER}` } })).json()) as {
        botCheck: Record<string, number>
      }
    ).botCheck

  it("enforce: a signup without a valid solution is refused, a replayed one too; a person's is taken", async () => {
    await start("enforce")
    expect((await signup("bot@example.com")).status).toBe(403)
    expect((await signup("forged@example.com", Buffer.from('{"challenge":{"parameters":{}},"solution":{}}').toString("base64"))).status).toBe(403)
    const solution = await solved()
    expect((await signup("person@example.com", solution)).status).toBe(201)
    expect((await signup("replay@example.com", solution)).status).toBe(403)
    expect(await botCheck()).toEqual({ passed: 1, refused: 3, wouldRefuse: 0, replayed: 1, missing: 1 })
  })

  it("monitor: a signup without a solution goes through and is counted", async () => {
    await start("monitor")
    expect((await signup("unchecked@example.com")).status).toBe(201)
    expect(await botCheck()).toMatchObject({ wouldRefuse: 1, refused: 0 })
  })
})

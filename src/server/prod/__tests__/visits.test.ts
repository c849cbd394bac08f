// Visits through the production server (Fastify's inject, a tiny built site, the real runtime on
// each engine): a beacon is counted and read back from the owner's funnel, the funnel is the
// owner's only, VISIT_COUNTING=off counts nothing, and a stop writes what waited for its batch.
import type { FastifyInstance } from "fastify"
import { serverEngines } from "../../../../test/store-engines"
import { tinySite } from "../../../../test/tiny-site"
import { resetSignupRuntime, signupRuntime } from "../../runtime/runtime"
import type { FunnelAnswer } from "../../../signup/funnel"
import { openEmbeddedStore, openPostgresStore } from "../../store/open-store"
import { buildServer } from "../server"

const SECRET = "owner-secret-for-visit-tests-0123456789"
const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"
const originalEnv = { ...process.env }

describe.each(serverEngines)("visits through serve:prod on %s", (_engine, storeSettings) => {
  let app: FastifyInstance
  let env: Record<string, string>
  const start = async (extra: Record<string, string> = {}) => {
    env = await storeSettings()
    Object.assign(process.env, env, { SIGNUP_RATE_LIMIT: "1000", OWNER_TOKEN: SECRET }, extra)
    app = await buildServer({ publicDir: tinySite(), runtime: signupRuntime() })
  }
  afterEach(async () => {
    await app?.close()
    await resetSignupRuntime()
    process.env = { ...originalEnv }
  })

  const view = (body: unknown, userAgent = BROWSER) =>
    app.inject({
      method: "POST",
      url: "/api/visit",
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": userAgent },
      payload: JSON.stringify(body),
    })
  const funnel = async (secret = SECRET) => app.inject({ method: "GET", url: "/api/owner/funnel", headers: { authorization: `Bearer ${secret}` } })

  it("counts a beacon and shows it in the owner's funnel at once, without waiting for the batch", async () => {
    await start()
    expect((await view({ path: "/", landing: true, source: "newsletter" })).statusCode).toBe(204)
    expect((await view({ path: "/about/" })).statusCode).toBe(204)
    expect((await view({ path: "/", landing: true }, "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)")).statusCode).toBe(204)
    const answer = await funnel()
    expect(answer.statusCode).toBe(200)
    expect(answer.headers["cache-control"]).toBe("no-store")
    const body = answer.json<FunnelAnswer>()
    expect(body).toMatchObject({ counting: true, smallCount: 5, dayZone: "UTC", total: { views: 2, visits: 1 } })
    expect(body.sources[0]).toMatchObject({ name: "newsletter", visits: 1 })
    const summary = await app.inject({ method: "GET", url: "/api/owner/summary", headers: { authorization: `Bearer ${SECRET}` } })
    expect(summary.json()).toMatchObject({ visits: { views: 2, visits: 1 } })
  })

  it("keeps the funnel behind the owner's secret", async () => {
    await start()
    expect((await funnel("wrong-secret-wrong-secret-wrong-secret")).statusCode).toBe(401)
  })

  it("counts nothing with VISIT_COUNTING=off, and says so", async () => {
    await start({ VISIT_COUNTING: "off" })
    expect((await view({ path: "/", landing: true })).statusCode).toBe(204)
    expect((await funnel()).json()).toMatchObject({ counting: false, total: { views: 0, visits: 0 } })
  })

  it("writes the views still waiting for their batch when it stops", async () => {
    await start()
    for (let i = 0; i < 3; i++) expect((await view({ path: "/drop/" })).statusCode).toBe(204)
    await app.close()
    await resetSignupRuntime()
    const store = env.DATABASE_URL ? openPostgresStore({ connectionString: env.DATABASE_URL, poolSize: 1 }, 10) : openEmbeddedStore(env.SIGNUPS_FILE, 10)
    try {
      expect(await store.visitTotals()).toEqual({ views: 3, visits: 0 })
    } finally {
      await store.close()
    }
  })
})

// /healthz as a load balancer sees it: 200 while the store answers, else a quick 503 that names
// the database, never a hang.
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { FastifyInstance } from "fastify"
import { resetSignupRuntime, signupRuntime } from "../../runtime/runtime"
import { StoreUnavailableError } from "../../store/database"
import type { SignupStore } from "../../store/store"
import { buildServer, HEALTH_TIMEOUT_MS } from "../server"

const site = (): string => {
  const dir = mkdtempSync(join(tmpdir(), "block94-healthz-site-"))
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>Home</title>")
  writeFileSync(join(dir, "404.html"), "<!doctype html><title>Not found</title>")
  writeFileSync(join(dir, "_headers"), "/*\n  X-Content-Type-Options: nosniff\n")
  return dir
}

const originalEnv = { ...process.env }
const apps: FastifyInstance[] = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()))
  await resetSignupRuntime()
  process.env = { ...originalEnv }
})

/** The production server on PostgreSQL whose store pings with `ping`. */
const serverWith = async (ping: SignupStore["ping"]) => {
  process.env.SIGNUPS_FILE = join(mkdtempSync(join(tmpdir(), "block94-healthz-store-")), "signups.db")
  const runtime = signupRuntime()
  const logError = jest.fn()
  const store = { ...(runtime.store as SignupStore), ping, close: async () => undefined }
  const app = await buildServer({
    publicDir: site(),
    runtime: {
      ...runtime,
      store,
      settings: { ...runtime.settings, databaseUrl: "postgres://db.invalid/signups" },
      dependencies: { ...runtime.dependencies, logError },
    },
  })
  apps.push(app)
  return { app, logError }
}

describe("/healthz", () => {
  it("answers 200 while the store answers", async () => {
    const { app } = await serverWith(async () => undefined)
    const health = await app.inject({ url: "/healthz" })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({ ok: true, store: "postgresql" })
  })

  it("answers 503 naming the database when it cannot be reached, and logs why", async () => {
    const cause = new StoreUnavailableError("the signup database cannot be reached")
    const { app, logError } = await serverWith(() => Promise.reject(cause))
    const health = await app.inject({ url: "/healthz" })
    expect(health.statusCode).toBe(503)
    expect(health.headers["cache-control"]).toBe("no-store")
    expect(health.json()).toEqual({ ok: false, store: "postgresql", error: "The signup database (PostgreSQL, DATABASE_URL) cannot be reached" })
    expect(logError).toHaveBeenCalledWith(expect.stringContaining("healthz"), cause)
  })

  it("answers 503 within its time limit when the database does not answer at all", async () => {
    const { app } = await serverWith(() => new Promise<void>(() => undefined))
    const started = Date.now()
    const health = await app.inject({ url: "/healthz" })
    expect(Date.now() - started).toBeLessThan(HEALTH_TIMEOUT_MS + 1_000)
    expect(health.statusCode).toBe(503)
    expect(health.json()).toEqual({
      ok: false,
      store: "postgresql",
      error: `The signup database (PostgreSQL, DATABASE_URL) did not answer within ${HEALTH_TIMEOUT_MS / 1000} s`,
    })
  })
})

// `npm run drop:commit`, `drop:draw` and `drop:verify` as the owner (and anyone checking) runs
// them: processes of their own on the store the server uses, with DROPS_FILE moving the window.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import drops from "../../content/drops.json"
import { runTool } from "../../test/run-tool"
import { seedHash } from "../../src/drop/draw"
import { dropCatalog } from "../../src/server/drop/catalog"
import { handleDropEntriesRequest, handleDropRequest } from "../../src/server/http/drop-handler"
import { createDropService } from "../../src/server/drop/service"
import type { ApiRequest, HandlerDependencies } from "../../src/server/http/waitlist-handler"
import { createSignupService } from "../../src/server/waitlist/service"
import { openEmbeddedStore } from "../../src/server/store/open-store"
import { linkSecret } from "../../test/link-secret"

const HOUR = 60 * 60 * 1000
const [DROP] = drops.drops

/** The content's drops with drop-01's window `from` and `to` hours from now. */
const withWindow = (from: number, to: number) => ({
  ...drops,
  drops: [
    {
      ...DROP,
      opensAt: new Date(Date.now() + from * HOUR).toISOString(),
      closesAt: new Date(Date.now() + to * HOUR).toISOString(),
      resultsAt: new Date(Date.now() + (to + 1) * HOUR).toISOString(),
    },
  ],
})

const servers: Server[] = []
afterAll(() => Promise.all(servers.map((server) => new Promise((closed) => server.close(closed)))))

/** A site answering GET /api/drop and /api/drop/entries from `deps`, with `tamper` over the record. */
const publishedSite = async (
  deps: HandlerDependencies,
  tamper: (record: Record<string, unknown>) => Record<string, unknown> = (record) => record,
): Promise<string> => {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost")
    const apiRequest: ApiRequest = {
      method: request.method,
      headers: request.headers,
      query: url.searchParams,
      clientKey: "127.0.0.1",
      readBody: async () => ({ kind: "bytes", bytes: new Uint8Array() }),
    }
    const answer = await (url.pathname === "/api/drop/entries" ? handleDropEntriesRequest : handleDropRequest)(apiRequest, deps)
    response.writeHead(answer.status, answer.headers)
    if (answer.stream) {
      for await (const chunk of answer.stream) response.write(chunk)
      response.end()
    } else response.end(JSON.stringify(url.pathname === "/api/drop" ? tamper(answer.body) : answer.body))
  })
  servers.push(server)
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening))
  const address = server.address()
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`
}

describe("drop:commit, drop:draw and drop:verify", () => {
  it("commit before the window, draw after it, and a verification that checks out (and one that does not)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "block94-drop-tool-"))
    const dropsFile = join(dir, "drops.json")
    const env = {
      SIGNUPS_FILE: join(dir, "signups.db"),
      DROPS_FILE: dropsFile,
      DROP_SEED_DIR: join(dir, "seeds"),
      DATABASE_URL: undefined,
      SITE_URL: "https://block94.example",
    }

    writeFileSync(dropsFile, JSON.stringify(withWindow(1, 2)))
    const committed = await runTool("drop.ts", env, "commit", DROP.id)
    expect(committed.code).toBe(0)
    const seed = readFileSync(join(dir, "seeds", `${DROP.id}.seed`), "utf8").trim()
    expect(statSync(join(dir, "seeds", `${DROP.id}.seed`)).mode & 0o777).toBe(0o600)
    expect(committed.stdout).toContain(`its seed's SHA-256, now on the drop page, is ${await seedHash(seed)}`)
    expect(await runTool("drop.ts", env, "commit", DROP.id)).toMatchObject({ code: 2, stderr: expect.stringContaining("was committed already") })
    expect(await runTool("drop.ts", env, "draw", DROP.id)).toMatchObject({ code: 2, stderr: expect.stringContaining("entries close at") })

    // Two people enter while the window is open.
    const store = openEmbeddedStore(env.SIGNUPS_FILE, 10)
    try {
      const open = createDropService({ store, catalog: dropCatalog(withWindow(-1, 1)), siteUrl: env.SITE_URL, mail: null, seedDir: null })
      const signups = createSignupService({ store, mail: null, settings: { siteUrl: env.SITE_URL, referralBoost: 10 } })
      for (const email of ["ana@example.com", "ben@example.com"]) {
        const joined = await signups.join({ email, source: "website_signup", timestamp: new Date().toISOString() }, new Date())
        if (joined.kind !== "confirmed") throw new Error(joined.kind)
        expect(await open.enter(linkSecret(joined.statusUrl), DROP.id, "cap/One size", new Date())).toMatchObject({ kind: "entered" })
      }
    } finally {
      await store.close()
    }

    writeFileSync(dropsFile, JSON.stringify(withWindow(-2, -1)))
    expect(await runTool("drop.ts", env, "draw", DROP.id, "--seed", "0".repeat(64))).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("does not match"),
    })
    const drawn = await runTool("drop.ts", env, "draw", DROP.id)
    expect(drawn.code).toBe(0)
    expect(drawn.stdout).toContain("cap/One size: 2 entered, 2 of 40 pieces won, 0 on the reserve list")

    // Anyone checks it from what the site publishes.
    const reading = openEmbeddedStore(env.SIGNUPS_FILE, 10)
    try {
      const drops = createDropService({ store: reading, catalog: dropCatalog(withWindow(-2, -1)), siteUrl: env.SITE_URL, mail: null, seedDir: null })
      const service = createSignupService({ store: reading, mail: null, settings: { siteUrl: env.SITE_URL, referralBoost: 10 } })
      const deps: HandlerDependencies = {
        service,
        drops,
        rateLimiter: { hit: async () => ({ allowed: true }) },
        now: () => new Date(),
        logError: () => undefined,
      }
      const honest = await runTool("drop.ts", {}, "verify", DROP.id, "--from", await publishedSite(deps))
      expect(honest.code).toBe(0)
      expect(honest.stdout).toContain(`seed ${seed}`)
      expect(honest.stdout).toContain("The draw checks out")
      // A site that publishes another seed than the one it committed to is caught.
      const lying = await runTool("drop.ts", {}, "verify", DROP.id, "--from", await publishedSite(deps, (record) => ({ ...record, seed: "f".repeat(64) })))
      expect(lying.code).toBe(3)
      expect(lying.stdout).toContain("The draw does NOT check out")
    } finally {
      await reading.close()
    }
  }, 120_000)

  it("says what is wrong with the command line, with the usage", async () => {
    expect(await runTool("drop.ts", {}, "commit")).toMatchObject({ code: 1, stderr: expect.stringContaining("say which drop") })
    expect(await runTool("drop.ts", {}, "shuffle", DROP.id)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('"shuffle" is not one of commit, draw, verify'),
    })
    expect(await runTool("drop.ts", {}, "commit", "no-such-drop")).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('there is no drop "no-such-drop"'),
    })
  }, 60_000)
})

// `npm run drop:commit`, `drop:draw` and `drop:verify` as the owner (and anyone checking) runs
// them: processes of their own on the store the server uses, with DROPS_FILE as the site's content
// and a local beacon stand-in as the chain's relay. The commands' clocks are moved to the window's
// close (CLOCK_OFFSET_MS) rather than waited for.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { bls12_381 } from "@noble/curves/bls12-381"
import drops from "../../../content/drops.json"
import { runTool } from "../../../test/run-tool"
import { seedHash } from "../../../src/drop/draw"
import { roundTime } from "../../../src/drop/beacon"
import { dropCatalog, dropsContent } from "../../../src/server/drop/catalog"
import { handleDropEntriesRequest, handleDropRequest } from "../../../src/server/http/drop-handler"
import { createDropService } from "../../../src/server/drop/service"
import type { ApiRequest, HandlerDependencies } from "../../../src/server/http/kit"
import { createSignupService } from "../../../src/server/waitlist/service"
import { openEmbeddedStore } from "../../../src/server/store/open-store"
import { contentCommitment } from "../drop-content"
import { signRound, startBeaconStandIn, type BeaconStandIn } from "../../dev/beacon-stand-in"
import { linkSecret } from "../../../test/link-secret"

const HOUR = 60 * 60 * 1000
const [DROP] = drops.drops

const servers: Server[] = []
let relay: BeaconStandIn
/** How far the commands' (and the stand-in relay's) clocks are moved ahead of the real one. */
let offset = 0
beforeAll(async () => {
  relay = await startBeaconStandIn({ now: () => Date.now() + offset })
})
afterAll(async () => {
  await relay.stop()
  await Promise.all(servers.map((server) => new Promise((closed) => server.close(closed))))
})

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
  it("commit into the content before the window, draw with the beacon after it, and a verification that checks out (or does not)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "block94-drop-tool-"))
    const dropsFile = join(dir, "drops.json")
    const env = {
      SIGNUPS_FILE: join(dir, "signups.db"),
      DROPS_FILE: dropsFile,
      DROP_SEED_DIR: join(dir, "seeds"),
      DROP_LIST_DIR: join(dir, "lists"),
      DATABASE_URL: undefined,
      SITE_URL: "https://block94.example",
    }
    const opensAt = new Date(Date.now() + HOUR)
    const closesAt = new Date(Date.now() + 2 * HOUR)
    const window = { opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString(), resultsAt: new Date(closesAt.getTime() + HOUR).toISOString() }
    writeFileSync(dropsFile, `${JSON.stringify({ ...drops, beacon: relay.chain, drops: [{ ...DROP, ...window }] }, null, 2)}\n`)
    // Two people on the list before the drop is announced.
    const tokens: string[] = []
    const first = openEmbeddedStore(env.SIGNUPS_FILE, 10)
    try {
      const signups = createSignupService({ store: first, mail: null, settings: { siteUrl: env.SITE_URL, referralBoost: 10 } })
      for (const email of ["ana@example.com", "ben@example.com"]) {
        const joined = await signups.join({ email, source: "website_signup", timestamp: new Date().toISOString() }, new Date(Date.now() - HOUR))
        if (joined.kind !== "confirmed") throw new Error(joined.kind)
        tokens.push(linkSecret(joined.statusUrl) as string)
      }
    } finally {
      await first.close()
    }

    // The owner commits: the seed is kept apart, and the commitment goes into the content the site is built from.
    const committed = await runTool("drop.ts", env, "commit", DROP.id)
    expect(committed.code).toBe(0)
    const seed = readFileSync(join(dir, "seeds", `${DROP.id}.seed`), "utf8").trim()
    expect(statSync(join(dir, "seeds", `${DROP.id}.seed`)).mode & 0o777).toBe(0o600)
    expect(committed.stdout).toContain(`its seed's SHA-256 is ${await seedHash(seed)}`)
    expect(committed.stdout).toContain(`Written into ${dropsFile}`)
    const commitment = contentCommitment(dropsFile, DROP.id)
    expect(commitment).toMatchObject({ seedHash: await seedHash(seed), chainHash: relay.chain.chainHash, opensAt: window.opensAt, closesAt: window.closesAt })
    // Committing again keeps it, and the content as it is.
    const again = await runTool("drop.ts", env, "commit", DROP.id)
    expect(again).toMatchObject({ code: 0, stdout: expect.stringContaining(`Already in ${dropsFile}`) })
    expect(contentCommitment(dropsFile, DROP.id)).toEqual(commitment)
    expect(await runTool("drop.ts", env, "draw", DROP.id)).toMatchObject({ code: 2, stderr: expect.stringContaining("entries close at") })

    // They enter while the window is open (the built content carries the commitment), and the list freezes at the close.
    const store = openEmbeddedStore(env.SIGNUPS_FILE, 10)
    const catalog = dropCatalog(dropsContent(dropsFile))
    try {
      const open = createDropService({ store, catalog, siteUrl: env.SITE_URL, mail: null, seedDir: null, beacons: null, listDir: env.DROP_LIST_DIR })
      for (const token of tokens)
        expect(await open.enter(token, DROP.id, "cap/One size", new Date(opensAt.getTime() + 60_000))).toMatchObject({ kind: "entered", review: null })
      expect(await open.record(DROP.id, closesAt)).toMatchObject({ phase: "closed", frozenAt: closesAt.toISOString() })
    } finally {
      await store.close()
    }

    // Ten minutes after the close, for the commands and the relay alike.
    offset = closesAt.getTime() + 10 * 60_000 - Date.now()
    const late = { ...env, CLOCK_OFFSET_MS: String(offset) }
    expect(await runTool("drop.ts", late, "draw", DROP.id, "--seed", "0".repeat(64))).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("does not match"),
    })
    // The relay out of reach: the draw says so, and how to give the round's value by hand; a forged value is refused.
    const round = commitment?.round as number
    relay.quiet(true)
    const unreachable = await runTool("drop.ts", late, "draw", DROP.id, "--tries", "1")
    expect(unreachable.code).toBe(2)
    expect(unreachable.stderr).toContain(`beacon round ${round} could not be fetched`)
    expect(unreachable.stderr).toContain(`${relay.chain.relays[0]}/public/${round}`)
    const forged = await runTool("drop.ts", late, "draw", DROP.id, "--beacon", signRound(bls12_381.utils.randomSecretKey(), round))
    expect(forged).toMatchObject({ code: 2, stderr: expect.stringContaining("is not the round's value, signed by the chain's key") })
    relay.quiet(false)
    const drawn = await runTool("drop.ts", late, "draw", DROP.id)
    expect(drawn.code).toBe(0)
    expect(drawn.stdout).toContain(`Drew ${DROP.id} with beacon round ${round}`)
    expect(drawn.stdout).toContain("cap/One size: 2 entered, 2 of 40 pieces won, 0 on the reserve list")
    expect(roundTime(relay.chain, round).getTime()).toBeGreaterThan(closesAt.getTime())

    // Anyone checks it from what the site publishes, held to the commitment the content carries.
    const reading = openEmbeddedStore(env.SIGNUPS_FILE, 10)
    try {
      const service = createDropService({
        store: reading,
        catalog,
        siteUrl: env.SITE_URL,
        mail: null,
        seedDir: null,
        beacons: null,
        listDir: env.DROP_LIST_DIR,
      })
      const deps: HandlerDependencies = {
        service: createSignupService({ store: reading, mail: null, settings: { siteUrl: env.SITE_URL, referralBoost: 10 } }),
        drops: service,
        rateLimiter: { hit: async () => ({ allowed: true }) },
        now: () => new Date(closesAt.getTime() + 20 * 60_000),
        logError: () => undefined,
      }
      const honest = await runTool("drop.ts", {}, "verify", DROP.id, "--from", await publishedSite(deps), "--content", dropsFile)
      expect(honest.code).toBe(0)
      expect(honest.stdout).toContain(`seed ${seed}, beacon round ${round}`)
      expect(honest.stdout).toContain("The draw checks out")
      // A site that publishes another seed, another beacon, or a commitment other than the built one is caught.
      for (const [tamper, problem] of [
        [(record: Record<string, unknown>) => ({ ...record, seed: "f".repeat(64) }), "The seed does not match the hash published before entries opened"],
        [
          (record: Record<string, unknown>) => ({ ...record, beacon: { round, signature: signRound(bls12_381.utils.randomSecretKey(), round) } }),
          "not signed by the beacon chain's key",
        ],
        [
          (record: Record<string, unknown>) => ({ ...record, commitment: { ...(record.commitment as object), seedHash: "e".repeat(64) } }),
          "the seed's fingerprint changed",
        ],
      ] as const) {
        const lying = await runTool("drop.ts", {}, "verify", DROP.id, "--from", await publishedSite(deps, tamper), "--content", dropsFile)
        expect(lying.code).toBe(3)
        expect(lying.stdout).toContain("The draw does NOT check out")
        expect(lying.stdout).toContain(problem)
      }
      // Held to content that never carried the commitment, the check says so.
      const bare = join(dir, "bare.json")
      writeFileSync(bare, JSON.stringify({ ...drops, beacon: relay.chain, drops: [{ ...DROP, ...window }] }))
      const unbuilt = await runTool("drop.ts", {}, "verify", DROP.id, "--from", await publishedSite(deps), "--content", bare)
      expect(unbuilt).toMatchObject({ code: 3, stdout: expect.stringContaining("built without the drop's commitment") })
    } finally {
      await reading.close()
    }
  }, 180_000)

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
    expect(await runTool("drop.ts", {}, "draw", DROP.id, "--tries", "none")).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("--tries needs a whole number"),
    })
    expect(await runTool("drop.ts", {}, "verify", DROP.id, "--beacon", "ab")).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('"--beacon" is not an option of drop:verify'),
    })
  }, 60_000)
})

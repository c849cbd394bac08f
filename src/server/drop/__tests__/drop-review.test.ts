// Entries from signups made after a drop was announced (its commitment) wait for the owner's
// review before they join the draw: the owner sees them grouped by the network they came from and
// by email domain, lets groups in or leaves them out before the close; whatever still waits at the
// close stays out of the frozen list, and the networks kept for the review are forgotten then.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { parseEntryList } from "../../../drop/entry-list"
import { oneDropCatalog } from "../../../../test/drop-catalog"
import { commitAndDeploy, publishedList } from "../../../../test/drop-service"
import privacy from "../../../../content/pages/privacy.json"
import { freshDatabase } from "../../../../test/postgres"
import { newSignupsFile, storeEngines } from "../../../../test/store-engines"
import { openEmbeddedStore, openPostgresStore } from "../../store/open-store"
import { openPostgresDatabase } from "../../store/postgres-database"
import { openSqliteDatabase } from "../../store/sqlite-database"
import type { SignupStore } from "../../store/store"
import { createSignupService } from "../../waitlist/service"
import { linkSecret } from "../../../../test/link-secret"

const OPENS = new Date("2026-12-04T17:00:00.000Z")
const CLOSES = new Date("2026-12-06T17:00:00.000Z")
const COMMITTED = new Date(OPENS.getTime() - 7 * 86_400_000)
const DURING = new Date(OPENS.getTime() + 3_600_000)
const AFTER = new Date(CLOSES.getTime() + 60_000)
const SITE = "https://block94.example"

describe.each(storeEngines())("entries from new signups on %s", (_engine, open) => {
  const stores: SignupStore[] = []
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()))
  })

  it("wait for the owner, who sees them grouped by network and domain, lets some in and leaves some out; the rest stay out at the close", async () => {
    const store = await open()
    stores.push(store)
    const catalog = oneDropCatalog({ opensAt: OPENS, closesAt: CLOSES, notThisTimeEmail: false })
    const deps = { store, catalog, siteUrl: SITE, mail: null, seedDir: mkdtempSync(join(tmpdir(), "block94-seeds-")) }
    const signups = createSignupService({ store, mail: null, settings: { siteUrl: SITE, referralBoost: 10 } })
    const signUp = async (email: string, at: Date): Promise<string> => {
      const joined = await signups.join({ email, source: "website_signup", timestamp: at.toISOString() }, at)
      if (joined.kind !== "confirmed") throw new Error(joined.kind)
      return linkSecret(joined.statusUrl) as string
    }
    // A fan from before the announcement, then a farm of puppets after it: three from one network, two on one domain.
    const fan = await signUp("fan@example.com", new Date(COMMITTED.getTime() - 86_400_000))
    const { drops } = await commitAndDeploy(deps, COMMITTED)
    const later = new Date(COMMITTED.getTime() + 86_400_000)
    const puppets = await Promise.all(["p1@farm.example", "p2@farm.example", "p3@gmail.example", "p4@other.example"].map((email) => signUp(email, later)))
    const minute = (n: number) => new Date(DURING.getTime() + n * 60_000)
    const entered = [
      await drops.enter(fan, "drop-01", "cap/One size", minute(0), "198.51.100.0/24"),
      await drops.enter(puppets[0], "drop-01", "cap/One size", minute(1), "203.0.113.0/24"),
      await drops.enter(puppets[1], "drop-01", "cap/One size", minute(2), "203.0.113.0/24"),
      await drops.enter(puppets[2], "drop-01", "cap/One size", minute(3), "203.0.113.0/24"),
      await drops.enter(puppets[3], "drop-01", "cap/One size", minute(4), null),
    ]
    expect(entered.map((answer) => answer.kind === "entered" && answer.review)).toEqual([null, "waiting", "waiting", "waiting", "waiting"])
    // Only the fan counts so far; a waiting entry that changes its size still waits.
    expect((await drops.record("drop-01", DURING))?.entrants).toEqual({ "cap/One size": 1 })
    expect(await drops.enter(puppets[3], "drop-01", null, minute(5))).toMatchObject({ kind: "entered", size: null })
    expect(await drops.enter(puppets[3], "drop-01", "cap/One size", minute(6), null)).toMatchObject({ review: "waiting" })
    const withDrops = createSignupService({ store, mail: null, settings: { siteUrl: SITE, referralBoost: 10 }, drops })
    const statusOf = async (token: string, at: Date) => {
      const status = await withDrops.status(token, at)
      return status.kind === "found" ? status.drops["drop-01"]?.review : "gone"
    }
    expect(await statusOf(puppets[0], DURING)).toBe("waiting")

    const [overview] = await drops.overview(DURING)
    const codes = overview.review.entries.map((entry) => entry.entryCode)
    expect(overview.review.entries.map(({ domain, network }) => [domain, network])).toEqual([
      ["farm.example", 1],
      ["farm.example", 1],
      ["gmail.example", 1],
      ["other.example", null],
    ])
    // The network shows as a number, never its fingerprint or address.
    expect(JSON.stringify(overview.review)).not.toMatch(/203\.0\.113|=/)
    expect(overview.review.clusters).toEqual([
      { by: "network", label: "1", entryCodes: codes.slice(0, 3) },
      { by: "domain", label: "farm.example", entryCodes: codes.slice(0, 2) },
    ])

    // The owner leaves the network's group out, then lets the last one in.
    expect(await drops.review("drop-01", overview.review.clusters[0].entryCodes, "leaveOut", DURING)).toBe(3)
    expect(await drops.review("drop-01", [codes[3]], "letIn", DURING)).toBe(1)
    expect(await drops.review("drop-01", [codes[3]], "letIn", DURING)).toBe(0)
    expect((await drops.record("drop-01", DURING))?.entrants).toEqual({ "cap/One size": 2 })
    expect(await statusOf(puppets[0], DURING)).toBe("leftOut")
    expect(await statusOf(puppets[3], DURING)).toBeNull()
    // One more comes, and nobody reviews it before the close.
    const late = await signUp("p5@late.example", later)
    expect(await drops.enter(late, "drop-01", "cap/One size", DURING, "192.0.2.0/24")).toMatchObject({ review: "waiting" })

    // At the close: the fan and the one let in are in the list; the rest are out, and the networks are forgotten.
    expect(await drops.review("drop-01", [codes[0]], "letIn", AFTER)).toBeNull()
    const list = parseEntryList((await publishedList(drops, AFTER)) as string)
    expect(list).toHaveLength(2)
    expect(list.map((entry) => entry.id)).toContain(codes[3])
    expect(await statusOf(late, AFTER)).toBe("leftOut")
    const [after] = await drops.overview(AFTER)
    expect(after.review).toEqual({ entries: [], clusters: [] })
  })
})

const PROMISE =
  "we keep, with your entry, the same scrambled fingerprint of the network you entered from (never your address), and we delete it when entries close"

// What the freeze forgets is checked on the database itself: the fingerprints kept for the review.
describe(`the privacy page's "${PROMISE}"`, () => {
  it("is what it says", () => {
    expect(privacy.sections.flatMap((section) => section.paragraphs).some((paragraph) => paragraph.includes(PROMISE))).toBe(true)
  })

  it.each([["SQLite"], ["PostgreSQL"]])("holds on %s: a fingerprint, never the address, gone once entries close", async (engine) => {
    const file = newSignupsFile()
    const url = engine === "PostgreSQL" ? await freshDatabase() : ""
    const store = engine === "PostgreSQL" ? openPostgresStore({ connectionString: url, poolSize: 2 }, 10) : openEmbeddedStore(file, 10)
    const db = engine === "PostgreSQL" ? openPostgresDatabase({ connectionString: url, poolSize: 1 }) : openSqliteDatabase(file)
    try {
      const catalog = oneDropCatalog({ opensAt: OPENS, closesAt: CLOSES, notThisTimeEmail: false })
      const signups = createSignupService({ store, mail: null, settings: { siteUrl: SITE, referralBoost: 10 } })
      const { drops } = await commitAndDeploy({ store, catalog, siteUrl: SITE, mail: null, seedDir: null }, COMMITTED)
      const joined = await signups.join({ email: "new@example.com", source: "website_signup", timestamp: DURING.toISOString() }, DURING)
      if (joined.kind !== "confirmed") throw new Error(joined.kind)
      await drops.enter(linkSecret(joined.statusUrl), "drop-01", "cap/One size", DURING, "203.0.113.0/24")
      const networks = async () => (await db.query<{ network: string | null }>("select network from drop_entries")).map((row) => row.network)
      expect(await networks()).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]{43}$/)])
      expect(JSON.stringify(await db.query("select * from drop_entries"))).not.toContain("203.0.113")
      await drops.record("drop-01", AFTER)
      expect(await networks()).toEqual([null])
    } finally {
      await db.close()
      await store.close()
    }
  })
})

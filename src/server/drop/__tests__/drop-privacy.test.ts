// The privacy page's promises about drops, quoted from content/pages/privacy.json and checked
// against the real service on both engines: the published list names no one, the link between a
// person and their entry goes DROP_ENTRY_DAYS after the close (or at once when they leave), and
// the minimum age stated is the one content sets.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import drops from "../../../../content/drops.json"
import { freshDatabase } from "../../../../test/postgres"
import { DROP_ENTRY_DAYS } from "../../../signup/retention"
import { createSignupService } from "../../waitlist/service"
import type { SqlDatabase } from "../../store/database"
import { openEmbeddedStore, openPostgresStore } from "../../store/open-store"
import { openPostgresDatabase } from "../../store/postgres-database"
import { openSqliteDatabase } from "../../store/sqlite-database"
import type { SignupStore } from "../../store/store"
import { oneDropCatalog } from "../../../../test/drop-catalog"
import { commitAndDeploy, publishedList } from "../../../../test/drop-service"
import { startBeaconStandIn, type BeaconStandIn } from "../../../../tools/dev/beacon-stand-in"
import { linkSecret } from "../../../../test/link-secret"
import { promise } from "../../../../test/privacy-page"

const OPENS = new Date("2026-12-04T17:00:00.000Z")
const CLOSES = new Date("2026-12-06T17:00:00.000Z")
const DAY = 24 * 60 * 60 * 1000
const SITE = "https://block94.example"

let relay: BeaconStandIn
beforeAll(async () => {
  relay = await startBeaconStandIn({ now: () => Number.MAX_SAFE_INTEGER })
})
afterAll(() => relay.stop())

const engines: Array<[string, () => Promise<{ store: SignupStore; sql: () => SqlDatabase }>]> = [
  [
    "SQLite",
    async () => {
      const file = join(mkdtempSync(join(tmpdir(), "block94-drop-privacy-")), "signups.db")
      return { store: openEmbeddedStore(file, 10), sql: () => openSqliteDatabase(file) }
    },
  ],
  [
    "PostgreSQL",
    async () => {
      const url = await freshDatabase()
      return { store: openPostgresStore({ connectionString: url, poolSize: 2 }, 10), sql: () => openPostgresDatabase({ connectionString: url, poolSize: 1 }) }
    },
  ],
]

describe.each(engines)("the privacy page's promises about drops, on %s", (_name, open) => {
  const closing: Array<{ close(): Promise<void> }> = []
  afterEach(async () => {
    await Promise.all(closing.splice(0).map((item) => item.close()))
  })

  /** Three people enter; the drop closes and is drawn. */
  const drawnDrop = async () => {
    const { store, sql } = await open()
    closing.push(store)
    const db = sql()
    closing.push(db)
    const catalog = oneDropCatalog({ opensAt: OPENS, closesAt: CLOSES, notThisTimeEmail: true, chain: relay.chain })
    const deps = { store, catalog, siteUrl: SITE, mail: null, seedDir: mkdtempSync(join(tmpdir(), "block94-seeds-")) }
    const { drops } = await commitAndDeploy(deps, new Date(OPENS.getTime() - DAY))
    const signups = createSignupService({ store, mail: null, settings: { siteUrl: SITE, referralBoost: 10 }, drops })
    const tokens: string[] = []
    for (const email of ["ana@example.com", "ben@example.com", "cy@example.com"]) {
      const joined = await signups.join({ email, source: "website_signup", timestamp: OPENS.toISOString() }, new Date(OPENS.getTime() - 2 * DAY))
      if (joined.kind !== "confirmed") throw new Error(joined.kind)
      const token = linkSecret(joined.statusUrl) as string
      tokens.push(token)
      await drops.enter(token, "drop-01", "cap/One size", new Date(OPENS.getTime() + 60_000))
    }
    // Frozen at the close, drawn a minute later.
    await drops.record("drop-01", CLOSES)
    const after = new Date(CLOSES.getTime() + 60_000)
    const drawn = await drops.draw("drop-01", {}, after)
    if (drawn.kind !== "drawn") throw new Error(drawn.kind)
    /** Rows tying people to entries and codes: what "the link between you and your entry" is. */
    const links = async () => {
      const [entries] = await db.query<{ n: number | string }>("select count(*) as n from drop_entries")
      const [codes] = await db.query<{ n: number | string }>("select count(*) as n from drop_prizes")
      return { entries: Number(entries.n), codes: Number(codes.n) }
    }
    return { drops, signups, tokens, links, after, db }
  }

  it(`keeps "${"That list holds no email address and nothing else about you"}": the published record and list name no one`, async () => {
    expect(promise("That list holds no email address and nothing else about you")).toBeTruthy()
    const { drops, db, after } = await drawnDrop()
    const published = JSON.stringify(await drops.record("drop-01", after)) + ((await publishedList(drops, after)) ?? "")
    // No address, nor its name part (entry numbers are random letters, so whole words only).
    expect(published).not.toMatch(/@|example\.com|\bana\b|\bben\b|\bcy\b/)
    const frozen = JSON.stringify(await db.query("select * from drop_list"))
    expect(frozen).not.toMatch(/@/)
    expect(frozen).not.toMatch(/signup/)
  })

  it(`keeps "${"{dropEntryDays} days after the drop's entries close"}" (${DROP_ENTRY_DAYS} days), and "${"your entries go at once"}" for someone who leaves`, async () => {
    expect(promise("We delete the link between you and your entry, and any code we sent you, {dropEntryDays} days after the drop's entries close")).toContain(
      "If you leave the list sooner, your entries go at once",
    )
    const { drops, signups, tokens, links, after } = await drawnDrop()
    expect(await links()).toEqual({ entries: 3, codes: 1 })
    const list = await publishedList(drops, after)
    // Leaving: the person's entry goes at once; the published list stays as it was.
    await signups.leave(tokens[2], after)
    expect((await links()).entries).toBe(2)
    expect(await publishedList(drops, after)).toBe(list)
    // A minute before the promised day everything is still there; a minute after, nothing ties anyone to an entry.
    await drops.upkeep(new Date(CLOSES.getTime() + DROP_ENTRY_DAYS * DAY - 60_000))
    expect((await links()).entries).toBe(2)
    await drops.upkeep(new Date(CLOSES.getTime() + DROP_ENTRY_DAYS * DAY + 60_000))
    expect(await links()).toEqual({ entries: 0, codes: 0 })
    expect(await publishedList(drops, after)).toBe(list)
  })
})

describe("the minimum age", () => {
  it(`keeps "${"You must be {minimumAge} or older to enter a draw"}": the age comes from content/drops.json, at least the GDPR's lowest`, () => {
    expect(promise("You must be {minimumAge} or older to enter a draw")).toContain("GDPR")
    // The GDPR lets countries go as low as 13; content may not set less (see the content model).
    expect(drops.minimumAge).toBeGreaterThanOrEqual(13)
  })
})

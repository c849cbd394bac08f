// Two instances on one PostgreSQL database: one takes an entry while the other freezes the drop.
// The entry holds the drop's row until it commits, so the freeze waits for it and the entry is in
// the frozen list (never committed beside it and left out). A third connection holds the outbox
// table so the entry stops half-way, at its email, exactly while the freeze starts.
import { freshDatabase } from "../../../../test/postgres"
import { makeCommitment } from "../../../drop/commitment"
import { publishList } from "../../drop/list-file"
import { hashToken } from "../../keys/codes"
import { queuedMessage } from "../../waitlist/queued-message"
import { createSignupService } from "../../waitlist/service"
import { openPostgresStore } from "../open-store"
import { openPostgresDatabase } from "../postgres-database"
import type { SignupStore } from "../store"
import drops from "../../../../content/drops.json"
import { linkSecret } from "../../../../test/link-secret"

const OPENS = new Date("2026-12-04T17:00:00.000Z")
const CLOSES = new Date("2026-12-06T17:00:00.000Z")

/** Waits (polling the database, no clock) until a backend waits on a lock in a statement like `pattern`. */
const waitingOn = async (db: ReturnType<typeof openPostgresDatabase>, pattern: string): Promise<void> => {
  for (let look = 0; look < 2_000; look += 1) {
    const [found] = await db.query("select 1 as found from pg_stat_activity where wait_event_type = 'Lock' and query ilike $1", [pattern])
    if (found) return
    await new Promise((next) => setImmediate(next))
  }
  throw new Error(`no statement like ${pattern} waited on a lock`)
}

describe("an entry and a freeze at once, on two instances sharing PostgreSQL", () => {
  const closing: Array<{ close(): Promise<void> }> = []
  /** Lets the held outbox go (also when the test failed half-way). */
  let release = () => undefined as void
  afterEach(async () => {
    release()
    await Promise.all(closing.splice(0).map((item) => item.close()))
  })

  it("puts the entry in the frozen list: the freeze waits for the entry that holds the drop's row", async () => {
    const url = await freshDatabase()
    const entering: SignupStore = openPostgresStore({ connectionString: url, poolSize: 2 }, 10)
    const freezing: SignupStore = openPostgresStore({ connectionString: url, poolSize: 2 }, 10)
    const watcher = openPostgresDatabase({ connectionString: url, poolSize: 2 })
    closing.push(entering, freezing, watcher)

    const signups = createSignupService({ store: entering, mail: null, settings: { siteUrl: "https://block94.example", referralBoost: 10 } })
    const joined = await signups.join(
      { email: "ana@example.com", source: "website_signup", timestamp: OPENS.toISOString() },
      new Date(OPENS.getTime() - 86_400_000),
    )
    if (joined.kind !== "confirmed") throw new Error(joined.kind)
    const token = linkSecret(joined.statusUrl) as string
    const committedAt = new Date(OPENS.getTime() - 3_600_000)
    await entering.commitDrop(
      "drop-01",
      makeCommitment("a".repeat(64), drops.beacon, { opensAt: OPENS.toISOString(), closesAt: CLOSES.toISOString() }, committedAt),
    )

    // The outbox is held: the entry will stop at its confirmation email, the drop's row held for share.
    let locked = () => undefined as void
    const held = new Promise<void>((done) => (release = done))
    const lockTaken = new Promise<void>((done) => (locked = done))
    const holding = watcher.transaction(async (tx) => {
      await tx.query("lock table outbox in exclusive mode")
      locked()
      await held
    })
    await lockTaken
    const entryCode = "entrywhilefreeze"
    const entry = entering.enterDrop(
      {
        statusTokenHash: hashToken(token),
        drop: "drop-01",
        size: "cap/One size",
        entryCode,
        network: null,
        confirmation: (email) => queuedMessage("https://block94.example", "drop-entered", email, "https://block94.example/waitlist/"),
      },
      new Date(CLOSES.getTime() - 1_000),
    )
    await waitingOn(watcher, "insert into outbox%")

    // The other instance freezes now: it must wait for the entry, not copy the list without it.
    let frozenFirst = false
    const freeze = freezing
      .freezeDrop("drop-01", () => 1, publishList, CLOSES)
      .then((row) => {
        frozenFirst = true
        return row
      })
    await waitingOn(watcher, "update drops set frozen_at%")
    expect(frozenFirst).toBe(false)

    release()
    await holding
    expect(await entry).toMatchObject({ kind: "entered", entryCode })
    expect((await freeze)?.frozenAt).toBe(CLOSES.toISOString())
    expect((await freezing.frozenEntries("drop-01")).map((frozen) => frozen.id)).toEqual([entryCode])
  }, 30_000)
})

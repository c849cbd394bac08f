// With double opt-in, every address costs the same durable work before its answer: a new one, one
// on the list (pending or confirmed, however it is written), one whose mail is throttled, and one
// that left. Counted, not timed: commits on both engines, and on SQLite the syncs of the log that
// make a commit durable (each a wait for the disk).
import { fdatasync, mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { confirmedSignup } from "../../../../test/signup-fixtures"
import { freshDatabase } from "../../../../test/postgres"
import { signupFields, SITE_URL } from "../../../../test/mail-service"
import type { SqlDatabase } from "../../store/database"
import { openPostgresDatabase } from "../../store/postgres-database"
import { openSqliteDatabase } from "../../store/sqlite-database"
import { createSqlStore } from "../../store/sql-store"
import type { SignupStore } from "../../store/store"
import { createSignupService, type SignupService } from "../service"
import { emailKey } from "../email-key"
import { DEVELOPMENT_PEPPER } from "../../keys/pepper"

const START = new Date("2026-11-22T12:00:00.000Z")
const HOURS = (count: number) => new Date(START.getTime() + count * 3_600_000)

/** Commits asked of the database: transactions, and writes outside one (each its own commit). */
const countingCommits = (db: SqlDatabase) => {
  const counts = { commits: 0 }
  const counted: SqlDatabase = {
    ...db,
    transaction: (work) => ((counts.commits += 1), db.transaction(work)),
    query: (text, values) => (/^\s*(select|pragma)\b/i.test(text) || (counts.commits += 1), db.query(text, values)),
  }
  return { db: counted, counts }
}

/** Syncs of SQLite's log: real fdatasync calls, counted. */
const countingSyncs = () => {
  const counts = { syncs: 0 }
  const sync = (fd: number) =>
    new Promise<void>((done, fail) => {
      counts.syncs += 1
      fdatasync(fd, (error) => (error ? fail(error) : done()))
    })
  return { sync, counts }
}

describe.each([
  [
    "SQLite",
    async () => {
      const syncs = countingSyncs()
      return { db: openSqliteDatabase(join(mkdtempSync(join(tmpdir(), "block94-same-work-")), "signups.db"), { sync: syncs.sync }), syncs: syncs.counts }
    },
  ],
  ["PostgreSQL", async () => ({ db: openPostgresDatabase({ connectionString: await freshDatabase(), poolSize: 3 }), syncs: null })],
])("the durable work of a signup's answer, on %s", (_engine, open) => {
  let store: SignupStore
  let service: SignupService
  let counts: { commits: number }
  let syncs: { syncs: number } | null

  beforeEach(async () => {
    const opened = await open()
    const counting = countingCommits(opened.db)
    counts = counting.counts
    syncs = opened.syncs
    store = createSqlStore(counting.db, { boost: 10, pepper: DEVELOPMENT_PEPPER })
    // The sender runs after the answer (a stand-in that delivers nothing): only the answer's own work is counted.
    service = createSignupService({ store, mail: { queued: async () => () => undefined }, settings: { siteUrl: SITE_URL, referralBoost: 10 } })
    // The first use migrates the database: not part of any answer.
    await service.join(signupFields("first@example.com", START), START)
  })
  afterEach(() => store.close())

  /** The commits and syncs one call made before it was answered. */
  const workOf = async (call: () => Promise<unknown>) => {
    const before = { commits: counts.commits, syncs: syncs?.syncs ?? 0 }
    await call()
    return { commits: counts.commits - before.commits, syncs: syncs ? syncs.syncs - before.syncs : null }
  }
  /** Marks every message waiting as delivered at `at`, as the sender would. */
  const deliverAll = async (at: Date) => {
    for (const entry of await store.claimDueMessages(at, 100, HOURS(100))) await store.markDelivered(entry.id, at)
  }

  it("is one commit (one sync of the log) for every address, and a repeat's link still goes out in it", async () => {
    await store.add(confirmedSignup("known.person@gmail.com", "KNOWN00001", null, START.toISOString()))
    await service.join(signupFields("pending@example.com", START), START)
    await service.join(signupFields("leaver@example.com", START), START)
    await store.erase({ emailKey: emailKey("leaver@example.com") }, START)
    await deliverAll(START)

    const later = HOURS(2)
    const work = {
      new: await workOf(() => service.join(signupFields("new@example.com", later), later)),
      confirmed: await workOf(() => service.join(signupFields("known.person@gmail.com", later), later)),
      pending: await workOf(() => service.join(signupFields("pending@example.com", later), later)),
      alias: await workOf(() => service.join(signupFields("Known.Person+drops@GoogleMail.com", later), later)),
      throttled: await workOf(() => service.join(signupFields("pending@example.com", later), later)),
      left: await workOf(() => service.join(signupFields("leaver@example.com", later), later)),
    }
    const one = { commits: 1, syncs: syncs ? 1 : null }
    expect(work).toEqual({ new: one, confirmed: one, pending: one, alias: one, throttled: one, left: one })

    // The repeats' links went out in that one commit: a status link to the confirmed address as
    // it is on the list, a fresh confirmation link to the pending one; the throttled one got none.
    const queued = (await store.claimDueMessages(later, 100, HOURS(100))).map((entry) => [entry.kind, entry.payload.to])
    expect(queued).toEqual(
      expect.arrayContaining([
        ["status-link", "known.person@gmail.com"],
        ["confirmation", "pending@example.com"],
        ["confirmation", "new@example.com"],
        ["confirmation", "leaver@example.com"],
      ]),
    )
    expect(queued).toHaveLength(4)
  })

  it("is one commit for a resend, whether or not the address is on the list", async () => {
    await deliverAll(START)
    const later = HOURS(2)
    expect(await workOf(() => service.resend("first@example.com", later))).toEqual({ commits: 1, syncs: syncs ? 1 : null })
    expect(await workOf(() => service.resend("nobody@example.com", later))).toEqual({ commits: 1, syncs: syncs ? 1 : null })
  })
})

// Reward tiers and the masked leaderboard, on both engines: a tier is announced once (its email
// and its event written in the referral's own transaction), never again after a friend leaves and
// another comes; the leaderboard shows the top referrers from 3 friends up, from an index.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freshDatabase } from "../../../../test/postgres"
import { confirmedSignup } from "../../../../test/signup-fixtures"
import { hashToken } from "../../keys/codes"
import type { SqlDatabase } from "../database"
import { openPostgresDatabase } from "../postgres-database"
import { createSqlStore, type SqlStoreOptions } from "../sql-store"
import { openSqliteDatabase } from "../sqlite-database"
import type { Milestone, NewSignup, SignupStore } from "../store"
import { DEVELOPMENT_PEPPER } from "../../keys/pepper"

const NOW = new Date("2026-11-22T12:00:00.000Z")
const TIERS: Milestone[] = [
  { referrals: 1, reward: "First look at the drop" },
  { referrals: 3, reward: "A sticker pack" },
  { referrals: 10, reward: "A free tee" },
]

let counter = 0
const signup = (email: string, overrides: Partial<NewSignup> = {}): NewSignup => {
  counter += 1
  return confirmedSignup(email, `M${String(counter).padStart(9, "0")}`, null, NOW.toISOString(), {
    emailKey: email.toLowerCase(),
    statusTokenHash: hashToken(`status ${email} ${counter}`),
    ...overrides,
  })
}

const databases: Array<[string, () => Promise<SqlDatabase>]> = [
  ["SQLite", async () => openSqliteDatabase(join(mkdtempSync(join(tmpdir(), "block94-milestones-")), "signups.db"))],
  ["PostgreSQL", async () => openPostgresDatabase({ connectionString: await freshDatabase(), poolSize: 3 })],
]

describe.each(databases)("%s", (_name, openDatabase) => {
  let db: SqlDatabase
  let store: SignupStore
  const open = async (options: Partial<SqlStoreOptions> = {}) => {
    db = await openDatabase()
    store = createSqlStore(db, { boost: 10, pepper: DEVELOPMENT_PEPPER, milestones: TIERS, milestoneEmails: true, events: true, ...options })
    return store
  }
  afterEach(() => store.close())

  /** The outbox's milestone emails and milestone events, oldest first. */
  const outbox = async () => {
    const rows = await db.query<{ kind: string; payload: string; signup_id: number | string }>("select kind, payload, signup_id from outbox order by id")
    return {
      emails: rows.filter((row) => row.kind === "milestone").map((row) => JSON.parse(row.payload) as Record<string, string>),
      events: rows
        .filter((row) => row.kind === "event")
        .map((row) => JSON.parse(row.payload) as { type: string; data: Record<string, unknown> })
        .filter((event) => event.type === "milestone.reached"),
    }
  }
  const milestoneOf = async (email: string) =>
    Number((await db.query<{ milestone: number | string }>("select milestone from signups where email = $1", [email]))[0].milestone)

  /** `count` confirmed friends join through `code`, one at a time. */
  const friendsJoin = async (code: string, count: number, prefix: string) => {
    // Eleven minutes apart: friends who trickle in, not a burst through one link (see referral-review.ts).
    for (let index = 0; index < count; index += 1) {
      await store.add(signup(`${prefix}${index}@example.com`, { referredBy: code, receivedAt: new Date(NOW.getTime() + index * 11 * 60_000).toISOString() }))
    }
  }

  it("sends one email and records one event at 1 and at 3 friends, and none in between", async () => {
    await open()
    const referrer = await store.add(signup("jordan@gmail.com"))
    if (referrer.kind !== "added") throw new Error("not added")
    const code = referrer.signup.referralCode

    await friendsJoin(code, 1, "a")
    let { emails, events } = await outbox()
    expect(emails).toEqual([
      { to: "jordan@gmail.com", referrals: "1", reward: "First look at the drop", statusToken: expect.any(String), unsubscribeToken: expect.any(String) },
    ])
    expect(events).toEqual([
      {
        type: "milestone.reached",
        timestamp: NOW.toISOString(),
        data: { id: `sig_${referrer.signup.sequence}`, email: "jordan@gmail.com", referrals: 1, tier: { referrals: 1, reward: "First look at the drop" } },
      },
    ])
    // The email's secrets are stored hashed, as the status and unsubscribe tokens they are.
    await expect(store.standingByStatusToken(hashToken(emails[0].statusToken))).resolves.toMatchObject({ referrals: 1, milestone: 1 })
    const tokens = await db.query<{ kind: string }>("select kind from signup_tokens where hash = $1", [hashToken(emails[0].unsubscribeToken)])
    expect(tokens).toEqual([{ kind: "unsubscribe" }])

    await friendsJoin(code, 1, "b")
    expect((await outbox()).emails).toHaveLength(1)
    await friendsJoin(code, 1, "c")
    ;({ emails, events } = await outbox())
    expect(emails.map(({ referrals, reward }) => [referrals, reward])).toEqual([
      ["1", "First look at the drop"],
      ["3", "A sticker pack"],
    ])
    expect(events.map(({ data }) => data.tier)).toEqual([
      { referrals: 1, reward: "First look at the drop" },
      { referrals: 3, reward: "A sticker pack" },
    ])
    expect(await milestoneOf("jordan@gmail.com")).toBe(3)
  })

  it("does not announce a tier again after a friend leaves and another comes", async () => {
    await open()
    const referrer = await store.add(signup("sam@example.com", { statusTokenHash: hashToken("status sam") }))
    if (referrer.kind !== "added") throw new Error("not added")
    await friendsJoin(referrer.signup.referralCode, 3, "f")
    expect((await outbox()).emails).toHaveLength(2)

    await store.erase({ emailKey: "f0@example.com" }, NOW)
    // The count goes down; the tier stays reached.
    expect(await store.standingByStatusToken(hashToken("status sam"))).toMatchObject({ referrals: 2, milestone: 3 })
    await friendsJoin(referrer.signup.referralCode, 1, "g")
    const { emails, events } = await outbox()
    expect(emails).toHaveLength(2)
    expect(events).toHaveLength(2)
    expect(await milestoneOf("sam@example.com")).toBe(3)
  })

  it("announces a tier once a friend confirms, not when a pending friend signs up", async () => {
    await open()
    const referrer = await store.add(signup("kim@example.com"))
    if (referrer.kind !== "added") throw new Error("not added")
    await store.add(
      signup("pending@example.com", {
        status: "pending",
        referredBy: referrer.signup.referralCode,
        confirmToken: { hash: hashToken("confirm pending"), expiresAt: new Date(NOW.getTime() + 3_600_000).toISOString() },
      }),
    )
    expect((await outbox()).emails).toEqual([])
    await store.confirm(hashToken("confirm pending"), NOW)
    expect((await outbox()).emails).toMatchObject([{ to: "kim@example.com", referrals: "1" }])
  })

  it("announces only the highest of several tiers reached at once by email, each by an event", async () => {
    await open()
    const referrer = await store.add(signup("lee@example.com"))
    if (referrer.kind !== "added") throw new Error("not added")
    // Three friends in one batch (one transaction): 0 -> 3.
    await Promise.all([0, 1, 2].map((index) => store.add(signup(`h${index}@example.com`, { referredBy: referrer.signup.referralCode }))))
    const { emails, events } = await outbox()
    expect(emails.map(({ referrals }) => referrals)).toEqual(["3"])
    expect(events.map(({ data }) => (data.tier as Milestone).referrals)).toEqual([1, 3])
  })

  it("writes no email without mail and no event unless events are on, and still remembers the milestone", async () => {
    await open({ milestoneEmails: false, events: undefined })
    const referrer = await store.add(signup("quiet@example.com"))
    if (referrer.kind !== "added") throw new Error("not added")
    await friendsJoin(referrer.signup.referralCode, 1, "q")
    expect(await outbox()).toEqual({ emails: [], events: [] })
    expect(await milestoneOf("quiet@example.com")).toBe(1)
  })

  it("lists the top 10 referrers from 3 friends up, most first, the earlier signup first on a tie", async () => {
    await open({ milestones: [] })
    const referrers = []
    for (let index = 0; index < 13; index += 1) {
      const added = await store.add(signup(`r${index}@example.com`))
      if (added.kind !== "added") throw new Error("not added")
      referrers.push(added.signup)
    }
    // r0 brings 2 friends (under the bar); r1..r12 bring 3..14, except r5 and r6 who tie at 20.
    const counts = [2, 3, 4, 5, 6, 20, 20, 9, 10, 11, 12, 13, 14]
    for (const [index, count] of counts.entries()) await friendsJoin(referrers[index].referralCode, count, `x${index}-`)
    const top = await store.topReferrers(10)
    expect(top.map(({ email, referrals }) => [email, referrals])).toEqual([
      ["r5@example.com", 20],
      ["r6@example.com", 20],
      ["r12@example.com", 14],
      ["r11@example.com", 13],
      ["r10@example.com", 12],
      ["r9@example.com", 11],
      ["r8@example.com", 10],
      ["r7@example.com", 9],
      ["r4@example.com", 6],
      ["r3@example.com", 5],
    ])
    expect(top[0].sequence).toBe(referrers[5].sequence)
    // Under the bar, no one is shown at all: r0 never, r1 once a friend of theirs leaves.
    expect((await store.topReferrers(50)).map(({ email }) => email)).toContain("r1@example.com")
    await store.erase({ emailKey: "x1-0@example.com" }, NOW)
    const all = (await store.topReferrers(50)).map(({ email }) => email)
    expect(all).toHaveLength(11)
    expect(all).not.toContain("r0@example.com")
    expect(all).not.toContain("r1@example.com")
  })

  it("reads the leaderboard from its index, not the whole list", async () => {
    await open()
    await store.add(signup("someone@example.com"))
    const text = "select id, email, referrals from signups where status = 'confirmed' and referrals >= 3 order by referrals desc, id limit 10"
    if (db.engine === "sqlite") {
      const plan = await db.query<{ detail: string }>(`explain query plan ${text}`)
      expect(plan.map(({ detail }) => detail).join(" ")).toContain("signups_leaderboard")
    } else {
      const plan = await db.transaction(async (tx) => {
        // A table of one row is read whole whatever the indexes; this asks what it would do with many.
        await tx.query("set local enable_seqscan = off")
        return tx.query<{ "QUERY PLAN": string }>(`explain ${text}`)
      })
      expect(plan.map((row) => row["QUERY PLAN"]).join(" ")).toContain("signups_leaderboard")
    }
  })
})

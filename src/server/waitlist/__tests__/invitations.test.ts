// Invitations in waves, on both engines (SQLite and a real PostgreSQL server), through the
// functions `npm run waitlist:invite` and the owner's page call: who is invited, once each, with
// a code that works once, an email written with it, and the counters and events kept in step.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freshDatabase } from "../../../../test/postgres"
import { invitationState, inviteNext, inviteOne, redeemInvitation } from "../invitations"
import { createSignupService } from "../service"
import type { SqlDatabase } from "../../store/database"
import { openEmbeddedStore, openPostgresStore } from "../../store/open-store"
import { openPostgresDatabase } from "../../store/postgres-database"
import { openSqliteDatabase } from "../../store/sqlite-database"
import { allRows, type OutboxEntry, type SignupStore } from "../../store/store"
import { hashToken } from "../../keys/codes"
import { linkSecret } from "../../../../test/link-secret"
import { INVITATION_DAYS } from "../../../signup/link-lifetimes"

const BOOST = 10
const NOW = new Date("2026-12-01T09:00:00.000Z")
const SETTINGS = { siteUrl: "https://block94.example", referralBoost: BOOST }
const LATER = new Date(NOW.getTime() + 60_000)
const HOUR = 60 * 60 * 1000

interface Engine {
  /** A store on fresh storage; `events` writes list events to the outbox. */
  fresh(events?: boolean): Promise<SignupStore>
  /**
   * Another store on the same storage, as a second process would have: on PostgreSQL another
   * pool. node:sqlite blocks the thread while it waits for SQLite's file lock, so two connections
   * in one process would wait on each other; there the same store runs the waves side by side
   * (each in its own write transaction, as SQLite runs them across processes).
   */
  another(store: SignupStore): SignupStore
  /** The same storage as plain SQL, to look at what the store keeps. */
  sql(): SqlDatabase
}

const sqlite = (): Engine => {
  let file = ""
  return {
    async fresh(events = false) {
      file = join(mkdtempSync(join(tmpdir(), "block94-invite-")), "signups.db")
      return openEmbeddedStore(file, BOOST, { events })
    },
    another: (store) => store,
    sql: () => openSqliteDatabase(file),
  }
}

const postgres = (): Engine => {
  let url = ""
  return {
    async fresh(events = false) {
      url = await freshDatabase()
      return openPostgresStore({ connectionString: url, poolSize: 4 }, BOOST, { events })
    },
    another: () => openPostgresStore({ connectionString: url, poolSize: 4 }, BOOST),
    sql: () => openPostgresDatabase({ connectionString: url, poolSize: 1 }),
  }
}

describe.each([
  ["SQLite", sqlite],
  ["PostgreSQL", postgres],
])("invitations on %s", (_name, makeEngine) => {
  const engine = makeEngine()
  const closing: Array<{ close(): Promise<void> }> = []
  afterEach(async () => {
    await Promise.all(closing.splice(0).map((item) => item.close()))
  })
  const open = async (events = false) => {
    const store = await engine.fresh(events)
    closing.push(store)
    return store
  }
  const sql = () => {
    const db = engine.sql()
    closing.push(db)
    return db
  }

  /** People join in this order, confirmed at once (single opt-in); returns their status tokens. */
  const joinList = async (store: SignupStore, emails: string[]) => {
    const service = createSignupService({ store, mail: null, settings: SETTINGS })
    const statusUrls: Record<string, string> = {}
    for (const email of emails) {
      const answer = await service.join({ email, source: "website_signup", timestamp: NOW.toISOString() }, NOW)
      if (answer.kind !== "confirmed") throw new Error(`${email} was not confirmed`)
      statusUrls[email] = answer.statusUrl
    }
    return { service, tokenOf: (email: string) => linkSecret(statusUrls[email]) as string }
  }
  const people = (count: number, prefix = "fan") => Array.from({ length: count }, (_, index) => `${prefix}${index + 1}@example.com`)
  /** A wave's invited, fan N at place N for each place given. */
  const fansInPlace = (...positions: number[]) => positions.map((position) => ({ email: `fan${position}@example.com`, position }))

  /** The invitation emails waiting in the outbox, by address, as the sender would claim them. */
  const invitationMails = async (store: SignupStore): Promise<Map<string, OutboxEntry>> => {
    const entries = await store.claimDueMessages(LATER, 10_000, new Date(LATER.getTime() + 60_000))
    return new Map(entries.filter((entry) => entry.kind === "invitation").map((entry) => [entry.payload.to, entry]))
  }
  const codeIn = (entry: OutboxEntry | undefined): string => {
    const link = new URL(String(entry?.payload.link))
    expect(`${link.origin}${link.pathname}`).toBe("https://block94.example/invite/")
    return linkSecret(link.href, "code") as string
  }
  const counters = async (): Promise<Record<string, number>> =>
    Object.fromEntries(
      (await sql().query<{ name: string; value: number | string }>("select name, value from list_counters where name in ('invited', 'redeemed')")).map(
        ({ name, value }) => [name, Number(value)],
      ),
    )

  it("invites the next N by place, and the next wave the N after them: each person once, each with an email and a code", async () => {
    const store = await open()
    await joinList(store, people(7))
    const first = await inviteNext(store, SETTINGS, { count: 3, dryRun: false }, NOW)
    expect(first).toEqual({ dryRun: false, invited: fansInPlace(1, 2, 3) })
    const second = await inviteNext(store, SETTINGS, { count: 3, dryRun: false }, NOW)
    expect(second.invited.map(({ email, position }) => [email, position])).toEqual([
      ["fan4@example.com", 4],
      ["fan5@example.com", 5],
      ["fan6@example.com", 6],
    ])
    // The last wave finds one person left, then no one.
    expect((await inviteNext(store, SETTINGS, { count: 3, dryRun: false }, NOW)).invited.map(({ email }) => email)).toEqual(["fan7@example.com"])
    expect((await inviteNext(store, SETTINGS, { count: 3, dryRun: false }, NOW)).invited).toEqual([])

    const mails = await invitationMails(store)
    expect([...mails.keys()].sort()).toEqual(people(7).sort())
    const codes = [...mails.values()].map(codeIn)
    expect(new Set(codes).size).toBe(7)
    // Every email carries its own unsubscribe links, as every email does.
    expect(mails.get("fan1@example.com")?.payload).toMatchObject({
      unsubscribe: expect.stringMatching(/^https:\/\/block94\.example\/unsubscribe\/#token=[A-Za-z0-9_-]{43}$/),
      oneClickUnsubscribe: expect.stringMatching(/^https:\/\/block94\.example\/api\/unsubscribe\?token=[A-Za-z0-9_-]{43}$/),
    })
    // Only the codes' hashes are kept.
    const stored = await sql().query<{ code_hash: string }>("select code_hash from invitations")
    expect(stored).toHaveLength(7)
    for (const code of codes) expect(stored.map((row) => row.code_hash)).not.toContain(code)
    expect(await counters()).toEqual({ invited: 7 })
  })

  it("invites by place: referrals move people up, and invited people keep their place and see their invitation", async () => {
    const store = await open()
    const { service, tokenOf } = await joinList(store, people(3))
    const referrer = (await allRows(store))[2].signup.referralCode
    // Two friends join through fan3's link: fan3 moves up 20 places, to the front.
    for (const email of ["friend1@example.com", "friend2@example.com"]) {
      await service.join({ email, source: "website_signup", timestamp: NOW.toISOString(), referralCode: referrer }, NOW)
    }
    // Nobody confirmed these friends by email (single opt-in): their referrals count once the owner releases them.
    const held = (await store.ownerSummary(NOW, { days: 1, limit: 10 })).heldReferrals.rows
    await store.reviewReferrals(
      held.map((row) => row.id),
      "release",
      NOW,
      "owner's page",
    )
    await expect(service.status(tokenOf("fan3@example.com"), NOW)).resolves.toMatchObject({ kind: "found", position: 1, invited: false })

    const wave = await inviteNext(store, SETTINGS, { count: 2, dryRun: false }, NOW)
    expect(wave.invited).toEqual([
      { email: "fan3@example.com", position: 1 },
      { email: "fan1@example.com", position: 2 },
    ])
    // The next wave counts places past the people invited before.
    expect((await inviteNext(store, SETTINGS, { count: 1, dryRun: false }, NOW)).invited).toEqual([{ email: "fan2@example.com", position: 3 }])
    const status = await store.standingByStatusToken(hashToken(tokenOf("fan1@example.com")))
    expect(status).toMatchObject({ place: { position: 2, total: 5 }, invitation: { sentAt: NOW.toISOString(), redeemedAt: null } })
    await expect(service.status(tokenOf("fan1@example.com"), NOW)).resolves.toMatchObject({ kind: "found", position: 2, invited: true, redeemed: false })
  })

  it("never invites a pending signup or someone who left, and a wave cannot bring back someone who left after their invitation", async () => {
    const store = await open()
    const { service, tokenOf } = await joinList(store, people(4))
    await service.leave(tokenOf("fan2@example.com"), NOW)
    await store.add({
      email: "pending@example.com",
      emailKey: "pending@example.com",
      source: "website_signup",
      timestamp: NOW.toISOString(),
      receivedAt: NOW.toISOString(),
      status: "pending",
      referralCode: "PEND1NG000",
      referredBy: null,
      statusTokenHash: "pending-status-hash",
      confirmToken: { hash: "pending-confirm-hash", expiresAt: LATER.toISOString() },
      attribution: null,
      consent: null,
      mail: null,
    })
    const wave = await inviteNext(store, SETTINGS, { count: 10, dryRun: false }, NOW)
    expect(wave.invited).toEqual([
      { email: "fan1@example.com", position: 1 },
      { email: "fan3@example.com", position: 2 },
      { email: "fan4@example.com", position: 3 },
    ])
    // fan3 leaves after the invitation: it goes with them, email and all, and no wave brings them back.
    await service.leave(tokenOf("fan3@example.com"), NOW)
    expect((await inviteNext(store, SETTINGS, { count: 10, dryRun: false }, NOW)).invited).toEqual([])
    expect([...(await invitationMails(store)).keys()].sort()).toEqual(["fan1@example.com", "fan4@example.com"])
    expect(await sql().query("select signup_id from invitations")).toHaveLength(2)
    expect(await inviteOne(store, SETTINGS, { email: "fan3@example.com", dryRun: false }, NOW)).toEqual({ kind: "notOnList" })
    expect(await inviteOne(store, SETTINGS, { email: "pending@example.com", dryRun: false }, NOW)).toEqual({ kind: "notConfirmed" })
  })

  it("invites one person by address (written any way the list treats as the same), once", async () => {
    const store = await open()
    await joinList(store, people(3))
    expect(await inviteOne(store, SETTINGS, { email: "FAN2@Example.com", dryRun: true }, NOW)).toEqual({
      kind: "wave",
      wave: { dryRun: true, invited: [{ email: "fan2@example.com", position: 2 }] },
    })
    expect(await sql().query("select signup_id from invitations")).toHaveLength(0)
    expect(await inviteOne(store, SETTINGS, { email: "FAN2@Example.com", dryRun: false }, NOW)).toEqual({
      kind: "wave",
      wave: { dryRun: false, invited: [{ email: "fan2@example.com", position: 2 }] },
    })
    expect(await inviteOne(store, SETTINGS, { email: "fan2@example.com", dryRun: false }, NOW)).toEqual({ kind: "alreadyInvited" })
    expect(await inviteOne(store, SETTINGS, { email: "nobody@example.com", dryRun: false }, NOW)).toEqual({ kind: "notOnList" })
    // The next wave goes round the person invited out of turn.
    expect((await inviteNext(store, SETTINGS, { count: 5, dryRun: false }, NOW)).invited).toEqual([
      { email: "fan1@example.com", position: 1 },
      { email: "fan3@example.com", position: 3 },
    ])
  })

  it("a dry run names exactly whom the wave would invite, and changes nothing", async () => {
    const store = await open()
    await joinList(store, people(5))
    await inviteNext(store, SETTINGS, { count: 1, dryRun: false }, NOW)
    const before = { mails: await sql().query("select id from outbox"), counters: await counters() }
    const dry = await inviteNext(store, SETTINGS, { count: 3, dryRun: true }, NOW)
    expect(dry).toEqual({ dryRun: true, invited: fansInPlace(2, 3, 4) })
    expect(await sql().query("select id from outbox")).toEqual(before.mails)
    expect(await counters()).toEqual(before.counters)
    expect(await sql().query("select signup_id from invitations")).toHaveLength(1)
    expect(await inviteNext(store, SETTINGS, { count: 3, dryRun: false }, NOW)).toEqual({ ...dry, dryRun: false })
  })

  it("two waves at once, from two processes, never invite anyone twice", async () => {
    const store = await open()
    await joinList(store, people(30))
    const other = engine.another(store)
    if (other !== store) closing.push(other)
    const waves = await Promise.all([
      inviteNext(store, SETTINGS, { count: 12, dryRun: false }, NOW),
      inviteNext(other, SETTINGS, { count: 12, dryRun: false }, NOW),
      inviteNext(store, SETTINGS, { count: 12, dryRun: false }, NOW),
    ])
    // A wave that reads the line while another commits may come out short (never double): the
    // next wave picks up whoever is left.
    const topUp = await inviteNext(store, SETTINGS, { count: 30, dryRun: false }, NOW)
    const invited = [...waves, topUp].flatMap((wave) => wave.invited.map(({ email }) => email))
    expect(invited).toHaveLength(30)
    expect(new Set(invited).size).toBe(30)
    expect((await invitationMails(store)).size).toBe(30)
    expect(await sql().query("select signup_id from invitations")).toHaveLength(30)
    expect(await counters()).toEqual({ invited: 30 })
  })

  it(`a code expires ${INVITATION_DAYS} days after it was sent, as a drop's code does: the page says so and the shop cannot redeem it`, async () => {
    const store = await open()
    await joinList(store, people(2))
    await inviteNext(store, SETTINGS, { count: 2, dryRun: false }, NOW)
    const mails = await invitationMails(store)
    const [first, second] = [codeIn(mails.get("fan1@example.com")), codeIn(mails.get("fan2@example.com"))]
    const lastDay = new Date(NOW.getTime() + INVITATION_DAYS * 24 * HOUR - 1)
    const expired = new Date(NOW.getTime() + INVITATION_DAYS * 24 * HOUR)
    await expect(invitationState(store, first, lastDay)).resolves.toBe("valid")
    await expect(redeemInvitation(store, first, lastDay)).resolves.toEqual({ kind: "redeemed", email: "fan1@example.com" })
    await expect(invitationState(store, second, expired)).resolves.toBe("expired")
    await expect(redeemInvitation(store, second, expired)).resolves.toEqual({ kind: "expired" })
    // A code used in time stays used, not expired.
    await expect(invitationState(store, first, expired)).resolves.toBe("redeemed")
  })

  it("a code is valid until the shop redeems it, once; the page learns nothing else", async () => {
    const store = await open()
    await joinList(store, people(2))
    await inviteNext(store, SETTINGS, { count: 2, dryRun: false }, NOW)
    const mails = await invitationMails(store)
    const code = codeIn(mails.get("fan1@example.com"))
    await expect(invitationState(store, code, LATER)).resolves.toBe("valid")
    await expect(redeemInvitation(store, code, LATER)).resolves.toEqual({ kind: "redeemed", email: "fan1@example.com" })
    await expect(invitationState(store, code, LATER)).resolves.toBe("redeemed")
    await expect(redeemInvitation(store, code, LATER)).resolves.toEqual({ kind: "alreadyRedeemed", redeemedAt: LATER.toISOString() })
    await expect(redeemInvitation(store, "A".repeat(43), LATER)).resolves.toEqual({ kind: "unknown" })
    await expect(redeemInvitation(store, "not a code", LATER)).resolves.toEqual({ kind: "unknown" })
    await expect(invitationState(store, "A".repeat(43), LATER)).resolves.toBe("unknown")
    await expect(invitationState(store, undefined, LATER)).resolves.toBe("unknown")
    // Two redemptions at once: one wins.
    const second = codeIn(mails.get("fan2@example.com"))
    const results = await Promise.all([redeemInvitation(store, second, LATER), redeemInvitation(store, second, LATER)])
    expect(results.map((result) => result.kind).sort()).toEqual(["alreadyRedeemed", "redeemed"])
    expect(await counters()).toEqual({ invited: 2, redeemed: 2 })
    const rows = await allRows(store)
    expect(rows.map(({ signup, invitation }) => [signup.email, invitation])).toEqual([
      ["fan1@example.com", { sentAt: NOW.toISOString(), redeemedAt: LATER.toISOString() }],
      ["fan2@example.com", { sentAt: NOW.toISOString(), redeemedAt: LATER.toISOString() }],
    ])
  })

  /** An event as the outbox holds it: its structured fields come as JSON text. */
  const eventOf = ({ payload }: OutboxEntry) => ({
    type: payload.type,
    timestamp: payload.timestamp,
    data: JSON.parse(payload.data) as unknown,
    ...(payload.contact ? { contact: JSON.parse(payload.contact) as unknown } : {}),
  })

  it("records invite.sent and invite.redeemed events when the store writes events, and none when it does not", async () => {
    const quiet = await open()
    await joinList(quiet, people(1))
    await inviteNext(quiet, SETTINGS, { count: 1, dryRun: false }, NOW)
    expect((await quiet.claimDueMessages(LATER, 100, LATER)).filter((entry) => String(entry.kind) === "event")).toEqual([])

    const store = await open(true)
    await joinList(store, people(2))
    await inviteNext(store, SETTINGS, { count: 2, dryRun: false }, NOW)
    const entries = await store.claimDueMessages(LATER, 100, new Date(LATER.getTime() + 60_000))
    const events = entries.filter((entry) => String(entry.kind) === "event").map(eventOf)
    const ids = (await allRows(store)).map(({ signup }) => `sig_${signup.sequence}`)
    expect(events.filter((event) => event.type === "invite.sent")).toEqual([
      {
        type: "invite.sent",
        timestamp: NOW.toISOString(),
        data: { id: ids[0], email: "fan1@example.com", position: 1 },
        contact: { email: "fan1@example.com" },
      },
      {
        type: "invite.sent",
        timestamp: NOW.toISOString(),
        data: { id: ids[1], email: "fan2@example.com", position: 2 },
        contact: { email: "fan2@example.com" },
      },
    ])
    const code = codeIn(entries.find((entry) => entry.kind === "invitation" && entry.payload.to === "fan2@example.com"))
    await redeemInvitation(store, code, LATER)
    const redeemed = (await store.claimDueMessages(new Date(LATER.getTime() + 30_000), 100, new Date(LATER.getTime() + 90_000))).filter(
      (entry) => String(entry.kind) === "event",
    )
    expect(redeemed.map(eventOf)).toEqual([
      { type: "invite.redeemed", timestamp: LATER.toISOString(), data: { id: ids[1], email: "fan2@example.com" }, contact: { email: "fan2@example.com" } },
    ])
  })
})

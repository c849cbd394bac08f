// Quiet fraud signals, the daily cap and the owner's review and audit, on both engines (a real
// PostgreSQL server, no mocks): held referrals never count until the owner releases them.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { freshDatabase } from "../../../../test/postgres"
import { confirmedSignup } from "../../../../test/signup-fixtures"
import { hashToken } from "../../keys/codes"
import { openEmbeddedStore, openPostgresStore } from "../open-store"
import { openSqliteDatabase } from "../sqlite-database"
import { CODE_BURST, NETWORK_BURST, NETWORK_MEMORY_MS } from "../referral-review"
import type { AddResult, NewSignup, SignupStore } from "../store"

const BOOST = 10
const START = new Date("2026-11-22T12:00:00.000Z")
const MINUTE = 60_000
const HOUR = 60 * MINUTE
/** A day, in minutes (as `pending` takes them). */
const DAY = 24 * 60
const SUMMARY = { days: 3, limit: 50 }

let counter = 0
/** A pending signup as the service hands it over, from `network`, `minutes` after START. */
const pending = (email: string, overrides: Partial<NewSignup> & { minutes?: number } = {}): NewSignup => {
  counter += 1
  const { minutes = 0, ...rest } = overrides
  const at = new Date(START.getTime() + minutes * MINUTE).toISOString()
  return confirmedSignup(email, `R${String(counter).padStart(9, "0")}`, null, at, {
    emailKey: email,
    status: "pending",
    confirmToken: { hash: hashToken(`confirm ${email}`), expiresAt: new Date(Date.parse(at) + 72 * HOUR).toISOString() },
    network: "198.51.100.0/24",
    ...rest,
  })
}

const codeOf = (result: AddResult): string => {
  if (result.kind === "suppressed") throw new Error("suppressed")
  return result.signup.referralCode
}

interface Engine {
  open(options?: { referralDailyCap?: number }): Promise<SignupStore>
  /** A query straight to the database the last store opened, to see what is kept. */
  raw(text: string): Promise<Array<Record<string, unknown>>>
  done(): Promise<void>
}

const sqlite = (): Engine => {
  let file = ""
  return {
    async open(options = {}) {
      file = join(mkdtempSync(join(tmpdir(), "block94-review-")), "signups.db")
      return openEmbeddedStore(file, BOOST, options)
    },
    async raw(text) {
      const db = openSqliteDatabase(file)
      try {
        return await db.query(text)
      } finally {
        await db.close()
      }
    },
    done: async () => undefined,
  }
}

const postgres = (): Engine => {
  let url = ""
  return {
    async open(options = {}) {
      url = await freshDatabase()
      return openPostgresStore({ connectionString: url, poolSize: 3 }, BOOST, options)
    },
    async raw(text) {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        return (await client.query(text)).rows as Array<Record<string, unknown>>
      } finally {
        await client.end()
      }
    },
    done: async () => undefined,
  }
}

describe.each([
  ["SQLite", sqlite],
  ["PostgreSQL", postgres],
])("%s: referral review", (_name, makeEngine) => {
  const engine = makeEngine()
  const opened: SignupStore[] = []
  const open = async (options?: { referralDailyCap?: number }) => {
    const store = await engine.open(options)
    opened.push(store)
    return store
  }
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()))
  })

  /** A referrer who confirmed, from `network`, and their referral code. */
  const referrer = async (store: SignupStore, email: string, network: string): Promise<string> => {
    const code = codeOf(await store.add(pending(email, { network })))
    await store.confirm(hashToken(`confirm ${email}`), START)
    return code
  }
  const referralsOf = async (store: SignupStore, email: string) => (await store.standingByStatusToken(hashToken(`status ${email}`)))?.referrals
  const confirmAt = (store: SignupStore, email: string, minutes: number) =>
    store.confirm(hashToken(`confirm ${email}`), new Date(START.getTime() + minutes * MINUTE))

  it("holds a friend's referral from the referrer's own network, counts one from elsewhere, and lists the held one for the owner", async () => {
    const store = await open()
    const code = await referrer(store, "ref@example.com", "198.51.100.0/24")
    await store.add(pending("sock@example.com", { referredBy: code, network: "198.51.100.0/24", minutes: 5 }))
    await store.add(pending("friend@example.com", { referredBy: code, network: "203.0.113.0/24", minutes: 6 }))
    await confirmAt(store, "sock@example.com", 10)
    await confirmAt(store, "friend@example.com", 11)
    expect(await referralsOf(store, "ref@example.com")).toBe(1)
    // The held friend is not nothing to the referrer: their status page tells them one waits.
    expect(await store.standingByStatusToken(hashToken("status ref@example.com"))).toMatchObject({ referrals: 1, waiting: 1 })

    const { heldReferrals } = await store.ownerSummary(START, SUMMARY)
    expect(heldReferrals.total).toBe(1)
    expect(heldReferrals.rows).toEqual([
      expect.objectContaining({ email: "sock@example.com", referrerEmail: "ref@example.com", referralCode: code, reason: "same_network", confirmed: true }),
    ])
  })

  it("holds a friend from the referrer's own network a day, a week, a month later while the link is in use", async () => {
    const store = await open()
    const code = await referrer(store, "ref@example.com", "198.51.100.0/24")
    // A friend from elsewhere every three weeks keeps the link in use...
    for (const [email, minutes] of [
      ["away1@example.com", 21 * DAY],
      ["away2@example.com", 42 * DAY],
    ] as const)
      await store.add(pending(email, { referredBy: code, network: `203.0.${minutes % 200}.0/24`, minutes }))
    // ...so the referrer's home network is still theirs 25 hours, a week and two months on.
    for (const [email, minutes] of [
      ["roommate@example.com", 25 * 60],
      ["week@example.com", 7 * DAY],
      ["later@example.com", 60 * DAY],
    ] as const) {
      await store.add(pending(email, { referredBy: code, network: "198.51.100.0/24", minutes }))
      await confirmAt(store, email, minutes + 1)
    }
    expect(await referralsOf(store, "ref@example.com")).toBe(0)
    const reasons = (await store.ownerSummary(START, SUMMARY)).heldReferrals.rows.map((row) => [row.email, row.reason])
    expect(reasons).toEqual([
      ["roommate@example.com", "same_network"],
      ["week@example.com", "same_network"],
      ["later@example.com", "same_network"],
    ])
  })

  it("counts a friend on the referrer's old network once the link has not been used for the fingerprint's whole time", async () => {
    const store = await open()
    const code = await referrer(store, "ref@example.com", "198.51.100.0/24")
    const minutes = NETWORK_MEMORY_MS / MINUTE + 60
    await store.add(pending("much-later@example.com", { referredBy: code, network: "198.51.100.0/24", minutes }))
    await confirmAt(store, "much-later@example.com", minutes + 1)
    expect(await referralsOf(store, "ref@example.com")).toBe(1)
  })

  it("holds a friend at an uncommon domain the referrer or their other friends use, never one at a common provider", async () => {
    const store = await open()
    const code = await referrer(store, "me@farm-domain.dev", "192.0.2.0/24")
    const other = await referrer(store, "someone@gmail.com", "192.0.3.0/24")
    const friends: Array<[string, string]> = [
      ["a@farm-domain.dev", code],
      ["b@gmail.com", code],
      ["c@gmail.com", code],
      ["d@outlook.com", code],
      ["colleague1@acme-corp.test", other],
      ["colleague2@acme-corp.test", other],
      ["e@acme-corp.test", code],
    ]
    for (const [i, [email, through]] of friends.entries()) {
      await store.add(pending(email, { referredBy: through, network: `10.3.${i}.0/24`, minutes: 20 * (i + 1) }))
      await confirmAt(store, email, 20 * (i + 1) + 1)
    }
    const reasons = (await store.ownerSummary(START, SUMMARY)).heldReferrals.rows.map((row) => [row.email, row.reason])
    expect(reasons).toEqual([
      ["a@farm-domain.dev", "shared_domain"],
      ["colleague2@acme-corp.test", "shared_domain"],
    ])
    expect(await referralsOf(store, "me@farm-domain.dev")).toBe(4)
    expect(await referralsOf(store, "someone@gmail.com")).toBe(1)
  })

  it("credits the referral farm nothing: one person at home with a catch-all domain, 25 hours on, 30 friends 4 every 10 minutes, each confirmed", async () => {
    const store = await open()
    const code = await referrer(store, "me@farm-domain.dev", "198.51.100.0/24")
    const farm = (network: (i: number) => string, domain: string) =>
      Array.from({ length: 30 }, (_, i) => ({ email: `friend${i}@${domain}`, network: network(i), minutes: 25 * 60 + 10 * Math.floor(i / 4) }))
    // From home, at the catch-all domain; from home at a common provider; from a network per friend at the catch-all domain.
    const runs = [
      farm(() => "198.51.100.0/24", "farm-domain.dev"),
      farm(() => "198.51.100.0/24", "gmail.com"),
      farm((i) => `10.4.${i}.0/24`, "farm-domain.dev"),
    ]
    for (const [round, run] of runs.entries()) {
      for (const { email, network, minutes } of run) {
        const at = minutes + round * 2 * DAY
        await store.add(pending(`${round}-${email}`, { referredBy: code, network, minutes: at }))
        await confirmAt(store, `${round}-${email}`, at + 1)
      }
    }
    expect(await referralsOf(store, "me@farm-domain.dev")).toBe(0)
    const held = await store.ownerSummary(START, { days: 3, limit: 100 })
    expect(held.heldReferrals.total).toBe(90)
    expect(held.heldReferrals.rows.every((row) => row.confirmed)).toBe(true)
    expect(new Set(held.heldReferrals.rows.map((row) => row.reason))).toEqual(new Set(["same_network", "shared_domain"]))
    // 180 commits: more than the default 5 s on a busy machine.
  }, 60_000)

  it("releases a held referral (it counts, and the referrer moves up) or rejects one (it never counts), and the audit says so", async () => {
    const store = await open()
    const code = await referrer(store, "ref@example.com", "198.51.100.0/24")
    for (const email of ["a@example.com", "b@example.com"]) {
      await store.add(pending(email, { referredBy: code, network: "198.51.100.0/24", minutes: 1 }))
      await confirmAt(store, email, 2)
    }
    const held = (await store.ownerSummary(START, SUMMARY)).heldReferrals.rows
    expect(held.map((row) => row.email)).toEqual(["a@example.com", "b@example.com"])
    const waitingOf = async () => (await store.standingByStatusToken(hashToken("status ref@example.com")))?.waiting
    expect(await waitingOf()).toBe(2)
    const later = new Date(START.getTime() + HOUR)
    expect(await store.reviewReferrals([held[0].id], "release", later, "owner's page")).toBe(1)
    expect(await referralsOf(store, "ref@example.com")).toBe(1)
    expect(await store.reviewReferrals([held[1].id], "reject", later, "owner's page")).toBe(1)
    expect(await referralsOf(store, "ref@example.com")).toBe(1)
    // Released, it counts; rejected, it waits no more.
    expect(await waitingOf()).toBe(0)
    // Decided already: a second decision changes nothing.
    expect(await store.reviewReferrals([held[0].id, held[1].id], "release", later, "owner's page")).toBe(0)
    expect(await referralsOf(store, "ref@example.com")).toBe(1)

    const summary = await store.ownerSummary(later, SUMMARY)
    expect(summary.heldReferrals).toEqual({ total: 0, rows: [] })
    expect(summary.audit).toEqual([
      { at: later.toISOString(), actor: "owner's page", action: "referrals rejected", count: 1, detail: null },
      { at: later.toISOString(), actor: "owner's page", action: "referrals released", count: 1, detail: null },
    ])
  })

  it("credits no more than the day's cap to one referrer: the rest are held, and the next day counts again", async () => {
    const store = await open({ referralDailyCap: 2 })
    const code = await referrer(store, "ref@example.com", "192.0.2.0/24")
    // Each friend from a network of their own, minutes apart: no other signal.
    for (let i = 0; i < 4; i++) {
      await store.add(pending(`f${i}@example.com`, { referredBy: code, network: `10.0.${i}.0/24`, minutes: 20 * i }))
      await confirmAt(store, `f${i}@example.com`, 20 * i + 1)
    }
    expect(await referralsOf(store, "ref@example.com")).toBe(2)
    const held = (await store.ownerSummary(START, SUMMARY)).heldReferrals.rows
    expect(held.map((row) => [row.email, row.reason])).toEqual([
      ["f2@example.com", "daily_cap"],
      ["f3@example.com", "daily_cap"],
    ])
    await store.add(pending("tomorrow@example.com", { referredBy: code, network: "10.9.9.0/24", minutes: 25 * 60 }))
    await confirmAt(store, "tomorrow@example.com", 25 * 60 + 1)
    expect(await referralsOf(store, "ref@example.com")).toBe(3)
  })

  it(`holds referrals in a burst from one network (${NETWORK_BURST} in ten minutes) and through one code (${CODE_BURST} in ten minutes)`, async () => {
    const store = await open()
    const code = await referrer(store, "ref@example.com", "192.0.2.0/24")
    // A crowd on one network, none of them referred, then a referral from it.
    for (let i = 0; i < NETWORK_BURST; i++) await store.add(pending(`crowd${i}@example.com`, { network: "100.64.1.0/24", minutes: 1 }))
    await store.add(pending("burst@example.com", { referredBy: code, network: "100.64.1.0/24", minutes: 2 }))
    // Many through one code, each from a network of its own, in one batch.
    const many = Array.from({ length: CODE_BURST + 1 }, (_, i) => pending(`code${i}@example.com`, { referredBy: code, network: `10.1.${i}.0/24`, minutes: 3 }))
    await Promise.all(many.map((signup) => store.add(signup)))
    const reasons = new Map((await store.ownerSummary(START, SUMMARY)).heldReferrals.rows.map((row) => [row.email, row.reason]))
    expect(reasons.get("burst@example.com")).toBe("network_burst")
    expect([...reasons.values()].filter((reason) => reason === "code_burst").length).toBeGreaterThanOrEqual(1)
    expect(reasons.has("code0@example.com")).toBe(false)
  })

  it("holds a referral the service marks unconfirmed (single opt-in), and a held friend who leaves takes nothing from the referrer", async () => {
    const store = await open()
    const code = await referrer(store, "ref@example.com", "192.0.2.0/24")
    await store.add({
      ...pending("made-up@example.com", { referredBy: code, network: "10.2.0.0/24", minutes: 30 }),
      status: "confirmed",
      confirmToken: null,
      referralHold: "unconfirmed",
    })
    expect(await referralsOf(store, "ref@example.com")).toBe(0)
    expect((await store.ownerSummary(START, SUMMARY)).heldReferrals.rows).toEqual([
      expect.objectContaining({ email: "made-up@example.com", reason: "unconfirmed" }),
    ])
    await store.erase({ emailKey: "made-up@example.com" }, START)
    expect(await referralsOf(store, "ref@example.com")).toBe(0)
    expect((await store.ownerSummary(START, SUMMARY)).heldReferrals.total).toBe(0)
  })

  it("keeps a network only as a salted fingerprint, for as long as the signup's link is in use", async () => {
    const store = await open()
    const code = codeOf(await store.add(pending("early@example.com", { network: "198.51.100.0/24" })))
    await store.add(pending("quiet@example.com", { network: "198.51.100.0/24" }))
    const [kept] = await engine.raw("select network from signups where email = 'early@example.com'")
    expect(kept.network).toEqual(expect.any(String))
    expect(String(kept.network)).not.toContain("198.51.100")
    // A friend through early's link 20 days on keeps early's fingerprint 30 days from then.
    await store.add(pending("friend@example.com", { referredBy: code, network: "203.0.113.0/24", minutes: 20 * DAY }))
    const networks = async () => (await engine.raw("select email, network from signups order by id")).map((row) => [row.email, row.network !== null])
    await store.add(pending("month-on@example.com", { network: "192.0.2.0/24", minutes: 31 * DAY }))
    expect(await networks()).toEqual([
      ["early@example.com", true],
      ["quiet@example.com", false],
      ["friend@example.com", true],
      ["month-on@example.com", true],
    ])
    expect(await store.forgetOldNetworks(new Date(START.getTime() + 51 * DAY * MINUTE))).toBe(2)
    expect((await networks()).map(([email, kept]) => `${email} ${kept}`)).toEqual([
      "early@example.com false",
      "quiet@example.com false",
      "friend@example.com false",
      "month-on@example.com true",
    ])
  })

  it("records the owner's erasures, waves and exports in the audit, newest first", async () => {
    const store = await open()
    await store.recordAudit({ actor: "command line", action: "export", count: 1, detail: null }, START)
    await store.recordAudit({ actor: "owner's page", action: "invitation wave", count: 25, detail: "asked for 25" }, new Date(START.getTime() + MINUTE))
    const { audit } = await store.ownerSummary(START, SUMMARY)
    expect(audit.map((entry) => [entry.actor, entry.action, entry.count])).toEqual([
      ["owner's page", "invitation wave", 25],
      ["command line", "export", 1],
    ])
  })
})

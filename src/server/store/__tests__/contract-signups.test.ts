// The store's contract on both engines, signups and places: adding, confirming, referrals, lookups.
import { freshDatabase } from "../../../../test/postgres"
import { hashToken } from "../../keys/codes"
import { openPostgresStore } from "../open-store"
import { allRows, statusTokenExpiry, type SignupStore } from "../store"
import { BOOST, ENGINES, HOUR, NOW, openedStores, pending, signup, signupOf } from "./contract-fixtures"

describe.each(ENGINES)("%s", (_name, makeStores) => {
  const { open, reopen, opened } = openedStores(makeStores)

  it("adds a confirmed signup and tells its place: the newest stands last", async () => {
    const store = await open()
    const first = await store.add(signup("a@example.com"))
    const second = await store.add(signup("b@example.com"))
    expect(first).toMatchObject({ kind: "added", place: { position: 1, total: 1 }, signup: { email: "a@example.com", status: "confirmed" } })
    expect(second).toMatchObject({ kind: "added", place: { position: 2, total: 2 } })
  })

  it("keeps one signup per email key and answers the second with the first", async () => {
    const store = await open()
    await store.add(signup("a@example.com"))
    const again = await store.add(signup("a@example.com", { email: "A@Example.com" }))
    expect(again).toMatchObject({ kind: "duplicate", signup: { email: "a@example.com" } })
    expect((await allRows(store)).map((row) => row.signup.email)).toEqual(["a@example.com"])
  })

  it("lists every signup in order with where it stands and where it came from", async () => {
    const store = await open()
    await store.add(signup("a@example.com", { attribution: { source: "tiktok", campaign: "launch", referrer: "www.tiktok.com" } }))
    await store.add(pending("b@example.com"))
    const rows = await allRows(store)
    expect(rows.map(({ signup: { email, status, attribution }, place }) => ({ email, status, attribution, place }))).toEqual([
      {
        email: "a@example.com",
        status: "confirmed",
        attribution: { source: "tiktok", campaign: "launch", referrer: "www.tiktok.com" },
        place: { position: 1, total: 1 },
      },
      { email: "b@example.com", status: "pending", attribution: null, place: null },
    ])
  })

  it("keeps all of 200 concurrent signups, each once", async () => {
    const store = await open()
    const emails = Array.from({ length: 200 }, (_, index) => `fan${index}@example.com`)
    const results = await Promise.all(emails.map((email) => store.add(signup(email))))
    expect(results.every((result) => result.kind === "added")).toBe(true)
    const rows = await allRows(store)
    expect(rows.map((row) => row.signup.email).sort()).toEqual([...emails].sort())
    // Places answered under concurrency are all different, 1 to 200.
    expect(new Set(results.map((result) => (result.kind === "added" ? result.place?.position : 0))).size).toBe(200)
  })

  it("stores one of 50 concurrent signups of the same address", async () => {
    const store = await open()
    const results = await Promise.all(Array.from({ length: 50 }, () => store.add(signup("same@example.com"))))
    expect(results.filter((result) => result.kind === "added")).toHaveLength(1)
    expect(await allRows(store)).toHaveLength(1)
  })

  it("gives each of several signups that arrive at once its own tokens", async () => {
    const store = await open()
    const [confirmed, waiting, again] = await Promise.all([
      store.add(signup("a@example.com")),
      store.add(pending("b@example.com")),
      store.add(signup("A@example.com", { statusTokenHash: hashToken("status of the repeat") })),
    ])
    expect([confirmed.kind, waiting.kind, again.kind]).toEqual(["added", "added", "duplicate"])
    await expect(store.standingByStatusToken(hashToken("status a@example.com"))).resolves.toMatchObject({ signup: { email: "a@example.com" } })
    await expect(store.standingByStatusToken(hashToken("status b@example.com"))).resolves.toMatchObject({ signup: { email: "b@example.com" } })
    // The repeat's token was never stored: it leads nowhere, least of all to the first signup.
    await expect(store.standingByStatusToken(hashToken("status of the repeat"))).resolves.toBeNull()
    await expect(store.confirm(hashToken("confirm b@example.com"), NOW)).resolves.toMatchObject({ kind: "confirmed", signup: { email: "b@example.com" } })
  })

  it("remembers everything after a restart", async () => {
    const store = await open()
    await store.add(signup("a@example.com"))
    await store.add(pending("b@example.com"))
    await store.close()
    opened.splice(opened.indexOf(store), 1)
    const restarted = reopen()
    await expect(restarted.add(signup("a@example.com"))).resolves.toMatchObject({ kind: "duplicate" })
    await expect(restarted.confirm(hashToken("confirm b@example.com"), NOW)).resolves.toMatchObject({ kind: "confirmed" })
    await expect(restarted.standingByStatusToken(hashToken("status a@example.com"))).resolves.toMatchObject({ place: { position: 1, total: 2 } })
  })

  describe("double opt-in", () => {
    it("gives a pending signup no place until its token confirms it", async () => {
      const store = await open()
      await store.add(signup("first@example.com"))
      const added = await store.add(pending("late@example.com"))
      expect(added).toMatchObject({ kind: "added", place: null, signup: { status: "pending" } })
      expect(await store.standingByStatusToken(hashToken("status late@example.com"))).toMatchObject({ place: null })
      const confirmed = await store.confirm(hashToken("confirm late@example.com"), NOW)
      expect(confirmed).toMatchObject({ kind: "confirmed", signup: { status: "confirmed" }, place: { position: 2, total: 2 } })
    })

    it("uses a confirmation token once", async () => {
      const store = await open()
      await store.add(pending("a@example.com"))
      await store.confirm(hashToken("confirm a@example.com"), NOW)
      await expect(store.confirm(hashToken("confirm a@example.com"), NOW)).resolves.toEqual({ kind: "expired" })
    })

    it("refuses an expired token and knows no unknown one", async () => {
      const store = await open()
      await store.add(pending("a@example.com"))
      const later = new Date(NOW.getTime() + 48 * HOUR + 1)
      await expect(store.confirm(hashToken("confirm a@example.com"), later)).resolves.toEqual({ kind: "expired" })
      await expect(store.confirm(hashToken("no such token"), NOW)).resolves.toEqual({ kind: "unknown" })
    })

    it("confirms with a token sent later, as a repeat signup gets one", async () => {
      const store = await open()
      await store.add(pending("a@example.com"))
      await store.addToken("a@example.com", { kind: "confirm", hash: hashToken("second"), expiresAt: new Date(NOW.getTime() + HOUR).toISOString() })
      await expect(store.confirm(hashToken("second"), NOW)).resolves.toMatchObject({ kind: "confirmed" })
    })
  })

  describe("referrals and places", () => {
    it("counts a referral once the referred signup confirms, and moves the referrer up", async () => {
      const store = await open()
      const c = await store.add(signup("c@example.com"))
      const a = await store.add(signup("a@example.com"))
      expect(a).toMatchObject({ place: { position: 2 } })
      const code = signupOf(a).referralCode
      await store.add(pending("b@example.com", { referredBy: code }))
      expect(await store.standingByStatusToken(hashToken("status a@example.com"))).toMatchObject({ referrals: 0, place: { position: 2 } })
      await store.confirm(hashToken("confirm b@example.com"), NOW)
      const standing = await store.standingByStatusToken(hashToken("status a@example.com"))
      expect(standing).toMatchObject({ referrals: 1, place: { position: 1, total: 3 } })
      expect(await store.standingByStatusToken(hashToken("status c@example.com"))).toMatchObject({ place: { position: 2 } })
      expect(signupOf(c).referralCode).not.toBe(code)
      const rows = await allRows(store)
      expect(rows.map((row) => [row.signup.email, row.place?.position, row.referrals, row.referredBy])).toEqual([
        ["c@example.com", 2, 0, null],
        ["a@example.com", 1, 1, null],
        ["b@example.com", 3, 0, code],
      ])
    })

    it("ignores a referral code that names nobody", async () => {
      const store = await open()
      const added = await store.add(signup("a@example.com", { referredBy: "NOBODY0000" }))
      expect(signupOf(added).referredBy).toBeNull()
    })

    it("breaks a tie by signup order", async () => {
      const store = await open()
      const added = []
      for (let index = 1; index <= 12; index += 1) added.push(await store.add(signup(`s${index}@example.com`)))
      // The 12th brings one friend: it stands at 12 - 10 = 2, level with the 2nd, who signed up first.
      await store.add(signup("friend@example.com", { referredBy: signupOf(added[11]).referralCode }))
      expect(await store.standingByStatusToken(hashToken("status s12@example.com"))).toMatchObject({ place: { position: 3 } })
      expect(await store.standingByStatusToken(hashToken("status s2@example.com"))).toMatchObject({ place: { position: 2 } })
    })

    it("finds a signup by any status token it was given, never by an unknown one", async () => {
      const store = await open()
      await store.add(signup("a@example.com"))
      await store.addToken("a@example.com", { kind: "status", hash: hashToken("another"), expiresAt: statusTokenExpiry(NOW) })
      await expect(store.standingByStatusToken(hashToken("another"))).resolves.toMatchObject({ signup: { email: "a@example.com" } })
      await expect(store.standingByStatusToken(hashToken("nobody's"))).resolves.toBeNull()
    })
  })

  it("answers a ping", async () => {
    const store = await open()
    await expect(store.ping()).resolves.toBeUndefined()
  })
})

describe("the PostgreSQL store, with signups that arrive together", () => {
  const opened: SignupStore[] = []
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()))
  })

  it("fails only the signup the database refuses, not the others sent with it", async () => {
    const store = openPostgresStore({ connectionString: await freshDatabase(), poolSize: 2 }, BOOST)
    opened.push(store)
    // Two new signups that happen to draw the same referral code (unique in the database).
    const results = await Promise.allSettled([
      store.add(signup("a@example.com", { referralCode: "SAMECODE00" })),
      store.add(signup("b@example.com", { referralCode: "SAMECODE00" })),
      store.add(signup("c@example.com")),
    ])
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "fulfilled", "rejected"])
    expect((await allRows(store)).map((row) => row.signup.email).sort()).toEqual(
      results[0].status === "fulfilled" ? ["a@example.com", "c@example.com"] : ["b@example.com", "c@example.com"],
    )
  })
})

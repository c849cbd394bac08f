// The store's contract on both engines, leaving the list: erasure, suppression, and the line after it.
import { hashToken } from "../../keys/codes"
import { allRows, statusTokenExpiry, type NewSignup, type SignupStore } from "../store"
import { ENGINES, HOUR, NOW, openedStores, pending, signup, signupOf } from "./contract-fixtures"

describe.each(ENGINES)("%s", (_name, makeStores) => {
  const { open } = openedStores(makeStores)

  describe("leaving the list", () => {
    const statusOf = (email: string) => ({ token: "status" as const, hash: hashToken(`status ${email}`) })
    const unsubscribeOf = (email: string) => ({ token: "unsubscribe" as const, hash: hashToken(`unsubscribe ${email}`) })
    /** A pending signup with its confirmation email queued, whose unsubscribe link carries `unsubscribe <email>`. */
    const mailed = (email: string, overrides: Partial<NewSignup> = {}) =>
      pending(email, {
        mail: {
          kind: "confirmation",
          payload: { to: email, link: `https://block94.example/confirm/#token=${email}` },
          unsubscribeTokenHash: hashToken(`unsubscribe ${email}`),
        },
        ...overrides,
      })
    const places = async (store: SignupStore) =>
      Object.fromEntries((await allRows(store)).map((row) => [row.signup.email, row.place ? `${row.place.position}/${row.place.total}` : "pending"]))

    it("erases a confirmed person at once: everyone behind moves up, lookups and the export forget them", async () => {
      const store = await open()
      for (const email of ["a@example.com", "b@example.com", "c@example.com", "d@example.com"]) await store.add(signup(email))
      await expect(store.erase(statusOf("b@example.com"), NOW)).resolves.toEqual({ kind: "erased" })
      expect(await places(store)).toEqual({ "a@example.com": "1/3", "c@example.com": "2/3", "d@example.com": "3/3" })
      await expect(store.standingByStatusToken(hashToken("status c@example.com"))).resolves.toMatchObject({ place: { position: 2, total: 3 }, total: 3 })
      await expect(store.standingByStatusToken(hashToken("status b@example.com"))).resolves.toBeNull()
      await expect(store.findSignup("b@example.com")).resolves.toBeNull()
      const summary = await store.ownerSummary(NOW, { days: 1, limit: 10 })
      expect(summary).toMatchObject({ confirmed: 3, pending: 0, perDay: [{ day: "2026-11-22", signups: 3 }] })
      // The next signup stands right behind the last one left.
      await expect(store.add(signup("e@example.com"))).resolves.toMatchObject({ kind: "added", place: { position: 4, total: 4 } })
    })

    it("erases a pending person, with its tokens and its mail still waiting, and keeps everyone's place", async () => {
      const store = await open()
      await store.add(signup("a@example.com"))
      await store.add(mailed("b@example.com"))
      await store.add(mailed("c@example.com"))
      await expect(store.erase(unsubscribeOf("b@example.com"), NOW)).resolves.toEqual({ kind: "erased" })
      // Its confirmation email is gone from the outbox; the other one is still there.
      const claimed = await store.claimDueMessages(NOW, 10, new Date(NOW.getTime() + 60_000))
      expect(claimed.map((entry) => entry.payload.to)).toEqual(["c@example.com"])
      // Every token it had is revoked: confirmation, status and unsubscribe.
      await expect(store.confirm(hashToken("confirm b@example.com"), NOW)).resolves.toEqual({ kind: "unknown" })
      await expect(store.erase(statusOf("b@example.com"), NOW)).resolves.toEqual({ kind: "unknown" })
      expect(await places(store)).toEqual({ "a@example.com": "1/1", "c@example.com": "pending" })
    })

    it("answers a used unsubscribe link with alreadyLeft, and knows no unknown token", async () => {
      const store = await open()
      await store.add(mailed("a@example.com"))
      // A status link of a person who left leads nowhere; an unsubscribe link still says "left".
      await expect(store.erase(unsubscribeOf("a@example.com"), NOW)).resolves.toEqual({ kind: "erased" })
      await expect(store.erase(unsubscribeOf("a@example.com"), NOW)).resolves.toEqual({ kind: "alreadyLeft" })
      await expect(store.erase(statusOf("a@example.com"), NOW)).resolves.toEqual({ kind: "unknown" })
      await expect(store.erase(unsubscribeOf("nobody@example.com"), NOW)).resolves.toEqual({ kind: "unknown" })
      // A status token is not an unsubscribe token, nor the other way round.
      await store.add(mailed("b@example.com"))
      await expect(store.erase({ token: "unsubscribe", hash: hashToken("status b@example.com") }, NOW)).resolves.toEqual({ kind: "unknown" })
      await expect(store.erase({ token: "status", hash: hashToken("unsubscribe b@example.com") }, NOW)).resolves.toEqual({ kind: "unknown" })
    })

    it("keeps every unsubscribe link of a person who left by another way answering alreadyLeft", async () => {
      const store = await open()
      await store.add(mailed("a@example.com"))
      const [entry] = await store.claimDueMessages(NOW, 10, new Date(NOW.getTime() + 60_000))
      await store.markDelivered(entry.id, NOW)
      const later = new Date(NOW.getTime() + 2 * HOUR)
      const second = {
        kind: "status-link" as const,
        payload: { to: "a@example.com", link: "https://block94.example/waitlist/" },
        unsubscribeTokenHash: hashToken("second unsubscribe"),
      }
      await expect(
        store.queueMail("a@example.com", { kind: "status", hash: hashToken("second status"), expiresAt: statusTokenExpiry(NOW) }, second, later, HOUR),
      ).resolves.toBe(true)
      await expect(store.erase(statusOf("a@example.com"), later)).resolves.toEqual({ kind: "erased" })
      await expect(store.erase(unsubscribeOf("a@example.com"), later)).resolves.toEqual({ kind: "alreadyLeft" })
      await expect(store.erase({ token: "unsubscribe", hash: hashToken("second unsubscribe") }, later)).resolves.toEqual({ kind: "alreadyLeft" })
      await expect(store.standingByStatusToken(hashToken("second status"))).resolves.toBeNull()
    })

    it("takes a confirmed referral from its referrer, who moves back in line", async () => {
      const store = await open()
      const people = []
      for (let index = 1; index <= 12; index += 1) people.push(await store.add(signup(`s${index}@example.com`)))
      await store.add(mailed("friend@example.com", { referredBy: signupOf(people[11]).referralCode }))
      await store.confirm(hashToken("confirm friend@example.com"), NOW)
      // 12 - 10 = 2, level with the 2nd, who came first.
      await expect(store.standingByStatusToken(hashToken("status s12@example.com"))).resolves.toMatchObject({ referrals: 1, place: { position: 3, total: 13 } })
      await expect(store.erase(unsubscribeOf("friend@example.com"), NOW)).resolves.toEqual({ kind: "erased" })
      await expect(store.standingByStatusToken(hashToken("status s12@example.com"))).resolves.toMatchObject({
        referrals: 0,
        place: { position: 12, total: 12 },
      })
      await expect(store.standingByStatusToken(hashToken("status s3@example.com"))).resolves.toMatchObject({ place: { position: 3, total: 12 } })
      expect((await allRows(store)).find((row) => row.signup.email === "s12@example.com")).toMatchObject({ referrals: 0, place: { position: 12 } })
    })

    it("leaves no trace of a referrer: its friends keep their places without it, and its old link counts for no one", async () => {
      const store = await open()
      const a = signupOf(await store.add(signup("a@example.com")))
      await store.add(signup("b@example.com", { referredBy: a.referralCode }))
      await store.add(mailed("c@example.com", { referredBy: a.referralCode }))
      await expect(store.erase({ emailKey: "a@example.com" }, NOW)).resolves.toEqual({ kind: "erased" })
      await store.confirm(hashToken("confirm c@example.com"), NOW)
      const late = await store.add(signup("d@example.com", { referredBy: a.referralCode }))
      expect(signupOf(late).referredBy).toBeNull()
      const rows = await allRows(store)
      expect(rows.map((row) => [row.signup.email, row.referredBy, row.referrals, row.place?.position])).toEqual([
        ["b@example.com", null, 0, 1],
        ["c@example.com", null, 0, 2],
        ["d@example.com", null, 0, 3],
      ])
      expect(rows.some((row) => row.signup.referralCode === a.referralCode)).toBe(false)
    })

    it("keeps a suppression key: an import or a single opt-in signup cannot add the address back; its owner's confirmation can, at the end of the line", async () => {
      const store = await open()
      await store.add(signup("a@example.com"))
      await store.add(signup("fan@example.com"))
      await store.add(signup("z@example.com"))
      await store.erase(statusOf("fan@example.com"), NOW)
      // An import (no signup of its own) is refused, however the address is written.
      await expect(store.add(signup("fan@example.com"))).resolves.toEqual({ kind: "suppressed" })
      // So is a signup that nobody confirms (single opt-in): anyone could have typed the address.
      await expect(store.add(signup("fan@example.com", { overridesSuppression: true }))).resolves.toEqual({ kind: "suppressed" })
      expect((await allRows(store)).map((row) => row.signup.email)).toEqual(["a@example.com", "z@example.com"])
      // A signup of its own waits, pending, with the suppression still in place...
      const pending = {
        status: "pending" as const,
        overridesSuppression: true,
        statusTokenHash: hashToken("status fan again"),
        confirmToken: { hash: hashToken("confirm fan again"), expiresAt: "2026-11-24T12:00:00.000Z" },
      }
      const back = await store.add(signup("fan@example.com", pending))
      expect(back).toMatchObject({ kind: "added", place: null })
      await expect(store.add(signup("fan@example.com"))).resolves.toMatchObject({ kind: "duplicate" })
      // ...until the address's owner confirms: a new person, with a new code, behind everyone.
      await expect(store.confirm(hashToken("confirm fan again"), NOW)).resolves.toMatchObject({ kind: "confirmed", place: { position: 3, total: 3 } })
      expect(signupOf(back).sequence).toBeGreaterThan(3)
      await expect(store.standingByStatusToken(hashToken("status fan again"))).resolves.toMatchObject({ referrals: 0, place: { position: 3 } })
      // Their old status link stays dead; the new one is theirs, and they can leave again.
      await expect(store.standingByStatusToken(hashToken("status fan@example.com"))).resolves.toBeNull()
      await expect(store.erase({ token: "status", hash: hashToken("status fan again") }, NOW)).resolves.toEqual({ kind: "erased" })
      await expect(store.add(signup("fan@example.com"))).resolves.toEqual({ kind: "suppressed" })
    })

    it("a pending signup of a suppressed address that is never confirmed leaves the suppression in place", async () => {
      const store = await open()
      await store.add(signup("fan@example.com"))
      await store.erase(statusOf("fan@example.com"), NOW)
      const pending = {
        status: "pending" as const,
        overridesSuppression: true,
        statusTokenHash: hashToken("status typed by someone"),
        confirmToken: { hash: hashToken("confirm typed"), expiresAt: "2026-11-24T12:00:00.000Z" },
      }
      await store.add(signup("fan@example.com", pending))
      // The stranger's signup is erased (say, the owner of the address leaves from the email): still suppressed.
      await store.erase({ token: "status", hash: hashToken("status typed by someone") }, NOW)
      await expect(store.add(signup("fan@example.com"))).resolves.toEqual({ kind: "suppressed" })
    })

    it("forgets by address: erases whoever has it, and suppresses it even when no one had it", async () => {
      const store = await open()
      await store.add(signup("a@example.com"))
      await expect(store.erase({ emailKey: "a@example.com" }, NOW)).resolves.toEqual({ kind: "erased" })
      await expect(store.erase({ emailKey: "a@example.com" }, NOW)).resolves.toEqual({ kind: "unknown" })
      await expect(store.erase({ emailKey: "never@example.com" }, NOW)).resolves.toEqual({ kind: "unknown" })
      await expect(store.add(signup("never@example.com"))).resolves.toEqual({ kind: "suppressed" })
      expect(await allRows(store)).toEqual([])
    })

    it("takes a person out once when two requests to leave arrive together", async () => {
      const store = await open()
      const a = signupOf(await store.add(signup("a@example.com")))
      await store.add(signup("b@example.com"))
      await store.add(mailed("c@example.com", { referredBy: a.referralCode }))
      await store.confirm(hashToken("confirm c@example.com"), NOW)
      await store.add(signup("d@example.com"))
      const results = await Promise.all([
        store.erase(statusOf("c@example.com"), NOW),
        store.erase(unsubscribeOf("c@example.com"), NOW),
        store.erase({ emailKey: "c@example.com" }, NOW),
      ])
      expect(results.filter((result) => result.kind === "erased")).toHaveLength(1)
      expect(await places(store)).toEqual({ "a@example.com": "1/3", "b@example.com": "2/3", "d@example.com": "3/3" })
      await expect(store.standingByStatusToken(hashToken("status a@example.com"))).resolves.toMatchObject({ referrals: 0 })
    })
  })
})

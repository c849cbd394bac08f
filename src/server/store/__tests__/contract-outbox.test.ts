// The store's contract on both engines, the outbox: mail written with its signup, claimed, retried, given up.
import { hashToken } from "../../keys/codes"
import { statusTokenExpiry } from "../store"
import { ENGINES, HOUR, NOW, nextNumber, openedStores, pending } from "./contract-fixtures"

describe.each(ENGINES)("%s", (_name, makeStores) => {
  const { open } = openedStores(makeStores)

  describe("the outbox", () => {
    const message = (email: string) => ({
      kind: "confirmation" as const,
      payload: { to: email, link: `https://block94.example/confirm/#token=${email}` },
      unsubscribeTokenHash: hashToken(`unsubscribe ${email} ${nextNumber()}`),
    })
    const lease = (at: Date) => new Date(at.getTime() + 2 * 60_000)

    it("writes a signup's mail with it, and hands each due message to one sender at a time", async () => {
      const store = await open()
      await store.add(pending("a@example.com", { mail: message("a@example.com") }))
      await store.add(pending("b@example.com", { mail: message("b@example.com") }))
      const [first, second] = await Promise.all([store.claimDueMessages(NOW, 10, lease(NOW)), store.claimDueMessages(NOW, 10, lease(NOW))])
      const claimed = [...first, ...second]
      expect(claimed.map((entry) => entry.payload.to).sort()).toEqual(["a@example.com", "b@example.com"])
      expect(claimed.every((entry) => entry.attempts === 1 && /^[0-9a-f-]{36}$/.test(entry.messageId))).toBe(true)
      // Claimed messages stay hidden while their lease runs, and come back (same id) once it is over.
      await expect(store.claimDueMessages(new Date(NOW.getTime() + 60_000), 10, lease(NOW))).resolves.toEqual([])
      const again = await store.claimDueMessages(lease(NOW), 10, lease(lease(NOW)))
      expect(again.map((entry) => [entry.messageId, entry.attempts]).sort()).toEqual(claimed.map((entry) => [entry.messageId, 2]).sort())
    })

    it("counts the resend interval from the last mail delivered, and never queues while one is waiting", async () => {
      const store = await open()
      await store.add(pending("a@example.com", { mail: message("a@example.com") }))
      const token = (name: string) => ({ kind: "status" as const, hash: hashToken(name), expiresAt: statusTokenExpiry(NOW) })
      // The confirmation is still waiting (the mail server is down, say): nothing more piles up.
      await expect(store.queueMail("a@example.com", token("t1"), message("a@example.com"), NOW, HOUR)).resolves.toBe(false)
      const [entry] = await store.claimDueMessages(NOW, 10, lease(NOW))
      await store.markAttemptFailed(entry.id, NOW, "connect ECONNREFUSED", new Date(NOW.getTime() + 30_000))
      await expect(store.queueMail("a@example.com", token("t2"), message("a@example.com"), NOW, HOUR)).resolves.toBe(false)
      // Delivered an hour later: the hour counts from then.
      const deliveredAt = new Date(NOW.getTime() + HOUR)
      const [retry] = await store.claimDueMessages(deliveredAt, 10, lease(deliveredAt))
      await store.markDelivered(retry.id, deliveredAt)
      await expect(store.queueMail("a@example.com", token("t3"), message("a@example.com"), new Date(deliveredAt.getTime() + HOUR - 1), HOUR)).resolves.toBe(
        false,
      )
      const [one, two] = await Promise.all([
        store.queueMail("a@example.com", token("t4"), message("a@example.com"), new Date(deliveredAt.getTime() + HOUR), HOUR),
        store.queueMail("a@example.com", token("t5"), message("a@example.com"), new Date(deliveredAt.getTime() + HOUR), HOUR),
      ])
      expect([one, two].sort()).toEqual([false, true])
      await expect(store.queueMail("nobody@example.com", token("t6"), message("nobody@example.com"), NOW, HOUR)).resolves.toBe(false)
      expect((await store.findSignup("a@example.com"))?.lastMailAt).toBe(deliveredAt.toISOString())
    })

    it("gives up after the last retry, counts it, and keeps no address in it", async () => {
      const store = await open()
      await store.add(pending("a@example.com", { mail: message("a@example.com") }))
      const [entry] = await store.claimDueMessages(NOW, 10, lease(NOW))
      await store.markAttemptFailed(entry.id, NOW, "550 mailbox unavailable", null)
      await expect(store.outboxHealth()).resolves.toEqual({ waiting: 0, failed: 1, lastError: "550 mailbox unavailable" })
      await expect(store.claimDueMessages(new Date(NOW.getTime() + 48 * HOUR), 10, lease(NOW))).resolves.toEqual([])
      // Given up, the person may ask for their link again.
      await expect(
        store.queueMail("a@example.com", { kind: "status", hash: hashToken("t"), expiresAt: statusTokenExpiry(NOW) }, message("a@example.com"), NOW, HOUR),
      ).resolves.toBe(true)
      await expect(store.outboxHealth()).resolves.toMatchObject({ waiting: 1, failed: 1 })
    })
  })
})

// Leaving the list as any host calls it, over a real service and a real SQLite store: one-click
// unsubscribes, status links that expire, leaving from the status page, and what is left behind.
import { existsSync, mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { handleConfirmRequest, handleResendRequest, handleSignupRequest } from "../signup-handler"
import { handleLeaveRequest, handleUnsubscribeRequest, handleWaitlistRequest } from "../status-handler"
import { type HandlerDependencies } from "../kit"
import { createSignupService } from "../../waitlist/service"
import { openEmbeddedStore } from "../../store/open-store"
import { allRows, STATUS_TOKEN_TTL_MS, type SignupStore } from "../../store/store"
import { linkSecret } from "../../../../test/link-secret"
import { closeStores, NOW, request, setUp, SITE_URL, signUp, validFields } from "../../../../test/endpoint-harness"

afterEach(closeStores)

describe("leaving the list", () => {
  /** The service with mail set up; the test reads the outbox where a sender would. */
  const withMail = () => {
    const store = openEmbeddedStore(join(mkdtempSync(join(tmpdir(), "block94-leaving-")), "signups.db"), 10)
    const { deps, logError } = setUp({ store })
    deps.service = createSignupService({ store, mail: { queued: async () => () => undefined }, settings: { siteUrl: SITE_URL, referralBoost: 10 } })
    return { store, deps, logError }
  }
  /** Signs `email` up and confirms it from its (queued) confirmation email; returns the links that email carries. */
  const joinAndConfirm = async (store: SignupStore, deps: HandlerDependencies, email: string) => {
    expect((await signUp(deps, { email })).body).toEqual({ ok: true, status: "pending" })
    const messages = await store.claimDueMessages(NOW, 1000, new Date(NOW.getTime() + 60_000))
    const mail = messages.find((message) => message.payload.to === email)
    if (!mail) throw new Error(`no mail to ${email}`)
    for (const message of messages) await store.markDelivered(message.id, NOW)
    const confirmed = await handleConfirmRequest(request({ body: JSON.stringify({ token: linkSecret(mail.payload.link) }) }), deps)
    expect(confirmed.status).toBe(200)
    return {
      oneClick: new URL(mail.payload.oneClickUnsubscribe),
      page: new URL(mail.payload.unsubscribe),
      status: new URL(String(confirmed.body.statusUrl)),
      referralCode: String(confirmed.body.referralCode),
    }
  }
  /** A one-click unsubscribe exactly as Gmail sends it (RFC 8058). */
  const oneClick = (deps: HandlerDependencies, link: URL) =>
    handleUnsubscribeRequest(
      request({ query: link.searchParams, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }),
      deps,
    )
  const lookUp = (deps: HandlerDependencies, link: URL) => handleWaitlistRequest(request({ body: JSON.stringify({ token: linkSecret(link.href) }) }), deps)
  const LEFT = { status: 200, headers: { "Cache-Control": "no-store" }, body: { ok: true, status: "left" } }

  describe("POST /api/unsubscribe", () => {
    it("unsubscribes in one click, exactly as Gmail posts it, and erases the person: the people behind move up", async () => {
      const { store, deps } = withMail()
      const first = await joinAndConfirm(store, deps, "first@example.com")
      const leaving = await joinAndConfirm(store, deps, "Leaving.Fan@Example.com")
      const last = await joinAndConfirm(store, deps, "last@example.com")
      expect(leaving.oneClick.origin + leaving.oneClick.pathname).toBe(`${SITE_URL}/api/unsubscribe`)
      expect(leaving.page.origin + leaving.page.pathname).toBe(`${SITE_URL}/unsubscribe/`)
      expect(linkSecret(leaving.page.href)).toBe(leaving.oneClick.searchParams.get("token"))
      await expect(lookUp(deps, last.status)).resolves.toMatchObject({ body: { position: 3, total: 3 } })

      expect(await oneClick(deps, leaving.oneClick)).toEqual(LEFT)
      await expect(lookUp(deps, leaving.status)).resolves.toMatchObject({ status: 404 })
      await expect(lookUp(deps, last.status)).resolves.toMatchObject({ body: { position: 2, total: 2 } })
      await expect(lookUp(deps, first.status)).resolves.toMatchObject({ body: { position: 1, total: 2 } })
      expect((await allRows(store)).map((row) => row.signup.email)).toEqual(["first@example.com", "last@example.com"])
    })

    it("answers a link used already the same, again and again", async () => {
      const { store, deps } = withMail()
      const { oneClick: link } = await joinAndConfirm(store, deps, "fan@example.com")
      expect(await oneClick(deps, link)).toEqual(LEFT)
      expect(await oneClick(deps, link)).toEqual(LEFT)
      const fromPage = await handleUnsubscribeRequest(request({ body: JSON.stringify({ token: link.searchParams.get("token") }) }), deps)
      expect(fromPage).toEqual(LEFT)
    })

    it("never unsubscribes on a GET of the link: it leads to the unsubscribe page", async () => {
      const { store, deps } = withMail()
      const { oneClick: link, status } = await joinAndConfirm(store, deps, "fan@example.com")
      for (const method of ["GET", "HEAD"]) {
        const answer = await handleUnsubscribeRequest(request({ method, query: link.searchParams, body: "" }), deps)
        expect(answer).toMatchObject({ status: 303, headers: { Location: `/unsubscribe/#token=${link.searchParams.get("token")}` } })
      }
      await expect(lookUp(deps, status)).resolves.toMatchObject({ status: 200, body: { position: 1 } })
    })

    it("takes the token as JSON from our page, and a one-click post sent as multipart/form-data", async () => {
      const { store, deps } = withMail()
      const a = await joinAndConfirm(store, deps, "a@example.com")
      const b = await joinAndConfirm(store, deps, "b@example.com")
      expect(await handleUnsubscribeRequest(request({ body: JSON.stringify({ token: linkSecret(a.page.href) }) }), deps)).toEqual(LEFT)
      const boundary = "----block94"
      const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`
      const answer = await handleUnsubscribeRequest(
        request({ query: b.oneClick.searchParams, headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, body: multipart }),
        deps,
      )
      expect(answer).toEqual(LEFT)
      expect(await allRows(store)).toEqual([])
    })

    it.each([
      ["an unknown token", new URLSearchParams({ token: "A".repeat(43) })],
      ["a malformed token", new URLSearchParams({ token: "not-a-token" })],
      ["no token", new URLSearchParams()],
    ])("answers 404 for %s", async (_case, query) => {
      const { deps } = withMail()
      const answer = await handleUnsubscribeRequest(
        request({ query, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }),
        deps,
      )
      expect(answer).toMatchObject({ status: 404, body: { error: expect.stringContaining("unsubscribe link is not known") } })
    })

    it("counts one-click unsubscribes apart from the signup limit", async () => {
      const { deps } = withMail()
      const token = new URLSearchParams({ token: "A".repeat(43) })
      // Mailbox providers post every one-click unsubscribe from a few addresses of theirs: the larger
      // budget of reads, in a bucket of its own, so a client's spent signup limit does not block them.
      const limited = {
        ...deps,
        rateLimiter: { hit: jest.fn(async () => ({ allowed: false as const, retryAfterSeconds: 60 })) },
        readLimiter: { hit: jest.fn(async () => ({ allowed: true as const })) },
      }
      expect(
        await handleUnsubscribeRequest(
          request({ query: token, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" }),
          limited,
        ),
      ).toMatchObject({ status: 404 })
      expect(limited.rateLimiter.hit).not.toHaveBeenCalled()
      expect(limited.readLimiter.hit).toHaveBeenCalledWith("unsubscribe: 203.0.113.7")
    })
  })

  describe("status links expire", () => {
    it(`after ${STATUS_TOKEN_TTL_MS / 86_400_000} days a status link shows and erases no one (410), and "send it again" mails a fresh one that works`, async () => {
      const { store, deps } = withMail()
      const person = await joinAndConfirm(store, deps, "keeper@example.com")
      const at = (time: number): HandlerDependencies => ({ ...deps, now: () => new Date(NOW.getTime() + time) })
      const lastDay = at(STATUS_TOKEN_TTL_MS - 60_000)
      const expired = at(STATUS_TOKEN_TTL_MS + 1)
      await expect(lookUp(lastDay, person.status)).resolves.toMatchObject({ status: 200, body: { position: 1 } })
      await expect(lookUp(expired, person.status)).resolves.toMatchObject({ status: 410, body: { code: "status_link_expired" } })
      const leave = await handleLeaveRequest(request({ body: JSON.stringify({ token: linkSecret(person.status.href) }) }), expired)
      expect(leave).toMatchObject({ status: 410, body: { code: "status_link_expired" } })
      expect((await allRows(store)).map((row) => row.signup.email)).toEqual(["keeper@example.com"])

      const later = new Date(NOW.getTime() + STATUS_TOKEN_TTL_MS + 1)
      expect((await handleResendRequest(request({ body: JSON.stringify({ email: "keeper@example.com" }) }), expired)).status).toBe(202)
      const [mail] = await store.claimDueMessages(later, 10, new Date(later.getTime() + 60_000))
      expect(mail.kind).toBe("status-link")
      const fresh = new URL(mail.payload.link)
      await expect(lookUp(expired, fresh)).resolves.toMatchObject({ status: 200, body: { position: 1 } })
    })
  })

  describe("POST /api/leave", () => {
    const leave = (deps: HandlerDependencies, body: unknown) => handleLeaveRequest(request({ body: JSON.stringify(body) }), deps)

    it("erases the person behind a status token, revokes every token, and takes the referral from the referrer", async () => {
      const { store, deps } = withMail()
      const referrer = await joinAndConfirm(store, deps, "referrer@example.com")
      const other = await joinAndConfirm(store, deps, "other@example.com")
      // A friend comes through the referrer's link and confirms: the referrer moves ahead.
      // From a network of the friend's own: one shared with the referrer would hold the referral for the owner.
      const friendSignup = request({
        body: JSON.stringify({ ...validFields, email: "friend@example.com", referralCode: referrer.referralCode }),
        clientKey: "198.51.100.20",
      })
      expect((await handleSignupRequest(friendSignup, deps)).status).toBe(201)
      const [mail] = await store.claimDueMessages(NOW, 10, new Date(NOW.getTime() + 60_000))
      const friendConfirmed = await handleConfirmRequest(request({ body: JSON.stringify({ token: linkSecret(mail.payload.link) }) }), deps)
      const friendStatus = new URL(String(friendConfirmed.body.statusUrl))
      await expect(lookUp(deps, referrer.status)).resolves.toMatchObject({ body: { position: 1, referrals: 1, total: 3 } })

      expect(await leave(deps, { token: linkSecret(friendStatus.href) })).toEqual(LEFT)
      await expect(lookUp(deps, referrer.status)).resolves.toMatchObject({ body: { position: 1, referrals: 0, total: 2 } })
      await expect(lookUp(deps, other.status)).resolves.toMatchObject({ body: { position: 2, total: 2 } })
      // Every token of the person is revoked: status, unsubscribe, confirmation.
      await expect(lookUp(deps, friendStatus)).resolves.toMatchObject({ status: 404 })
      expect(await leave(deps, { token: linkSecret(friendStatus.href) })).toMatchObject({ status: 404 })
      const friendUnsubscribe = new URL(mail.payload.oneClickUnsubscribe)
      // Its unsubscribe link still says "left" (a second click must not look like an error).
      expect(await oneClick(deps, friendUnsubscribe)).toEqual(LEFT)
      const summary = await store.ownerSummary(NOW, { days: 1, limit: 10 })
      expect(summary).toMatchObject({ confirmed: 2, pending: 0, topReferrers: [] })
    })

    it("lets the person sign up again on purpose, as someone new at the end of the line", async () => {
      const { store, deps } = withMail()
      const fan = await joinAndConfirm(store, deps, "fan@example.com")
      await joinAndConfirm(store, deps, "other@example.com")
      expect(await leave(deps, { token: linkSecret(fan.status.href) })).toEqual(LEFT)
      const back = await joinAndConfirm(store, deps, "Fan@Example.com")
      await expect(lookUp(deps, back.status)).resolves.toMatchObject({ status: 200, body: { position: 2, total: 2, referrals: 0 } })
      expect(back.referralCode).not.toBe(fan.referralCode)
      // The old links stay dead.
      await expect(lookUp(deps, fan.status)).resolves.toMatchObject({ status: 404 })
    })
  })

  it("leaves the address in no file of the SQLite database once the person unsubscribes, and writes nothing of it to the logs", async () => {
    const folder = mkdtempSync(join(tmpdir(), "block94-erased-"))
    const file = join(folder, "signups.db")
    const store = openEmbeddedStore(file, 10)
    const { deps, logError } = setUp({ store })
    // 300 signups, each a durable commit: their answers are not held to a pace here (answer-timing.test.ts tests it).
    const pace = { wait: async () => undefined }
    deps.service = createSignupService({ store, pace, mail: { queued: async () => () => undefined }, settings: { siteUrl: SITE_URL, referralBoost: 10 } })
    const address = "Leaving.Fan+drops@Example.com"
    // Enough people around it that the list spans many pages of the file.
    for (let index = 0; index < 150; index += 1) await signUp(deps, { email: `before${index}@example.com` })
    const leaving = await joinAndConfirm(store, deps, address)
    for (let index = 0; index < 150; index += 1) await signUp(deps, { email: `after${index}@example.com`, referralCode: leaving.referralCode })
    const traces = [address, address.toLowerCase(), "leaving.fan@example.com", "Leaving.Fan", leaving.referralCode]
    const filesHolding = (text: string) => [file, `${file}-wal`].filter((path) => existsSync(path) && readFileSync(path).includes(Buffer.from(text, "utf8")))
    // The test can see it while the person is on the list.
    expect(traces.map(filesHolding).flat().length).toBeGreaterThan(0)

    const logged = ["log", "info", "warn", "error"].map((method) => jest.spyOn(console, method as "log"))
    try {
      expect(await oneClick(deps, leaving.oneClick)).toEqual(LEFT)
      // Checked once the log is emptied (off the request path), with the store still open, as a server would be.
      await store.purged()
      expect(Object.fromEntries(traces.map((text) => [text, filesHolding(text)]))).toEqual(Object.fromEntries(traces.map((text) => [text, []])))
      const written = [...logged.flatMap((spy) => spy.mock.calls), ...logError.mock.calls].flat().map(String).join("\n")
      expect(written.toLowerCase()).not.toContain("leaving.fan")
    } finally {
      for (const spy of logged) spy.mockRestore()
    }
    expect(await allRows(store)).toHaveLength(301 - 1)
  }, 30_000)
})

// Double opt-in as a visitor goes through it: a real SMTP server receives the mail, the links in
// it are followed, over both stores.
import type { SignupFields } from "../../../signup/schema"
import { startInbox, type Inbox } from "../../../../tools/dev/smtp-inbox"
import { RESEND_INTERVAL_MS } from "../service"
import { storeEngines } from "../../../../test/store-engines"
import { linkIn, mailedServiceEachTest, signupFields, SITE_URL } from "../../../../test/mail-service"
import { linkSecret } from "../../../../test/link-secret"

const START = new Date("2026-11-22T12:00:00.000Z")
const HOUR = 3_600_000

let inbox: Inbox
beforeAll(async () => {
  inbox = await startInbox()
})
afterAll(() => inbox.close())

const fields = (email: string, extra: Partial<SignupFields> = {}): SignupFields => signupFields(email, START, extra)

describe.each(storeEngines())("with %s", (_name, openStore) => {
  let clock = START
  /** The test's time is now `date`. */
  const at = (date: Date): Date => (clock = date)
  beforeEach(() => at(START))
  const mailed = mailedServiceEachTest(
    () => inbox,
    async () => ({ store: await openStore() }),
    () => clock,
  )

  it("keeps a new signup pending and mails a confirmation link that confirms it once", async () => {
    await expect(mailed.service.join(fields("Fan@Example.com"), at(START))).resolves.toEqual({ kind: "pending" })
    const mail = await inbox.waitFor("Fan@Example.com")
    expect(mail.subject).toBe("Confirm your spot on the Block 94 list")
    expect(mail.html).toContain(`${SITE_URL}/confirm/#token=`)
    const token = linkIn(mail.text, "/confirm/")

    const confirmed = await mailed.service.confirm(token, at(new Date(START.getTime() + HOUR)))
    expect(confirmed).toMatchObject({ kind: "confirmed", position: 1, total: 1, referralUrl: expect.stringContaining(`${SITE_URL}/friend/?ref=`) })
    await expect(mailed.service.confirm(token, at(new Date(START.getTime() + HOUR)))).resolves.toEqual({ kind: "expired" })
    if (confirmed.kind !== "confirmed") throw new Error("not confirmed")
    const statusToken = linkSecret(confirmed.statusUrl)
    await expect(mailed.service.status(statusToken, clock)).resolves.toMatchObject({ kind: "found", status: "confirmed", position: 1 })
  })

  it("tells the list's size in the confirm and status answers only from the size the site starts to show", async () => {
    const telling = mailed.wiring.service({ showListSizeFrom: 2 })
    const confirmFrom = async (address: string) => {
      await telling.join(fields(address), at(START))
      const answer = await telling.confirm(linkIn((await inbox.waitFor(address)).text, "/confirm/"), clock)
      if (answer.kind !== "confirmed") throw new Error("not confirmed")
      return answer
    }
    const first = await confirmFrom("first@example.com")
    expect(first).not.toHaveProperty("total")
    const status = (answer: { statusUrl: string }) => telling.status(linkSecret(answer.statusUrl), clock)
    expect(await status(first)).not.toHaveProperty("total")
    const second = await confirmFrom("second@example.com")
    expect(second).toMatchObject({ position: 2, total: 2 })
    await expect(status(first)).resolves.toMatchObject({ position: 1, total: 2 })
  })

  it("refuses a confirmation link after 48 hours", async () => {
    await mailed.service.join(fields("late@example.com"), at(START))
    const token = linkIn((await inbox.waitFor("late@example.com")).text, "/confirm/")
    await expect(mailed.service.confirm(token, at(new Date(START.getTime() + 48 * HOUR + 1000)))).resolves.toEqual({ kind: "expired" })
  })

  it("counts a referral only once the referred signup confirms", async () => {
    await mailed.service.join(fields("a@example.com"), at(START))
    const a = await mailed.service.confirm(linkIn((await inbox.waitFor("a@example.com")).text, "/confirm/"), START)
    if (a.kind !== "confirmed") throw new Error("a not confirmed")
    const aStatus = linkSecret(a.statusUrl)
    await mailed.service.join(fields("b@example.com", { referralCode: a.referralCode }), at(START))
    await expect(mailed.service.status(aStatus, clock)).resolves.toMatchObject({ referrals: 0 })
    await mailed.service.confirm(linkIn((await inbox.waitFor("b@example.com")).text, "/confirm/"), START)
    await expect(mailed.service.status(aStatus, clock)).resolves.toMatchObject({ referrals: 1 })
  })

  it("mails a repeat signup its status link again, at most once an hour, and shows it nothing", async () => {
    await mailed.service.join(fields("fan@example.com"), at(START))
    await mailed.service.confirm(linkIn((await inbox.waitFor("fan@example.com")).text, "/confirm/"), START)
    // Recorded as delivered: the hour counts from here.
    await mailed.sender.deliverDue()
    inbox.messages.splice(0)

    await expect(mailed.service.join(fields("FAN@example.com"), at(new Date(START.getTime() + RESEND_INTERVAL_MS)))).resolves.toEqual({ kind: "pending" })
    const mail = await inbox.waitFor("fan@example.com")
    expect(mail.subject).toBe("Your place on the Block 94 list")
    await expect(mailed.service.status(linkIn(mail.text, "/waitlist/"), clock)).resolves.toMatchObject({ kind: "found", position: 1 })

    await mailed.service.join(fields("fan@example.com"), at(new Date(START.getTime() + RESEND_INTERVAL_MS + 60_000)))
    // Whatever the outbox holds now goes out now: a second email queued by mistake would arrive here.
    await mailed.sender.deliverDue()
    await expect(mailed.store.outboxHealth()).resolves.toMatchObject({ waiting: 0, failed: 0 })
    expect(inbox.messages).toHaveLength(1)
  })

  it("answers a new address, one on the list and one that left alike, and brings back one that left only when its owner confirms", async () => {
    await mailed.service.join(fields("left@example.com"), at(START))
    await mailed.service.confirm(linkIn((await inbox.waitFor("left@example.com")).text, "/confirm/"), START)
    await mailed.sender.deliverDue()
    await mailed.service.forget("left@example.com", START)
    inbox.messages.splice(0)

    const later = new Date(START.getTime() + 2 * HOUR)
    for (const email of ["new@example.com", "new@example.com", "n.e.w+again@example.com", "left@example.com"]) {
      await expect(mailed.service.join(fields(email), at(later))).resolves.toEqual({ kind: "pending" })
    }
    // The address that left is not back on the list: its owner is asked first.
    const ask = await inbox.waitFor("left@example.com")
    expect(ask.subject).toBe("Confirm your spot on the Block 94 list")
    expect((await mailed.store.ownerSummary(later, { days: 1, limit: 5 })).confirmed).toBe(0)
    await expect(mailed.service.confirm(linkIn(ask.text, "/confirm/"), later)).resolves.toMatchObject({ kind: "confirmed", position: 1 })
  })

  it("mails a fresh confirmation link to a repeat signup that never confirmed", async () => {
    await mailed.service.join(fields("slow@example.com"), at(START))
    const first = linkIn((await inbox.waitFor("slow@example.com")).text, "/confirm/")
    await mailed.sender.deliverDue()
    inbox.messages.splice(0)
    await mailed.service.join(fields("slow@example.com"), at(new Date(START.getTime() + 2 * HOUR)))
    const second = linkIn((await inbox.waitFor("slow@example.com")).text, "/confirm/")
    expect(second).not.toBe(first)
    await expect(mailed.service.confirm(second, at(new Date(START.getTime() + 2 * HOUR)))).resolves.toMatchObject({ kind: "confirmed" })
  })
})

// Reward emails as people get them: friends confirm through a referral link, a real SMTP server
// receives the referrer's email at 1 and at 3 friends (once each), its links work, and the
// status answer shows the tier and, when switched on, the masked leaderboard. Both stores.
import type { ParsedMail } from "mailparser"
import type { SignupFields } from "../../../signup/schema"
import { startInbox, type Inbox } from "../../../../tools/dev/smtp-inbox"
import type { OutboxSender } from "../outbox"
import { MILESTONES } from "../../runtime/runtime"
import type { SignupService } from "../../waitlist/service"
import type { SignupStore } from "../../store/store"
import { storeEngines } from "../../../../test/store-engines"
import { linkIn, mailedService, signupFields, SITE_URL, type MailedService } from "../../../../test/mail-service"
import { linkSecret } from "../../../../test/link-secret"

const START = new Date("2026-11-22T12:00:00.000Z")
const options = { milestones: MILESTONES, milestoneEmails: true }

let inbox: Inbox
beforeAll(async () => {
  inbox = await startInbox()
})
afterAll(() => inbox.close())

const fields = (email: string, extra: Partial<SignupFields> = {}): SignupFields => signupFields(email, START, extra)
const isTo = (mail: ParsedMail, address: string) =>
  (Array.isArray(mail.to) ? mail.to : [mail.to]).some((group) => group?.value.some((entry) => entry.address === address))

describe.each(storeEngines(options))("with %s", (_name, openStore) => {
  let store: SignupStore
  let wiring: MailedService
  let sender: OutboxSender
  const serviceWith = (showLeaderboard: boolean): SignupService => wiring.service({ showLeaderboard })

  beforeEach(async () => {
    inbox.messages.splice(0)
    store = await openStore()
    wiring = mailedService(store, inbox)
    ;({ sender } = wiring)
  })
  afterEach(async () => {
    await wiring.close()
    await store.close()
    expect(wiring.errors).toEqual([])
  })

  /** Joins and confirms from the emailed link; the confirmed answer. */
  const joinAndConfirm = async (service: SignupService, email: string, referralCode?: string) => {
    await service.join(fields(email, { referralCode }), START)
    const confirmation = await inbox.waitFor(email)
    const confirmed = await service.confirm(linkIn(confirmation.text, "/confirm/"), START)
    if (confirmed.kind !== "confirmed") throw new Error(`${email} not confirmed`)
    return confirmed
  }
  const rewardMails = (address: string) => inbox.messages.filter((mail) => isTo(mail, address) && /unlocked/.test(mail.subject ?? ""))
  /** The reward emails to `address` once `count` have come, or once all mail due went out. */
  const waitForRewardMails = async (address: string, count: number) => {
    await sender.deliverDue()
    for (let waited = 0; rewardMails(address).length < count && waited < 500; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50))
    return rewardMails(address)
  }

  it("mails the referrer once at 1 friend and once at 3, with a status link and one-click unsubscribe, and never again for them", async () => {
    const service = serviceWith(true)
    const jordan = await joinAndConfirm(service, "jordan@gmail.com")

    await joinAndConfirm(service, "friend1@example.com", jordan.referralCode)
    const [first] = await waitForRewardMails("jordan@gmail.com", 1)
    expect(first.subject).toBe("You unlocked First look at the drop on the Block 94 list")
    expect(first.text).toContain("through your link and confirmed: 1. That unlocks First look at the drop.")
    const header = (name: string) => first.headerLines.find(({ key }) => key === name)?.line.replace(/\r\n[ \t]+/g, " ")
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click")
    expect(header("list-unsubscribe")).toMatch(new RegExp(`^List-Unsubscribe: <${SITE_URL}/api/unsubscribe\\?token=[A-Za-z0-9_-]{43}>, <mailto:`))
    // The button opens the referrer's status page, where the tier shows.
    const statusToken = linkIn(first.text, "/waitlist/")
    await expect(service.status(statusToken, START)).resolves.toMatchObject({ kind: "found", referrals: 1, milestone: 1, leaderboard: [] })

    await joinAndConfirm(service, "friend2@example.com", jordan.referralCode)
    await joinAndConfirm(service, "friend3@example.com", jordan.referralCode)
    const mails = await waitForRewardMails("jordan@gmail.com", 2)
    expect(mails.map((mail) => mail.subject)).toEqual([
      "You unlocked First look at the drop on the Block 94 list",
      "You unlocked A sticker pack on the Block 94 list",
    ])
    // On the leaderboard from 3 friends, masked, marked as the reader's own row.
    await expect(service.status(statusToken, START)).resolves.toMatchObject({
      referrals: 3,
      milestone: 3,
      leaderboard: [{ name: "j***@g***.com", referrals: 3, you: true }],
    })

    // A friend leaves (3 -> 2) and another comes (back to 3): the sticker pack was announced already.
    const leaving = inbox.messages.find((mail) => isTo(mail, "friend3@example.com"))
    await expect(service.unsubscribe(linkIn(leaving?.text, "/unsubscribe/"), START)).resolves.toEqual({ kind: "left" })
    await expect(service.status(statusToken, START)).resolves.toMatchObject({ referrals: 2, milestone: 3 })
    await joinAndConfirm(service, "friend4@example.com", jordan.referralCode)
    expect(await waitForRewardMails("jordan@gmail.com", 3)).toHaveLength(2)

    // The reward email's own unsubscribe link leaves the list, as every email's does.
    await expect(service.unsubscribe(linkIn(mails[1].text, "/unsubscribe/"), START)).resolves.toEqual({ kind: "left" })
    await expect(service.status(statusToken, START)).resolves.toEqual({ kind: "unknown" })
  }, 20_000)

  it("answers without a leaderboard while the setting is off", async () => {
    const service = serviceWith(false)
    const sam = await joinAndConfirm(service, "sam@example.com")
    const status = await service.status(linkSecret(sam.statusUrl), START)
    expect(status).toMatchObject({ kind: "found", referrals: 0, milestone: 0 })
    expect(status).not.toHaveProperty("leaderboard")
  })
})

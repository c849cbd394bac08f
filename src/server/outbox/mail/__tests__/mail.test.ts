import emails from "../../../../../content/emails.json"
import { startInbox, type Inbox } from "../../../../../tools/dev/smtp-inbox"
import { confirmationEmail, emailForMessage, invitationEmail, statusLinkEmail } from "../emails"
import { createMailer } from "../mailer"

const facts = { brand: "Block 94", siteUrl: "https://block94.example", generalEmail: "hello@block94.example" }
const CONFIRM_URL = "https://block94.example/confirm/#token=AbC_dEf-123456789012345678901234567890123456"
const UNSUBSCRIBE = {
  page: "https://block94.example/unsubscribe/#token=UnSub_-12345678901234567890123456789012345678",
  oneClick: "https://block94.example/api/unsubscribe?token=UnSub_-12345678901234567890123456789012345678",
}

describe("the emails", () => {
  it("ask a new signup to confirm, in text and HTML, with the link in both", () => {
    const email = confirmationEmail("fan@example.com", CONFIRM_URL, UNSUBSCRIBE, emails, facts)
    expect(email.subject).toBe("Confirm your spot on the Block 94 list")
    expect(email.text).toContain(`${emails.confirmation.button}: ${CONFIRM_URL}`)
    expect(email.text).toContain(emails.confirmation.ignore)
    expect(email.html).toContain(`href="${CONFIRM_URL}"`)
    expect(email.html).toContain("One tap and you&#x27;re in")
  })

  it("invite someone from the list to the shop, with the invitation link in text and HTML, built from an outbox payload", () => {
    const inviteUrl = "https://block94.example/invite/#code=InV1te_-123456789012345678901234567890123456"
    const payload = { to: "fan@example.com", link: inviteUrl, unsubscribe: UNSUBSCRIBE.page, oneClickUnsubscribe: UNSUBSCRIBE.oneClick }
    const email = emailForMessage("invitation", payload, emails, facts)
    expect(email).toEqual(invitationEmail("fan@example.com", inviteUrl, UNSUBSCRIBE, emails, facts))
    expect(email.to).toBe("fan@example.com")
    expect(email.subject).toBe("You're in: your Block 94 invitation")
    // It says how long the invitation works (INVITATION_DAYS).
    expect(email.text).toContain(`${emails.invitation.heading}\n\n${emails.invitation.text.replace("{inviteDays}", "30")}`)
    expect(email.text).toContain(`${emails.invitation.button}: ${inviteUrl}`)
    expect(email.html).toContain(`href="${inviteUrl}"`)
    expect(email.html).toContain(">Open my invitation</span>")
    expect(() => emailForMessage("event" as "invitation", payload, emails, facts)).toThrow('a queued message of kind "event" is not an email')
  })

  it.each([
    ["confirmation", confirmationEmail],
    ["status link", statusLinkEmail],
    ["invitation", invitationEmail],
  ])("carry one-click unsubscribe headers and the unsubscribe page's link in words at the foot (%s)", (_kind, build) => {
    const email = build("fan@example.com", CONFIRM_URL, UNSUBSCRIBE, emails, facts)
    expect(email.headers).toEqual({
      "List-Unsubscribe": `<${UNSUBSCRIBE.oneClick}>, <mailto:hello@block94.example?subject=unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    })
    expect(email.text).toContain(`${emails.unsubscribe.text} ${emails.unsubscribe.link}: ${UNSUBSCRIBE.page}`)
    expect(email.html).toContain(`<a href="${UNSUBSCRIBE.page}"`)
    expect(email.html).toMatch(new RegExp(`>${emails.unsubscribe.link}</a>`))
  })

  it("tell a referrer a reward is unlocked, with links built from the site's address and the tokens the store kept", () => {
    const payload = { to: "jordan@gmail.com", referrals: "3", reward: "Tee & <cap>", statusToken: "S".repeat(43), unsubscribeToken: "U".repeat(43) }
    const email = emailForMessage("milestone", payload, emails, { ...facts, siteUrl: "https://block94.example/" })
    expect(email.to).toBe("jordan@gmail.com")
    expect(email.subject).toBe("You unlocked Tee & <cap> on the Block 94 list")
    expect(email.text).toContain(`${emails.milestone.button}: https://block94.example/waitlist/#token=${"S".repeat(43)}`)
    expect(email.text).toContain("confirmed: 3. That unlocks Tee & <cap>.")
    expect(email.html).toContain("Tee &amp; &lt;cap&gt; is yours")
    expect(email.html).not.toContain("<cap>")
    expect(email.headers).toEqual({
      "List-Unsubscribe": `<https://block94.example/api/unsubscribe?token=${"U".repeat(43)}>, <mailto:hello@block94.example?subject=unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    })
    expect(email.text).toContain(`https://block94.example/unsubscribe/#token=${"U".repeat(43)}`)
    expect(() => emailForMessage("milestone", { to: "jordan@gmail.com", referrals: "3", reward: "A tee" }, emails, facts)).toThrow(
      /milestone message has no address, tier or tokens/,
    )
  })

  it("build mail from an outbox payload, and leave mail queued before one-click links with the mailto alone", () => {
    const payload = { to: "fan@example.com", link: CONFIRM_URL, unsubscribe: UNSUBSCRIBE.page, oneClickUnsubscribe: UNSUBSCRIBE.oneClick }
    expect(emailForMessage("confirmation", payload, emails, facts).headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click")
    const older = emailForMessage("status-link", { to: "fan@example.com", link: CONFIRM_URL }, emails, facts)
    expect(older.headers).toEqual({ "List-Unsubscribe": "<mailto:hello@block94.example?subject=unsubscribe>" })
    expect(older.text).toContain(`${emails.unsubscribe.link}: mailto:hello@block94.example?subject=unsubscribe`)
  })

  it("escape everything they put into HTML", () => {
    const hostile = { ...emails, statusLink: { ...emails.statusLink, heading: `<script>alert("x")</script>` } }
    const email = statusLinkEmail(
      "fan@example.com",
      'https://block94.example/waitlist/#token="><b>',
      { ...UNSUBSCRIBE, page: 'https://x.example/"><i>' },
      hostile,
      facts,
    )
    expect(email.html).not.toContain("<script>")
    expect(email.html).toContain("&lt;script&gt;")
    expect(email.html).not.toContain('"><b>')
    expect(email.html).not.toContain('"><i>')
  })
})

describe("the mailer", () => {
  let inbox: Inbox
  beforeAll(async () => {
    inbox = await startInbox()
  })
  afterAll(() => inbox.close())

  it("delivers to a real SMTP server, link and one-click unsubscribe headers intact", async () => {
    const mailer = createMailer({ smtpUrl: inbox.url, from: "Block 94 <drop@block94.example>" })
    try {
      await mailer.send(confirmationEmail("josé@exämple.com", CONFIRM_URL, UNSUBSCRIBE, emails, facts), "<test-1@block94.example>")
      const message = await inbox.waitFor("josé@exämple.com")
      expect(message.subject).toBe("Confirm your spot on the Block 94 list")
      expect(message.from?.text).toContain("drop@block94.example")
      expect(message.text).toContain(CONFIRM_URL)
      expect(message.html).toContain(`href="${CONFIRM_URL}"`)
      // The header lines as they arrived (unfolded), and as a mail client parses them.
      const header = (name: string) => message.headerLines.find(({ key }) => key === name)?.line.replace(/\r\n[ \t]+/g, " ")
      expect(header("list-unsubscribe")).toBe(`List-Unsubscribe: <${UNSUBSCRIBE.oneClick}>, <mailto:hello@block94.example?subject=unsubscribe>`)
      expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click")
      expect(message.headers.get("list")).toMatchObject({ unsubscribe: { url: UNSUBSCRIBE.oneClick } })
      expect(message.text).toContain(UNSUBSCRIBE.page)
    } finally {
      mailer.close()
    }
  })
})

/** @jest-environment node */
import emails from "../../../../content/emails.json"
import { startInbox, type Inbox } from "../../../../tools/smtp-inbox"
import { confirmationEmail, statusLinkEmail } from "../emails"
import { createMailer } from "../mailer"

const facts = { brand: "Block 94", siteUrl: "https://block94.example" }
const CONFIRM_URL = "https://block94.example/confirm/?token=AbC_dEf-123456789012345678901234567890123456"

describe("the emails", () => {
  it("ask a new signup to confirm, in text and HTML, with the link in both", () => {
    const email = confirmationEmail("fan@example.com", CONFIRM_URL, emails, facts)
    expect(email.subject).toBe("Confirm your spot on the Block 94 list")
    expect(email.text).toContain(`${emails.confirmation.button}: ${CONFIRM_URL}`)
    expect(email.text).toContain(emails.confirmation.ignore)
    expect(email.html).toContain(`href="${CONFIRM_URL}"`)
    expect(email.html).toContain("One tap and you&#39;re in")
  })

  it("escape everything they put into HTML", () => {
    const hostile = { ...emails, statusLink: { ...emails.statusLink, heading: `<script>alert("x")</script>` } }
    const email = statusLinkEmail("fan@example.com", 'https://block94.example/waitlist/?token="><b>', hostile, facts)
    expect(email.html).not.toContain("<script>")
    expect(email.html).toContain("&lt;script&gt;")
    expect(email.html).not.toContain('"><b>')
  })
})

describe("the mailer", () => {
  let inbox: Inbox
  beforeAll(async () => {
    inbox = await startInbox()
  })
  afterAll(() => inbox.close())

  it("delivers to a real SMTP server, link intact", async () => {
    const mailer = createMailer({ smtpUrl: inbox.url, from: "Block 94 <drop@block94.example>" })
    try {
      await mailer.send(confirmationEmail("josé@exämple.com", CONFIRM_URL, emails, facts), "<test-1@block94.example>")
      const message = await inbox.waitFor("josé@exämple.com")
      expect(message.subject).toBe("Confirm your spot on the Block 94 list")
      expect(message.from?.text).toContain("drop@block94.example")
      expect(message.text).toContain(CONFIRM_URL)
      expect(message.html).toContain(`href="${CONFIRM_URL}"`)
    } finally {
      mailer.close()
    }
  })
})

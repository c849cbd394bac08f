// `npm run screenshots:emails`: every kind of email the list sends, rendered as the service
// renders it and photographed in Chromium at 390 and 640 px, with the reader's system in light
// and in dark mode, into screenshots/emails/ (git-ignored), for a look before mail goes out.
import { mkdirSync } from "node:fs"
import emails from "../../content/emails.json"
import site from "../../content/site.json"
import { confirmationEmail, dropEmail, invitationEmail, milestoneEmail, statusLinkEmail, type OutgoingEmail } from "../../src/server/outbox/mail/emails"
import { launchBrowser } from "./chromium"

const facts = { brand: site.brand, siteUrl: site.siteUrl, generalEmail: site.emails.general }
const token = "AbC_dEf-123456789012345678901234567890123456"
const unsubscribe = { page: `${site.siteUrl}/unsubscribe/#token=${token}`, oneClick: `${site.siteUrl}/api/unsubscribe?token=${token}` }
const to = "fan@example.com"
const unsubscribeLinks = { unsubscribe: unsubscribe.page, oneClickUnsubscribe: unsubscribe.oneClick }

const KINDS: Record<string, OutgoingEmail> = {
  confirmation: confirmationEmail(to, `${site.siteUrl}/confirm/#token=${token}`, unsubscribe, emails, facts),
  "status-link": statusLinkEmail(to, `${site.siteUrl}/waitlist/#token=${token}`, unsubscribe, emails, facts),
  invitation: invitationEmail(to, `${site.siteUrl}/invite/#code=${token}`, unsubscribe, emails, facts),
  milestone: milestoneEmail({ to, referrals: "3", reward: "the Block 94 tee", statusToken: token, unsubscribeToken: token }, emails, facts),
  ...Object.fromEntries(
    (["drop-entered", "drop-won", "drop-not-won"] as const).map((kind) => [
      kind,
      dropEmail(
        kind,
        {
          to,
          link: `${site.siteUrl}/invite/#code=${token}`,
          ...unsubscribeLinks,
          drop: "Drop 01: Block Heavyweight",
          size: "Block Heavyweight Hoodie, M",
          deadline: "10 December 2026, 17:00 UTC",
        },
        emails,
        facts,
      ),
    ]),
  ),
}

const main = async () => {
  mkdirSync("screenshots/emails", { recursive: true })
  const browser = await launchBrowser()
  for (const width of [390, 640]) {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme, deviceScaleFactor: 1 })
      const page = await context.newPage()
      for (const [kind, email] of Object.entries(KINDS)) {
        await page.setContent(email.html, { waitUntil: "load" })
        const path = `screenshots/emails/${kind}-${width}-${colorScheme}.png`
        await page.screenshot({ path, fullPage: true })
        console.log(path)
      }
      await context.close()
    }
  }
  await browser.close()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})

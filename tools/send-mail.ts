// `npm run mail:send`: delivers the mail waiting in the outbox that is due (first attempts and
// retries), then exits. For hosts where no server runs between requests (Netlify, Lambda): run it
// every few minutes from a scheduler (cron, a scheduled CI job) with the server's settings
// (DATABASE_URL, SMTP_URL, MAIL_FROM, SITE_URL). A long-running `serve:prod` needs none of this.
import { createMailer } from "../src/server/mail/mailer"
import { outboxSender, openStore, SITE_FACTS } from "../src/server/signup/runtime"
import { readSignupSettings } from "../src/server/signup/settings"

const main = async (): Promise<void> => {
  const settings = readSignupSettings(SITE_FACTS)
  if (!settings.smtpUrl) throw new Error("SMTP_URL is not set: there is no mail server to send through")
  const store = openStore(settings)
  const mailer = createMailer({ smtpUrl: settings.smtpUrl, from: settings.mailFrom, timeoutMs: settings.smtpTimeoutMs })
  try {
    // No loop of its own: one pass over what is due now.
    const sender = outboxSender(store, mailer, { siteUrl: settings.siteUrl, serverless: "a scheduled run" })
    const delivered = await sender.deliverDue()
    const { waiting, failed, lastError } = await store.outboxHealth()
    console.log(`Delivered ${delivered}; ${waiting} waiting for a retry, ${failed} given up on${lastError ? ` (last error: ${lastError})` : ""}.`)
  } finally {
    mailer.close()
    await store.close()
  }
}

main().catch((error: unknown) => {
  console.error("mail:send failed:", error instanceof Error ? error.message : error)
  process.exit(1)
})

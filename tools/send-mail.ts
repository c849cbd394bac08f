// `npm run mail:send`: delivers what waits in the outbox and is due (first attempts and retries):
// mail, list events, signed webhooks, then exits. For hosts where no server runs between requests
// (Netlify, Lambda): run it every few minutes from a scheduler (cron, a scheduled CI job) with the
// server's settings (DATABASE_URL, SMTP_URL, MAIL_FROM, SITE_URL, WEBHOOK_URL, WEBHOOK_SECRET). A
// long-running `serve:prod` needs none of this.
import { createMailer } from "../src/server/mail/mailer"
import { outboxSender, openStore, SITE_FACTS } from "../src/server/signup/runtime"
import { readSignupSettings } from "../src/server/signup/settings"

const main = async (): Promise<void> => {
  const settings = readSignupSettings(SITE_FACTS)
  for (const problem of settings.webhooks.problems) console.error(`settings: ${problem}`)
  if (!settings.smtpUrl && settings.webhooks.urls.length === 0) throw new Error("neither SMTP_URL nor WEBHOOK_URL is set: there is nothing to deliver to")
  const store = openStore(settings)
  const mailer = settings.smtpUrl ? createMailer({ smtpUrl: settings.smtpUrl, from: settings.mailFrom, timeoutMs: settings.smtpTimeoutMs }) : null
  try {
    // No loop of its own: one pass over what is due now.
    const sender = outboxSender(store, mailer, { siteUrl: settings.siteUrl, serverless: "a scheduled run" }, undefined, undefined, { webhooks: settings.webhooks })
    const delivered = await sender.deliverDue()
    const { waiting, failed, lastError } = await store.outboxHealth()
    console.log(`Delivered ${delivered}; ${waiting} waiting for a retry, ${failed} given up on${lastError ? ` (last error: ${lastError})` : ""}.`)
  } finally {
    mailer?.close()
    await store.close()
  }
}

main().catch((error: unknown) => {
  console.error("mail:send failed:", error instanceof Error ? error.message : error)
  process.exit(1)
})

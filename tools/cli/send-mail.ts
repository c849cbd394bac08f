// `npm run mail:send`: delivers what waits in the outbox and is due (first attempts and retries):
// mail, list events, signed webhooks and the email provider's calls, deletes what the list no
// longer keeps (as serve:prod does hourly), keeps drops going (closes, codes passed on), then exits. For hosts where
// no server runs between requests (Netlify, Lambda): run it every few minutes from a scheduler
// (cron, a scheduled CI job) with the server's settings. It builds its sender exactly as the
// server does (signupRuntime), so it delivers whatever the server would. A long-running
// `serve:prod` needs none of this.
import { resetSignupRuntime, signupRuntime } from "../../src/server/runtime/runtime"
import { dropUpkeep, purgeStale } from "../../src/server/runtime/upkeep"
import { noArguments, runWhenMain } from "./command"

async function sendMail(): Promise<void> {
  const { dependencies, sender, store, settings } = signupRuntime({ onePass: true })
  try {
    if ("unavailable" in dependencies.service) throw new Error(dependencies.service.unavailable)
    if (!sender || !store) throw new Error("none of SMTP_URL, WEBHOOK_URL and EMAIL_PROVIDER is set: there is nothing to deliver to")
    const delivered = await sender.deliverDue()
    // Serverless hosts run nothing between requests: the scheduled run keeps the retention promise,
    // freezes drops that closed and passes winners' unused codes on.
    await purgeStale(store, settings)
    if (dependencies.drops) await dropUpkeep(dependencies.drops)
    const { waiting, failed, lastError } = await store.outboxHealth()
    console.log(`Delivered ${delivered}; ${waiting} waiting for a retry, ${failed} given up on${lastError ? ` (last error: ${lastError})` : ""}.`)
  } finally {
    await resetSignupRuntime()
  }
}

// The sender is built exactly as the server builds it, store included, so it does not use the runner's store.
runWhenMain(module, { name: "mail:send", usage: "Usage: npm run mail:send", parse: noArguments("mail:send"), run: sendMail })

// `npm run signups:stats`: the owner's summary, the one the owner's page reads (totals, signups
// per day, by source, campaign and referring site, and the top referrers, with masked addresses),
// the launch funnel (GET /api/owner/funnel's figures), then drops, the outbox, the bot check, the review and backups, from the store the service uses
// (DATABASE_URL, else SIGNUPS_FILE). It writes nothing, so it runs safely beside a live server.
import { readBackupSettings } from "../../src/server/settings/backup"
import { formatBackupStatus, readBackupStatus } from "../../src/server/backup/snapshot"
import { SUMMARY_DAYS, SUMMARY_LIMIT } from "../../src/signup/owner-summary"
import {
  dropCounts,
  formatDropCounts,
  formatOutboxHealth,
  formatOwnerSummary,
  formatProtection,
  formatReview,
  formatWebhookHealth,
} from "../../src/server/waitlist/stats"
import { formatFunnel } from "./funnel-text"
import { noArguments, runWhenMain, type CommandContext } from "./command"

async function printStats(_: object, { settings, store: openStore }: CommandContext): Promise<void> {
  const store = openStore()
  // The owner's page's own read, with its days and limits: the same list gives the same figures.
  const summary = await store.ownerSummary(new Date(), { days: SUMMARY_DAYS, limit: SUMMARY_LIMIT })
  process.stdout.write(formatOwnerSummary(summary))
  process.stdout.write(formatFunnel(await store.funnel(new Date()), settings.countVisits))
  process.stdout.write(formatDropCounts(await dropCounts(store.exportRows())))
  process.stdout.write(formatOutboxHealth(summary.outbox))
  process.stdout.write(formatProtection(settings, summary.botCheck))
  process.stdout.write(formatReview(summary))
  const webhooks = await store.webhookHealth()
  if (!settings.databaseUrl) {
    const backups = readBackupSettings(settings)
    process.stdout.write(formatBackupStatus(readBackupStatus(backups.dir), new Date(), backups.intervalMs))
  }
  if (settings.webhooks.urls.length > 0 || webhooks.endpoints.length > 0 || webhooks.waiting + webhooks.failed > 0)
    process.stdout.write(formatWebhookHealth(webhooks))
}

runWhenMain(module, { name: "signups:stats", usage: "Usage: npm run signups:stats", parse: noArguments("signups:stats"), run: printStats })

// `npm run signups:stats`: totals, signups per day, by source, and the top 10 referrers (with
// masked addresses), from the store the service uses (DATABASE_URL, else SIGNUPS_FILE). It reads
// one snapshot and writes nothing, so it runs safely beside a live server.
import { readBackupSettings } from "../src/server/backup/settings"
import { formatBackupStatus, readBackupStatus } from "../src/server/backup/snapshot"
import { openStore, SITE_FACTS } from "../src/server/signup/runtime"
import { readSignupSettings } from "../src/server/signup/settings"
import { formatOutboxHealth, formatProtection, formatReview, formatSignupStats, formatWebhookHealth, signupStats } from "../src/server/signup/stats"

const main = async (): Promise<void> => {
  const settings = readSignupSettings(SITE_FACTS)
  const store = openStore(settings)
  try {
    process.stdout.write(formatSignupStats(await signupStats(store.exportRows())))
    process.stdout.write(formatOutboxHealth(await store.outboxHealth()))
    const summary = await store.ownerSummary(new Date(), { days: 1, limit: 20 })
    process.stdout.write(formatProtection(settings, summary.botCheck))
    process.stdout.write(formatReview(summary))
    const webhooks = await store.webhookHealth()
    if (!settings.databaseUrl) {
      const backups = readBackupSettings(settings.signupsFile)
      process.stdout.write(formatBackupStatus(readBackupStatus(backups.dir), new Date(), backups.intervalMs))
    }
    if (settings.webhooks.urls.length > 0 || webhooks.endpoints.length > 0 || webhooks.waiting + webhooks.failed > 0)
      process.stdout.write(formatWebhookHealth(webhooks))
  } finally {
    await store.close()
  }
}

main().catch((error: unknown) => {
  console.error("Stats failed:", error instanceof Error ? error.message : error)
  process.exit(1)
})

// `npm run mail:check`: prints the DNS records mail from MAIL_FROM needs (the DKIM TXT record
// for DKIM_PRIVATE_KEY, SPF and DMARC hints) and whether what is published matches, where DNS
// can be reached. Exits 1 when something is to fix.
import { promises as dns } from "node:dns"
import { mailDnsReport } from "../../src/server/outbox/mail/dns-check"
import { SITE_FACTS } from "../../src/server/runtime/runtime"
import { readSignupSettings } from "../../src/server/settings/settings"

const main = async (): Promise<void> => {
  const settings = readSignupSettings(SITE_FACTS)
  for (const problem of settings.dkim.problems) console.error(`settings: ${problem}`)
  const report = await mailDnsReport({ mailFrom: settings.mailFrom, dkim: settings.dkim.key }, (name) => dns.resolveTxt(name))
  process.stdout.write(report.text)
  if (report.toFix > 0) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error("mail:check failed:", error instanceof Error ? error.message : error)
  process.exit(1)
})

// `npm run mail:check`: prints the DNS records mail from MAIL_FROM needs (the DKIM TXT record
// for DKIM_PRIVATE_KEY, SPF and DMARC hints) and whether what is published matches, where DNS
// can be reached. Exits 1 when something is to fix.
import { promises as dns } from "node:dns"
import { mailDnsReport } from "../../src/server/outbox/mail/dns-check"
import { noArguments, runWhenMain, type CommandContext } from "./command"

async function checkMail(_: object, { settings }: CommandContext): Promise<number> {
  for (const problem of settings.dkim.problems) console.error(`settings: ${problem}`)
  const report = await mailDnsReport({ mailFrom: settings.mailFrom, dkim: settings.dkim.key }, (name) => dns.resolveTxt(name))
  process.stdout.write(report.text)
  return report.toFix > 0 ? 1 : 0
}

runWhenMain(module, { name: "mail:check", usage: "Usage: npm run mail:check", parse: noArguments("mail:check"), run: checkMail })

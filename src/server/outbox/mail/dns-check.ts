/**
 * `npm run mail:check`: what the owner must publish in DNS so mail from MAIL_FROM lands in the
 * inbox (Gmail and Yahoo refuse bulk mail without SPF or DKIM, and DMARC), and whether what is
 * published matches. Lookups go through the resolver given, so a test is its own DNS.
 */
import { dkimRecord, type DkimKey } from "./dkim"

export type ResolveTxt = (name: string) => Promise<string[][]>

/** The domain of MAIL_FROM ("Block 94 <drop@block94.com>" or "drop@block94.com"). */
export const fromDomain = (mailFrom: string): string => (/@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? "").toLowerCase()

type Lookup = { found: string[] } | { unreachable: string }

const lookup = async (resolveTxt: ResolveTxt, name: string): Promise<Lookup> => {
  try {
    return { found: (await resolveTxt(name)).map((chunks) => chunks.join("")) }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === "ENOTFOUND" || code === "ENODATA") return { found: [] }
    return { unreachable: `${code ?? ""} ${error instanceof Error ? error.message : String(error)}`.trim() }
  }
}

const tagOf = (record: string, tag: string): string | undefined => new RegExp(`(?:^|;)\\s*${tag}=([^;]*)`).exec(record)?.[1]?.replace(/\s+/g, "")

export interface MailDnsReport {
  text: string
  /** Records missing or different from what they should be. */
  toFix: number
}

export const mailDnsReport = async (settings: { mailFrom: string; dkim: DkimKey | null }, resolveTxt: ResolveTxt): Promise<MailDnsReport> => {
  const domain = fromDomain(settings.mailFrom)
  const lines: string[] = [`Mail from ${settings.mailFrom} (domain ${domain || "unknown"})`]
  let toFix = 0
  const fix = (line: string) => {
    toFix += 1
    lines.push(line)
  }
  const unreachable = (what: string, reason: string) => lines.push(`  ${what}: DNS could not be asked (${reason}); check again where it can`)

  lines.push("DKIM")
  if (settings.dkim) {
    const record = dkimRecord(settings.dkim)
    lines.push(`  publish TXT ${record.name}`, `    ${record.value}`)
    const published = await lookup(resolveTxt, record.name)
    if ("unreachable" in published) unreachable("DKIM", published.unreachable)
    else if (published.found.length === 0) fix("  NOT PUBLISHED yet: receivers cannot check the signature")
    else if (published.found.some((value) => tagOf(value, "p") === tagOf(record.value, "p"))) lines.push("  published, and it matches DKIM_PRIVATE_KEY")
    else fix("  PUBLISHED WITH ANOTHER KEY: every signature fails; publish the record above")
    if (domain && settings.dkim.domainName !== domain && !domain.endsWith(`.${settings.dkim.domainName}`)) {
      fix(`  DKIM_DOMAIN ${settings.dkim.domainName} is not MAIL_FROM's domain: DMARC needs them to match`)
    }
  } else {
    lines.push(
      "  not signed here (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY unset). If your relay signs, make sure its signature",
      "  covers List-Unsubscribe-Post too (RFC 8058), or set them: `openssl genrsa -out dkim.pem 2048`, then run this again",
    )
  }

  lines.push("SPF")
  const spf = domain ? await lookup(resolveTxt, domain) : { found: [] }
  if ("unreachable" in spf) unreachable("SPF", spf.unreachable)
  else {
    const record = spf.found.find((value) => value.toLowerCase().startsWith("v=spf1"))
    if (record) lines.push(`  published: ${record}`, "  it must name your SMTP relay (its documentation gives the include:)")
    else fix(`  NOT PUBLISHED: publish TXT ${domain} "v=spf1 include:<your relay's SPF domain> ~all"`)
  }

  lines.push("DMARC")
  const dmarc = domain ? await lookup(resolveTxt, `_dmarc.${domain}`) : { found: [] }
  if ("unreachable" in dmarc) unreachable("DMARC", dmarc.unreachable)
  else {
    const record = dmarc.found.find((value) => value.toUpperCase().startsWith("V=DMARC1"))
    if (record) lines.push(`  published: ${record}`)
    else
      fix(
        `  NOT PUBLISHED (bulk senders need one): publish TXT _dmarc.${domain} "v=DMARC1; p=none; rua=mailto:dmarc@${domain}", then tighten p= once reports are clean`,
      )
  }
  lines.push(toFix === 0 ? "Nothing to fix." : `${toFix} to fix.`)
  return { text: `${lines.join("\n")}\n`, toFix }
}

/**
 * The owner's view of the list, as `npm run signups:stats` prints it: the owner's summary (totals,
 * signups per day, where they came from, the top referrers with their addresses masked), drops,
 * the outbox, the bot check, the review and webhooks.
 */
import type { AttributionCount, OwnerSummary } from "../../signup/owner-summary"
import type { ExportRow, OutboxHealth, WebhookHealth } from "../store/store"

/**
 * "jordan@gmail.com" -> "j***@g***.com": enough to recognise yourself, not enough to copy, and
 * always three stars, so not even the length of a name shows (the leaderboard shows these to the list).
 */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf("@")
  const local = email.slice(0, at)
  const domain = email.slice(at + 1)
  const dot = domain.lastIndexOf(".")
  const name = dot > 0 ? domain.slice(0, dot) : domain
  const tld = dot > 0 ? domain.slice(dot) : ""
  // The first character, by code point: an accented or astral first letter stays whole.
  const mask = (part: string) => `${Array.from(part)[0] ?? ""}***`
  return `${mask(local)}@${mask(name)}${tld}`
}

/** Per drop (by id): people who entered it, and those of them who won a code. */
export interface DropCount {
  drop: string
  entered: number
  won: number
}

/** Counts each drop's entries and wins from the export's `drops` column (the summary keeps no drop counts). */
export const dropCounts = async (rows: Iterable<ExportRow> | AsyncIterable<ExportRow>): Promise<DropCount[]> => {
  const drops = new Map<string, { entered: number; won: number }>()
  for await (const row of rows) {
    for (const entry of row.drops === "" ? [] : row.drops.split("; ")) {
      // "drop-01 cap/One size won": the drop first, the outcome last (a size may hold spaces).
      const words = entry.split(" ")
      const [drop, outcome] = [words[0], words[words.length - 1]]
      const counts = drops.get(drop) ?? { entered: 0, won: 0 }
      counts.entered += 1
      if (outcome === "won") counts.won += 1
      drops.set(drop, counts)
    }
  }
  return [...drops].sort(([a], [b]) => a.localeCompare(b)).map(([drop, counts]) => ({ drop, ...counts }))
}

const table = (rows: string[][]): string => {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ")).join("\n")
}

/** Signups by one kind of attribution, as the owner's page's table shows them; `none` names the signups that came without one. */
const attributionTable = (title: string, column: string, none: string, rows: AttributionCount[]): string[] => [
  title,
  rows.length > 0
    ? table([[column, "signups", "confirmed"], ...rows.map(({ name, signups, confirmed }) => [name || none, String(signups), String(confirmed)])])
    : "(none yet)",
  "",
]

/**
 * The owner's summary (the one GET /api/owner/summary answers) as `signups:stats` prints it: the
 * same figures as the owner's page, with the top referrers' addresses masked.
 */
export const formatOwnerSummary = (summary: OwnerSummary): string => {
  const activeDays = summary.perDay.filter(({ signups, confirmations }) => signups + confirmations > 0)
  return [
    `Signups: ${summary.confirmed + summary.pending} (${summary.confirmed} confirmed, ${summary.pending} pending)`,
    `Invited: ${summary.invited} (${summary.redeemed} redeemed at the shop, ${summary.invited - summary.redeemed} not yet)`,
    `Left the list: ${summary.left}`,
    "",
    `Per day (the last ${summary.perDay.length} UTC days)`,
    activeDays.length > 0
      ? table([["day", "signups", "confirmations"], ...activeDays.map(({ day, signups, confirmations }) => [day, String(signups), String(confirmations)])])
      : "(none yet)",
    "",
    ...attributionTable("By source (utm_source)", "source", "(no source)", summary.sources),
    ...attributionTable("By campaign (utm_campaign)", "campaign", "(no campaign)", summary.campaigns),
    ...attributionTable("By referring site", "site", "(direct or unknown)", summary.referrers),
    "Top referrers (confirmed referrals)",
    summary.topReferrers.length > 0
      ? table([
          ["signup", "code", "referrals"],
          ...summary.topReferrers.map(({ email, referralCode, referrals }) => [maskEmail(email), referralCode, String(referrals)]),
        ])
      : "(no referrals yet)",
    "",
  ].join("\n")
}

export const formatDropCounts = (drops: DropCount[]): string =>
  drops.length > 0
    ? ["", "Drops", table([["drop", "entered", "won"], ...drops.map(({ drop, entered, won }) => [drop, String(entered), String(won)])]), ""].join("\n")
    : ""

/** The outbox's state: messages (mail, webhooks, email-provider calls) waiting for a retry and given up on, with the last error. */
export const formatOutboxHealth = ({ waiting, failed, lastError }: OutboxHealth): string =>
  [
    "Outbox (mail, webhooks, email provider)",
    `  waiting to be delivered: ${waiting}`,
    `  given up on after every retry: ${failed}`,
    ...(lastError ? [`  last error: ${lastError}`] : []),
    "",
  ].join("\n")

/** Who can join and the bot check: the opt-in mode, the check's mode and what it decided. */
export const formatProtection = (
  settings: { smtpUrl: string | undefined; singleOptIn: boolean; botCheck: { mode: string } },
  counts: { passed: number; refused: number; wouldRefuse: number; replayed: number; missing: number },
): string =>
  [
    "Who can join",
    `  ${settings.smtpUrl ? "double opt-in: an address joins once its owner confirms by email" : settings.singleOptIn ? "SINGLE OPT-IN (SIGNUP_SINGLE_OPT_IN=1): addresses are not confirmed by their owners" : "single opt-in (no SMTP_URL; production refuses to run like this)"}`,
    `Bot check (ALTCHA_MODE=${settings.botCheck.mode})`,
    `  passed: ${counts.passed}`,
    `  refused: ${counts.refused}`,
    `  would refuse (monitor): ${counts.wouldRefuse}`,
    `  replayed solutions: ${counts.replayed}`,
    `  without a solution: ${counts.missing}`,
    "",
  ].join("\n")

/** Webhooks: messages waiting and given up on, and each endpoint that is failing or disabled. */
export const formatWebhookHealth = ({ waiting, failed, endpoints }: WebhookHealth): string => {
  const troubled = endpoints.filter((endpoint) => endpoint.disabledAt || endpoint.failingSince)
  return [
    "Webhooks",
    `  waiting to be delivered: ${waiting}`,
    `  given up on: ${failed}`,
    ...troubled.map((endpoint) =>
      endpoint.disabledAt
        ? `  DISABLED ${endpoint.url} since ${endpoint.disabledAt}: ${endpoint.disabledReason ?? "no reason kept"} (fix the receiver, then delete its row from webhook_endpoints to enable it again)`
        : `  failing ${endpoint.url} since ${endpoint.failingSince} (disabled after three days of failures)`,
    ),
    "",
  ].join("\n")
}

/** Referrals on hold for the owner's review, and the owner's latest actions (the audit), newest first. */
export const formatReview = ({ heldReferrals, audit, hardBounces }: Pick<OwnerSummary, "heldReferrals" | "audit" | "hardBounces">): string =>
  [
    `Hard bounces: ${hardBounces.total} (refused for good: no more mail, removed from the email tool; full addresses on the owner's page)`,
    ...hardBounces.rows.map((row) => `  ${maskEmail(row.email)} at ${row.at}: ${row.reason.replace(/<[^>]*@[^>]*>/g, "<...>")}`),
    `Referrals on hold: ${heldReferrals.total} (release or reject them on the owner's page)`,
    ...heldReferrals.rows.map(
      (row) => `  ${maskEmail(row.email)} referred by ${maskEmail(row.referrerEmail)}: ${row.reason}${row.confirmed ? "" : ", not confirmed yet"}`,
    ),
    "What was done with the list (newest first)",
    ...(audit.length === 0
      ? ["  nothing yet"]
      : audit.map((entry) => `  ${entry.at}  ${entry.action} x${entry.count} (${entry.actor})${entry.detail ? `: ${entry.detail}` : ""}`)),
    "",
  ].join("\n")

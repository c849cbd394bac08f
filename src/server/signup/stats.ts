/**
 * The owner's view of the list, as `npm run signups:stats` prints it: totals, signups per day,
 * where they came from, and the top referrers with their addresses masked.
 */
import type { OwnerSummary } from "../../signup/owner-summary"
import type { ExportRow, OutboxHealth, WebhookHealth } from "./stores/store"

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

/** Where a signup came from: its campaign source, else the site that linked to it, else a referral or direct. */
export const sourceOf = ({ signup }: ExportRow): string =>
  signup.attribution?.source ?? signup.attribution?.referrer ?? (signup.referredBy ? "referral link" : "direct")

export interface SignupStats {
  confirmed: number
  pending: number
  /** People on the list a wave has invited, and those of them whose code the shop has redeemed. */
  invited: number
  redeemed: number
  perDay: Array<[day: string, signups: number]>
  bySource: Array<[source: string, signups: number]>
  topReferrers: Array<{ email: string; referralCode: string; referrals: number; position: number | null }>
  /** Per drop (by id): people who entered it, and those of them who won a code. */
  drops: Array<{ drop: string; entered: number; won: number }>
}

const TOP_REFERRERS = 10

/** Reads the list once, keeping only counts and the current top referrers: a million rows fit. */
export const signupStats = async (rows: Iterable<ExportRow> | AsyncIterable<ExportRow>): Promise<SignupStats> => {
  let confirmed = 0
  let pending = 0
  let invited = 0
  let redeemed = 0
  const perDay = new Map<string, number>()
  const bySource = new Map<string, number>()
  let top: ExportRow[] = []
  const drops = new Map<string, { entered: number; won: number }>()
  const count = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1)
  for await (const row of rows) {
    if (row.signup.status === "confirmed") confirmed += 1
    else pending += 1
    if (row.invitation) invited += 1
    if (row.invitation?.redeemedAt) redeemed += 1
    count(perDay, row.signup.receivedAt.slice(0, 10))
    for (const entry of row.drops === "" ? [] : row.drops.split("; ")) {
      // "drop-01 cap/One size won": the drop first, the outcome last (a size may hold spaces).
      const words = entry.split(" ")
      const [drop, outcome] = [words[0], words[words.length - 1]]
      const counts = drops.get(drop) ?? { entered: 0, won: 0 }
      counts.entered += 1
      if (outcome === "won") counts.won += 1
      drops.set(drop, counts)
    }
    count(bySource, sourceOf(row))
    if (row.referrals > 0 && (top.length < TOP_REFERRERS || row.referrals > top[top.length - 1].referrals)) {
      top = [...top, row].sort((a, b) => b.referrals - a.referrals || a.signup.sequence - b.signup.sequence).slice(0, TOP_REFERRERS)
    }
  }
  return {
    confirmed,
    pending,
    invited,
    redeemed,
    perDay: [...perDay].sort(([a], [b]) => a.localeCompare(b)),
    bySource: [...bySource].sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b)),
    topReferrers: top.map(({ signup, referrals, place }) => ({
      email: maskEmail(signup.email),
      referralCode: signup.referralCode,
      referrals,
      position: place?.position ?? null,
    })),
    drops: [...drops].sort(([a], [b]) => a.localeCompare(b)).map(([drop, counts]) => ({ drop, ...counts })),
  }
}

const table = (rows: string[][]): string => {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ")).join("\n")
}

export const formatSignupStats = (stats: SignupStats): string =>
  [
    `Signups: ${stats.confirmed + stats.pending} (${stats.confirmed} confirmed, ${stats.pending} pending)`,
    `Invited: ${stats.invited} (${stats.redeemed} redeemed at the shop, ${stats.invited - stats.redeemed} not yet)`,
    "",
    "Per day",
    stats.perDay.length > 0 ? table([["day", "signups"], ...stats.perDay.map(([day, count]) => [day, String(count)])]) : "(none yet)",
    "",
    "By source",
    stats.bySource.length > 0 ? table([["source", "signups"], ...stats.bySource.map(([source, count]) => [source, String(count)])]) : "(none yet)",
    "",
    "Top referrers (confirmed referrals)",
    stats.topReferrers.length > 0
      ? table([
          ["signup", "code", "referrals", "position"],
          ...stats.topReferrers.map(({ email, referralCode, referrals, position }) => [
            email,
            referralCode,
            String(referrals),
            position === null ? "-" : String(position),
          ]),
        ])
      : "(no referrals yet)",
    "",
    ...(stats.drops.length > 0
      ? ["Drops", table([["drop", "entered", "won"], ...stats.drops.map(({ drop, entered, won }) => [drop, String(entered), String(won)])]), ""]
      : []),
  ].join("\n")

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

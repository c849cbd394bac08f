/** @jest-environment node */
import { formatOutboxHealth, formatSignupStats, maskEmail, signupStats } from "../stats"
import type { ExportRow } from "../stores/store"

const row = (email: string, day: string, overrides: { status?: "confirmed" | "pending"; referrals?: number; source?: string; sequence?: number } = {}): ExportRow => ({
  signup: {
    email,
    emailKey: email,
    source: "website_signup",
    timestamp: `${day}T10:00:00.000Z`,
    receivedAt: `${day}T10:00:00.000Z`,
    status: overrides.status ?? "confirmed",
    confirmedAt: null,
    referralCode: `CODE-${email}`,
    referredBy: null,
    attribution: overrides.source ? { source: overrides.source } : null,
    sequence: overrides.sequence ?? 1,
    lastMailAt: null,
    consent: null,
    consentedAt: null,
  },
  place: overrides.status === "pending" ? null : { position: overrides.sequence ?? 1, total: 3 },
  total: 3,
  referrals: overrides.referrals ?? 0,
  milestone: 0,
  referredBy: null,
})

async function* streamed(rows: ExportRow[]): AsyncIterable<ExportRow> {
  yield* rows
}

describe("signups:stats", () => {
  it("counts a streamed list by status, day and source, and ranks referrers with masked addresses", async () => {
    const stats = await signupStats(
      streamed([
        row("jordan@gmail.com", "2026-11-20", { referrals: 2, sequence: 1, source: "tiktok" }),
        row("sam@example.com", "2026-11-21", { referrals: 5, sequence: 2 }),
        row("kim@example.com", "2026-11-21", { status: "pending", sequence: 3, source: "tiktok" }),
      ]),
    )
    expect(stats).toMatchObject({ confirmed: 2, pending: 1, perDay: [["2026-11-20", 1], ["2026-11-21", 2]], bySource: [["tiktok", 2], ["direct", 1]] })
    expect(stats.topReferrers.map(({ email, referrals }) => [email, referrals])).toEqual([
      [maskEmail("sam@example.com"), 5],
      ["j***@g***.com", 2],
    ])
    expect(formatSignupStats(stats)).toContain("Signups: 3 (2 confirmed, 1 pending)")
  })

  it("reports mail waiting and given up on, with the last error", () => {
    expect(formatOutboxHealth({ waiting: 3, failed: 1, lastError: "connect ECONNREFUSED" })).toBe(
      "Mail\n  waiting to be delivered: 3\n  given up on after every retry: 1\n  last error: connect ECONNREFUSED\n",
    )
  })
})

import { formatOutboxHealth, formatReview, formatWebhookHealth, formatSignupStats, maskEmail, signupStats } from "../stats"
import type { ExportRow } from "../stores/store"

const row = (
  email: string,
  day: string,
  overrides: {
    status?: "confirmed" | "pending"
    referrals?: number
    source?: string
    sequence?: number
    invitation?: ExportRow["invitation"]
    drops?: string
  } = {},
): ExportRow => ({
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
  invitation: overrides.invitation ?? null,
  drops: overrides.drops ?? "",
})

async function* streamed(rows: ExportRow[]): AsyncIterable<ExportRow> {
  yield* rows
}

describe("signups:stats", () => {
  it("counts who entered each drop and who won, a size's spaces and all", async () => {
    const stats = await signupStats(
      streamed([
        row("a@example.com", "2026-11-20", { sequence: 1, drops: "drop-01 cap/One size won; drop-02 hoodie/M entered" }),
        row("b@example.com", "2026-11-20", { sequence: 2, drops: "drop-01 hoodie/L entered" }),
        row("c@example.com", "2026-11-20", { sequence: 3 }),
      ]),
    )
    expect(stats.drops).toEqual([
      { drop: "drop-01", entered: 2, won: 1 },
      { drop: "drop-02", entered: 1, won: 0 },
    ])
    expect(formatSignupStats(stats)).toMatch(/Drops\ndrop\s+entered\s+won\ndrop-01\s+2\s+1\ndrop-02\s+1\s+0/)
  })

  it("counts a streamed list by status, day and source, and ranks referrers with masked addresses", async () => {
    const stats = await signupStats(
      streamed([
        row("jordan@gmail.com", "2026-11-20", {
          referrals: 2,
          sequence: 1,
          source: "tiktok",
          invitation: { sentAt: "2026-12-01T09:00:00.000Z", redeemedAt: "2026-12-01T10:00:00.000Z" },
        }),
        row("sam@example.com", "2026-11-21", { referrals: 5, sequence: 2, invitation: { sentAt: "2026-12-01T09:00:00.000Z", redeemedAt: null } }),
        row("kim@example.com", "2026-11-21", { status: "pending", sequence: 3, source: "tiktok" }),
      ]),
    )
    expect(stats).toMatchObject({
      confirmed: 2,
      pending: 1,
      invited: 2,
      redeemed: 1,
      perDay: [
        ["2026-11-20", 1],
        ["2026-11-21", 2],
      ],
      bySource: [
        ["tiktok", 2],
        ["direct", 1],
      ],
    })
    expect(stats.topReferrers.map(({ email, referrals }) => [email, referrals])).toEqual([
      [maskEmail("sam@example.com"), 5],
      ["j***@g***.com", 2],
    ])
    expect(formatSignupStats(stats)).toContain("Signups: 3 (2 confirmed, 1 pending)\nInvited: 2 (1 redeemed at the shop, 1 not yet)\n")
  })

  it("reports mail waiting and given up on, with the last error", () => {
    expect(formatOutboxHealth({ waiting: 3, failed: 1, lastError: "connect ECONNREFUSED" })).toBe(
      "Outbox (mail, webhooks, email provider)\n  waiting to be delivered: 3\n  given up on after every retry: 1\n  last error: connect ECONNREFUSED\n",
    )
  })

  it("reports webhook messages waiting and given up on, and each failing or disabled endpoint with why", () => {
    const report = formatWebhookHealth({
      waiting: 2,
      failed: 5,
      endpoints: [
        { url: "https://ok.example.com/h", failingSince: null, disabledAt: null, disabledReason: null },
        { url: "https://flaky.example.com/h", failingSince: "2026-11-22T12:00:00.000Z", disabledAt: null, disabledReason: null },
        {
          url: "https://gone.example.com/h",
          failingSince: "2026-11-20T12:00:00.000Z",
          disabledAt: "2026-11-21T12:00:00.000Z",
          disabledReason: "answered 410 Gone",
        },
      ],
    })
    expect(report).toBe(
      [
        "Webhooks",
        "  waiting to be delivered: 2",
        "  given up on: 5",
        "  failing https://flaky.example.com/h since 2026-11-22T12:00:00.000Z (disabled after three days of failures)",
        "  DISABLED https://gone.example.com/h since 2026-11-21T12:00:00.000Z: answered 410 Gone (fix the receiver, then delete its row from webhook_endpoints to enable it again)",
        "",
      ].join("\n"),
    )
  })
})

describe("signups:stats on review", () => {
  it("prints the referrals on hold and the hard bounces with addresses masked, and the audit newest first", () => {
    const printed = formatReview({
      heldReferrals: {
        total: 3,
        rows: [
          {
            id: 7,
            email: "sock@example.com",
            confirmed: false,
            referrerEmail: "maya@example.com",
            referralCode: "ABCD1234",
            reason: "same_network",
            at: "2026-11-22T12:00:00.000Z",
          },
        ],
      },
      audit: [{ at: "2026-11-22T13:00:00.000Z", actor: "command line", action: "export", count: 1, detail: null }],
      hardBounces: { total: 1, rows: [{ email: "gone@example.com", at: "2026-11-22T12:30:00.000Z", reason: "550 5.1.1 <gone@example.com>: User unknown" }] },
    })
    expect(printed).toContain("Referrals on hold: 3")
    expect(printed).toContain("s***@e***.com referred by m***@e***.com: same_network, not confirmed yet")
    expect(printed).not.toContain("sock@example.com")
    expect(printed).toContain("2026-11-22T13:00:00.000Z  export x1 (command line)")
    // A bounce's server answer often repeats the address: masked there too.
    expect(printed).toContain("Hard bounces: 1")
    expect(printed).toContain("g***@e***.com at 2026-11-22T12:30:00.000Z: 550 5.1.1 <...>: User unknown")
    expect(printed).not.toContain("gone@example.com")
  })
})

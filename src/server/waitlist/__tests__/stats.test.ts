import { dropCounts, formatDropCounts, formatOutboxHealth, formatOwnerSummary, formatReview, formatWebhookHealth } from "../stats"
import type { ExportRow } from "../../store/store"
import { emptySummary } from "../../../../test/owner-summary"

const row = (email: string, sequence: number, drops = ""): ExportRow => ({
  signup: {
    email,
    emailKey: email,
    source: "website_signup",
    timestamp: "2026-11-20T10:00:00.000Z",
    receivedAt: "2026-11-20T10:00:00.000Z",
    status: "confirmed",
    confirmedAt: null,
    referralCode: `CODE-${email}`,
    referredBy: null,
    attribution: null,
    sequence,
    lastMailAt: null,
    consent: null,
    consentedAt: null,
  },
  place: { position: sequence, total: 3 },
  total: 3,
  referrals: 0,
  milestone: 0,
  referredBy: null,
  invitation: null,
  drops,
})

async function* streamed(rows: ExportRow[]): AsyncIterable<ExportRow> {
  yield* rows
}

describe("signups:stats", () => {
  it("counts who entered each drop and who won, a size's spaces and all", async () => {
    const drops = await dropCounts(
      streamed([
        row("a@example.com", 1, "drop-01 cap/One size won; drop-02 hoodie/M entered"),
        row("b@example.com", 2, "drop-01 hoodie/L entered"),
        row("c@example.com", 3),
      ]),
    )
    expect(drops).toEqual([
      { drop: "drop-01", entered: 2, won: 1 },
      { drop: "drop-02", entered: 1, won: 0 },
    ])
    expect(formatDropCounts(drops)).toMatch(/Drops\ndrop\s+entered\s+won\ndrop-01\s+2\s+1\ndrop-02\s+1\s+0/)
  })

  it("prints the owner's summary: totals, active days, sources as the owner's page names them, and referrers with masked addresses", () => {
    const printed = formatOwnerSummary(
      emptySummary({
        confirmed: 2,
        pending: 1,
        invited: 2,
        redeemed: 1,
        left: 4,
        perDay: [
          { day: "2026-11-19", signups: 0, confirmations: 0 },
          { day: "2026-11-20", signups: 1, confirmations: 1 },
          { day: "2026-11-21", signups: 2, confirmations: 1 },
        ],
        sources: [
          { name: "tiktok", signups: 2, confirmed: 1 },
          { name: "", signups: 1, confirmed: 1 },
        ],
        topReferrers: [
          { email: "sam@example.com", referralCode: "SAM0000000", referrals: 5 },
          { email: "jordan@gmail.com", referralCode: "JOR0000000", referrals: 2 },
        ],
      }),
    )
    expect(printed).toContain("Signups: 3 (2 confirmed, 1 pending)\nInvited: 2 (1 redeemed at the shop, 1 not yet)\nLeft the list: 4\n")
    expect(printed).toMatch(/Per day \(the last 3 UTC days\)\nday\s+signups\s+confirmations\n2026-11-20\s+1\s+1\n2026-11-21\s+2\s+1\n\n/)
    expect(printed).toMatch(/By source \(utm_source\)\nsource\s+signups\s+confirmed\ntiktok\s+2\s+1\n\(no source\)\s+1\s+1\n\n/)
    expect(printed).toMatch(/By campaign \(utm_campaign\)\n\(none yet\)\n/)
    expect(printed).toMatch(
      /Top referrers \(confirmed referrals\)\nsignup\s+code\s+referrals\ns\*\*\*@e\*\*\*\.com\s+SAM0000000\s+5\nj\*\*\*@g\*\*\*\.com\s+JOR0000000\s+2\n/,
    )
    expect(printed).not.toContain("sam@example.com")
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

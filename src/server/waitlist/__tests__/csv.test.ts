import { CSV_HEADER_LINE, csvCell, csvLine } from "../csv"
import type { ExportRow } from "../../store/store"

/** A CSV line of these cells, each quoted. */
const line = (...cells: string[]): string => `${cells.map((cell) => `"${cell}"`).join(",")}\r\n`

const HEADER = line(
  ..."email,source,status,signed_up_at,received_at,confirmed_at,referral_code,referred_by,confirmed_referrals,position,utm_source,utm_medium,utm_campaign,referrer,consent,consented_at,invited_at,redeemed_at,drops".split(
    ",",
  ),
)

const row = (email: string, overrides: Partial<ExportRow> = {}): ExportRow => ({
  signup: {
    email,
    emailKey: email,
    source: "website_signup",
    timestamp: "2025-01-31T12:00:00.000Z",
    receivedAt: "2025-01-31T12:00:01.000Z",
    status: "confirmed",
    confirmedAt: "2025-01-31T12:00:01.000Z",
    referralCode: "ABCD1234EF",
    referredBy: null,
    attribution: null,
    sequence: 1,
    lastMailAt: null,
    consent: "ui-1a2b3c4d",
    consentedAt: "2025-01-31T12:00:01.000Z",
  },
  place: { position: 1, total: 2 },
  total: 2,
  referrals: 0,
  milestone: 0,
  referredBy: null,
  invitation: null,
  drops: "",
  ...overrides,
})

describe("signups CSV", () => {
  it("writes one CRLF-terminated row per signup, with status, referrals, place and attribution", () => {
    const referred = row("b@example.com", { place: null, referredBy: "ABCD1234EF", referrals: 0 })
    referred.signup = {
      ...referred.signup,
      status: "pending",
      confirmedAt: null,
      consent: null,
      consentedAt: null,
      referralCode: "QRST5678VW",
      attribution: { source: "tiktok", campaign: "launch", referrer: "www.tiktok.com" },
    }
    const entered = { drops: "drop-01 cap/One size won; drop-02 hoodie/M entered" }
    expect(
      csvLine(row("a@example.com", { referrals: 1, invitation: { sentAt: "2026-12-01T09:00:00.000Z", redeemedAt: "2026-12-02T10:00:00.000Z" }, ...entered })),
    ).toBe(
      line(
        ..."a@example.com,website_signup,confirmed,2025-01-31T12:00:00.000Z,2025-01-31T12:00:01.000Z,2025-01-31T12:00:01.000Z,ABCD1234EF,,1,1,,,,,ui-1a2b3c4d,2025-01-31T12:00:01.000Z,2026-12-01T09:00:00.000Z,2026-12-02T10:00:00.000Z".split(
          ",",
        ),
        "drop-01 cap/One size won; drop-02 hoodie/M entered",
      ),
    )
    expect(csvLine(referred)).toBe(
      line(
        ..."b@example.com,website_signup,pending,2025-01-31T12:00:00.000Z,2025-01-31T12:00:01.000Z,,QRST5678VW,ABCD1234EF,0,,tiktok,,launch,www.tiktok.com,not recorded,,,,".split(
          ",",
        ),
      ),
    )
  })

  it("writes a header line naming every column, in the order of the rows' cells", () => {
    expect(CSV_HEADER_LINE).toBe(HEADER)
  })

  it("quotes every cell, an address included, and leaves its text alone", () => {
    expect(csvCell("a.b+c@example.com")).toBe('"a.b+c@example.com"')
    expect(csvCell("")).toBe('""')
  })

  it("quotes cells with commas, quotes or line breaks and doubles inner quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"')
    expect(csvCell("line\r\nbreak")).toBe('"line\r\nbreak"')
  })

  it.each(["=", "+", "-", "@", "\t", "\r"])("defuses a cell starting with %j so a spreadsheet shows it as text", (start) => {
    const cell = csvCell(`${start}HYPERLINK("http://evil.example")`)
    const unquoted = cell.slice(1, -1).replace(/""/g, '"')
    expect(unquoted).toBe(`'${start}HYPERLINK("http://evil.example")`)
  })

  it("defuses before quoting, so the quote character ends up inside the quoted cell", () => {
    expect(csvCell("=1,2")).toBe(`"'=1,2"`)
  })

  it("does not touch formula characters in the middle of a cell", () => {
    expect(csvCell("a-b=c@example.com")).toBe('"a-b=c@example.com"')
  })

  it.each([
    ["x;=cmd|' /C calc'!A0", `"x;'=cmd|' /C calc'!A0"`],
    ["a,=1+1", `"a,'=1+1"`],
    ["b; @SUM(1)", `"b; '@SUM(1)"`],
    ["c;-1;+2", `"c;'-1;'+2"`],
  ])("defuses a formula after a separator inside %j, which Excel with ';' as separator would split off", (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })
})

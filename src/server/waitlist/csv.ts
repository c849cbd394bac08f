/** Turns stored signups into CSV (RFC 4180) that is safe to open in a spreadsheet. */
import { ATTRIBUTION_FIELD_NAMES, ATTRIBUTION_FIELDS } from "../../signup/attribution-fields"
import type { ExportRow } from "../store/store"

export const SIGNUPS_CSV_HEADER = [
  "email",
  "source",
  "status",
  "signed_up_at",
  "received_at",
  "confirmed_at",
  "referral_code",
  "referred_by",
  "confirmed_referrals",
  "position",
  ...ATTRIBUTION_FIELD_NAMES.map((field) => ATTRIBUTION_FIELDS[field].exported),
  "consent",
  "consented_at",
  "invited_at",
  "redeemed_at",
  "drops",
] as const

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection);
// tab and carriage return are on OWASP's list too.
const FORMULA_START = /^[=+\-@\t\r]/
// Excel where ";" separates fields (German, French) splits a cell at its semicolons, whatever
// its quotes, so a formula character after a separator starts a cell there.
const FORMULA_AFTER_SEPARATOR = /([;,]\s*)(?=[=+\-@\t\r])/g

/**
 * One cell, always quoted (RFC 4180), each formula start defused with an apostrophe: at the
 * start and after every `;` or `,` inside it. An address never has either separator, so the
 * email column is the address itself, quoted.
 */
export const csvCell = (value: string): string => {
  const defused = value.replace(FORMULA_AFTER_SEPARATOR, "$1'")
  const safe = FORMULA_START.test(defused) ? `'${defused}` : defused
  return `"${safe.replace(/"/g, '""')}"`
}

const csvRow = (cells: readonly string[]): string => cells.map(csvCell).join(",")

const cells = ({ signup, place, referrals, referredBy, invitation, drops }: ExportRow): string[] => [
  signup.email,
  signup.source,
  signup.status,
  signup.timestamp,
  signup.receivedAt,
  signup.confirmedAt ?? "",
  signup.referralCode,
  referredBy ?? "",
  String(referrals),
  place ? String(place.position) : "",
  ...ATTRIBUTION_FIELD_NAMES.map((field) => signup.attribution?.[field] ?? ""),
  signup.consent ?? "not recorded",
  signup.consentedAt ?? "",
  invitation?.sentAt ?? "",
  invitation?.redeemedAt ?? "",
  drops,
]

/** One line of the file, with its CRLF line end as RFC 4180 says. */
export const csvLine = (row: ExportRow): string => `${csvRow(cells(row))}\r\n`
export const CSV_HEADER_LINE = `${csvRow(SIGNUPS_CSV_HEADER)}\r\n`

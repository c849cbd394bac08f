/** Turns stored signups into CSV (RFC 4180) that is safe to open in a spreadsheet. */
import type { SignupRecord } from "./store"

export const SIGNUPS_CSV_HEADER = ["email", "source", "signed_up_at", "received_at"] as const

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection);
// tab and carriage return are on OWASP's list too.
const FORMULA_START = /^[=+\-@\t\r]/

/** One cell: formula starts defused with a leading quote, then quoted when RFC 4180 needs it. */
export const csvCell = (value: string): string => {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

const csvRow = (cells: readonly string[]): string => cells.map(csvCell).join(",")

/** The whole file: header, one row per signup, CRLF line ends as RFC 4180 says. */
export const signupsToCsv = (entries: readonly SignupRecord[]): string =>
  [SIGNUPS_CSV_HEADER, ...entries.map((entry) => [entry.email, entry.source, entry.timestamp, entry.receivedAt])]
    .map(csvRow)
    .join("\r\n") + "\r\n"

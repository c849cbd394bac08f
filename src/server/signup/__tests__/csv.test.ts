/** @jest-environment node */
import type { SignupRecord } from "../store"
import { csvCell, signupsToCsv } from "../csv"

const entry = (email: string): SignupRecord => ({
  email,
  source: "website_signup",
  timestamp: "2025-01-31T12:00:00.000Z",
  receivedAt: "2025-01-31T12:00:01.000Z",
})

describe("signups CSV", () => {
  it("writes the header and one CRLF-terminated row per signup", () => {
    expect(signupsToCsv([entry("a@example.com"), entry("b@example.com")])).toBe(
      "email,source,signed_up_at,received_at\r\n" +
        "a@example.com,website_signup,2025-01-31T12:00:00.000Z,2025-01-31T12:00:01.000Z\r\n" +
        "b@example.com,website_signup,2025-01-31T12:00:00.000Z,2025-01-31T12:00:01.000Z\r\n",
    )
  })

  it("writes only the header when there are no signups", () => {
    expect(signupsToCsv([])).toBe("email,source,signed_up_at,received_at\r\n")
  })

  it("leaves plain cells alone", () => {
    expect(csvCell("a.b+c@example.com")).toBe("a.b+c@example.com")
  })

  it("quotes cells with commas, quotes or line breaks and doubles inner quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"')
    expect(csvCell("line\r\nbreak")).toBe('"line\r\nbreak"')
  })

  it.each(["=", "+", "-", "@", "\t", "\r"])("defuses a cell starting with %j so a spreadsheet shows it as text", (start) => {
    const cell = csvCell(`${start}HYPERLINK("http://evil.example")`)
    const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell
    expect(unquoted).toBe(`'${start}HYPERLINK("http://evil.example")`)
  })

  it("defuses before quoting, so the quote character ends up inside the quoted cell", () => {
    expect(csvCell("=1,2")).toBe(`"'=1,2"`)
  })

  it("does not touch formula characters in the middle of a cell", () => {
    expect(csvCell("a-b=c@example.com")).toBe("a-b=c@example.com")
  })
})

/**
 * The refusal catalogue: each code a 4xx or 5xx with a sentence, and docs/api.md listing every
 * code with its status and sentence, as the catalogue declares them.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { API_ERRORS, errorCodeOf, errorMessage, isErrorCode, type ErrorCode } from "../errors"

const codes = Object.keys(API_ERRORS) as ErrorCode[]

describe("the refusal catalogue", () => {
  it.each(codes)("%s: a refusal's status, a sentence, a code of lower-case words", (code) => {
    const { status, message } = API_ERRORS[code]
    expect(status >= 400 && status < 600).toBe(true)
    expect(message.trim()).not.toBe("")
    expect(code).toMatch(/^[a-z]+(?:_[a-z0-9]+)*$/)
  })

  it("fills a sentence's parts and leaves a part without a value as it is", () => {
    expect(errorMessage("rate_limited", { seconds: 12 })).toBe("Too many requests: try again in 12 seconds")
    expect(errorMessage("draw_too_early")).toBe("The draw runs after entries close, at {closesAt}")
  })

  it("reads the code of a refusal's body, and nothing from a body without one of ours", () => {
    expect(errorCodeOf({ error: "x", code: "email_invalid" })).toBe("email_invalid")
    expect([errorCodeOf({ error: "x", code: "toString" }), errorCodeOf({ error: "x" }), errorCodeOf(null), errorCodeOf("rate_limited")]).toEqual([
      null,
      null,
      null,
      null,
    ])
    expect(isErrorCode("hasOwnProperty")).toBe(false)
  })
})

describe("docs/api.md", () => {
  const page = readFileSync(join(__dirname, "../../../docs/api.md"), "utf8")
  const rows = new Map(
    [...page.matchAll(/^\| `([a-z0-9_]+)` \| (\d{3}) \| (.*) \| (yes)? \|$/gm)].map(([, code, status, message, pages]) => [
      code,
      { status: Number(status), message: message.replace(/\\\|/g, "|"), visitor: pages === "yes" },
    ]),
  )

  it("lists every code of the catalogue with its status, its sentence and whether pages meet it", () => {
    const declared = codes.map((code) => [code, { status: API_ERRORS[code].status, message: API_ERRORS[code].message, visitor: "visitor" in API_ERRORS[code] }])
    expect([...rows.entries()]).toEqual(declared)
  })
})

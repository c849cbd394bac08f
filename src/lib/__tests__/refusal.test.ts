/**
 * The browser's map of refusals: every code a page can meet (src/signup/errors.ts) has a meaning
 * there, and the refusals the signup form shows have words in content/ui.json.
 */
import ui from "../../../content/ui.json"
import { API_ERRORS, type ErrorCode, type VisitorErrorCode } from "../../signup/errors"
import { refusalKind, VISITOR_REFUSALS } from "../refusal"

const visitorCodes = (Object.keys(API_ERRORS) as ErrorCode[]).filter((code): code is VisitorErrorCode => "visitor" in API_ERRORS[code])

describe("the browser's map of refusals", () => {
  it("names every code a page can meet, and no other", () => {
    expect(Object.keys(VISITOR_REFUSALS).sort()).toEqual([...visitorCodes].sort())
  })

  it.each(visitorCodes)("reads %s from an answer's body by its code, whatever its sentence", (code) => {
    expect(refusalKind({ error: "reworded", code })).toBe(VISITOR_REFUSALS[code])
  })

  it("calls no answer, a body without a code, and a code of the owner's page a failure", () => {
    expect([refusalKind(null), refusalKind({ error: "This status link has expired" }), refusalKind({ error: "x", code: "owner_off" })]).toEqual([
      "failed",
      "failed",
      "failed",
    ])
  })

  it("tells a link that expired from one not known, as the link pages show them", () => {
    expect(visitorCodes.filter((code) => VISITOR_REFUSALS[code] === "linkExpired").sort()).toEqual([
      "confirm_link_expired",
      "status_link_expired",
      "unsubscribe_link_expired",
    ])
  })

  it("has words in content/ui.json for every refusal of an address the signup form shows", () => {
    const shown = new Set(visitorCodes.map((code) => VISITOR_REFUSALS[code]).filter((kind) => kind.startsWith("email")))
    expect([...shown].sort()).toEqual(["emailMalformed", "emailMissing", "emailRefused"])
    for (const kind of shown) expect(ui.signupForm.fieldErrors[kind as "emailMissing" | "emailMalformed" | "emailRefused"]).toMatch(/\S/)
  })
})

import { checkContact, checkSignup } from "../validation"

describe("checkSignup", () => {
  it("is happy with an email and consent", () => {
    expect(checkSignup({ email: "hello@block94.com", consent: true })).toBeNull()
  })

  it("reports the missing email first, even when consent is also missing", () => {
    expect(checkSignup({ email: "", consent: false })).toEqual({ kind: "missing", field: "email" })
  })

  it("treats an email of only spaces as missing", () => {
    expect(checkSignup({ email: "   ", consent: true })).toEqual({ kind: "missing", field: "email" })
  })

  it("reports missing consent when the email is filled in", () => {
    expect(checkSignup({ email: "hello@block94.com", consent: false })).toEqual({ kind: "missing", field: "consent" })
  })

  it("reports missing information before a malformed email", () => {
    expect(checkSignup({ email: "hello@", consent: false })).toEqual({ kind: "missing", field: "consent" })
  })

  it("reports a malformed email once everything is filled in", () => {
    expect(checkSignup({ email: "hello@block94", consent: true })).toEqual({ kind: "invalidEmail", field: "email" })
  })
})

describe("checkContact", () => {
  const filled = { name: "Sam", email: "sam@example.com", message: "When do you open?" }

  it("is happy with every field filled in", () => {
    expect(checkContact(filled)).toBeNull()
  })

  it("reports the first empty field in form order: name, email, message", () => {
    expect(checkContact({ name: "", email: "", message: "" })).toEqual({ kind: "missing", field: "name" })
    expect(checkContact({ ...filled, email: "", message: "" })).toEqual({ kind: "missing", field: "email" })
    expect(checkContact({ ...filled, message: "" })).toEqual({ kind: "missing", field: "message" })
  })

  it.each(["name", "email", "message"] as const)("treats a %s of only spaces and line breaks as missing", (field) => {
    expect(checkContact({ ...filled, [field]: " \n\t " })).toEqual({ kind: "missing", field })
  })

  it("reports an empty message before a malformed email", () => {
    expect(checkContact({ ...filled, email: "sam@", message: "  " })).toEqual({ kind: "missing", field: "message" })
  })

  it("reports a malformed email once every field is filled in", () => {
    expect(checkContact({ ...filled, email: "sam at example.com" })).toEqual({ kind: "invalidEmail", field: "email" })
  })
})

import ui from "../../../content/ui.json"
import { checkContact, checkSignup, fieldMessages, firstProblem, problemToast } from "../validation"

describe("checkSignup", () => {
  it("is happy with an email and consent", () => {
    expect(checkSignup({ email: "hello@block94.com", consent: true })).toEqual({})
  })

  it("tells an empty address, a malformed one and an unticked box apart, in field order", () => {
    expect(checkSignup({ email: "", consent: false })).toEqual({ email: "missing", consent: "missing" })
    expect(checkSignup({ email: "   ", consent: true })).toEqual({ email: "missing" })
    expect(checkSignup({ email: "hello@block94", consent: true })).toEqual({ email: "malformed" })
    expect(checkSignup({ email: "hello@", consent: false })).toEqual({ email: "malformed", consent: "missing" })
    expect(checkSignup({ email: "hello@block94.com", consent: false })).toEqual({ consent: "missing" })
    expect(Object.keys(checkSignup({ email: "", consent: false }))).toEqual(["email", "consent"])
  })
})

describe("checkContact", () => {
  const filled = { name: "Sam", email: "sam@example.com", message: "When do you open?" }

  it("is happy with every field filled in", () => {
    expect(checkContact(filled)).toEqual({})
  })

  it("reports every empty field, in form order: name, email, message", () => {
    expect(Object.keys(checkContact({ name: "", email: "", message: "" }))).toEqual(["name", "email", "message"])
    expect(checkContact({ ...filled, email: "", message: "" })).toEqual({ email: "missing", message: "missing" })
  })

  it.each(["name", "email", "message"] as const)("treats a %s of only spaces and line breaks as missing", (field) => {
    expect(checkContact({ ...filled, [field]: " \n\t " })).toEqual({ [field]: "missing" })
  })

  it("reports a malformed email beside an empty message", () => {
    expect(checkContact({ ...filled, email: "sam at example.com", message: "  " })).toEqual({ email: "malformed", message: "missing" })
  })
})

describe("the toast a form's problems call for", () => {
  it("is the spec's Missing Information whenever anything is missing, the malformed-address one otherwise, none when all is well", () => {
    expect(problemToast({ email: "malformed", consent: "missing" })).toBe("missing")
    expect(problemToast({ email: "missing" })).toBe("missing")
    expect(problemToast({ email: "malformed" })).toBe("invalidEmail")
    expect(problemToast({})).toBeNull()
  })

  it("sends focus to the first field to fix", () => {
    expect(firstProblem(checkSignup({ email: "", consent: false }))).toBe("email")
    expect(firstProblem(checkSignup({ email: "fan@example.com", consent: false }))).toBe("consent")
    expect(firstProblem(checkContact({ name: "Sam", email: "", message: "" }))).toBe("email")
    expect(firstProblem({})).toBeUndefined()
  })
})

describe("the message under each field", () => {
  const signupWords = ui.signupForm.fieldErrors
  const contactWords = ui.contactForm.fieldErrors

  it("has distinct words in content for an empty address, a malformed one and an unticked box", () => {
    const empty = fieldMessages(checkSignup({ email: "", consent: false }), signupWords)
    const malformed = fieldMessages(checkSignup({ email: "fan@", consent: true }), signupWords)
    expect(empty).toEqual({ email: signupWords.emailMissing, consent: signupWords.consentMissing })
    expect(malformed).toEqual({ email: signupWords.emailMalformed })
    const all = [signupWords.emailMissing, signupWords.emailMalformed, signupWords.consentMissing]
    expect(new Set(all).size).toBe(3)
    for (const words of all) expect(words.trim().length).toBeGreaterThan(10)
  })

  it("never repeats the toast's words under a field: the spec's toast stays as it is, the field says what to do", () => {
    const toasts = [ui.signupForm.missing.description, ui.signupForm.invalidEmail.description]
    for (const words of Object.values(signupWords)) expect(toasts).not.toContain(words)
    expect(ui.signupForm.missing).toEqual({ title: "Missing Information", description: "Please enter your email and agree to receive updates." })
    expect(ui.contactForm.missing).toEqual({ title: "Missing Information", description: "Please fill in all fields." })
  })

  it("gives each empty or malformed contact field its own words", () => {
    expect(fieldMessages(checkContact({ name: "", email: "", message: "" }), contactWords)).toEqual({
      name: contactWords.nameMissing,
      email: contactWords.emailMissing,
      message: contactWords.messageMissing,
    })
    expect(fieldMessages(checkContact({ name: "Sam", email: "sam@", message: "Hi" }), contactWords)).toEqual({ email: contactWords.emailMalformed })
  })
})

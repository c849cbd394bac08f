import { emailKey } from "../email-key"

describe("emailKey", () => {
  it.each([
    ["Sam@Example.com", "sam@example.com"],
    ["  sam@example.com ", "sam@example.com"],
    ["J.Doe+drops@GMAIL.com", "jdoe@gmail.com"],
    ["jdoe@googlemail.com", "jdoe@gmail.com"],
    ["j.d.o.e@gmail.com", "jdoe@gmail.com"],
    ["sam+launch@outlook.com", "sam@outlook.com"],
    ["sam+launch@icloud.com", "sam@icloud.com"],
    ["josé@Exämple.com", "josé@xn--exmple-cua.com"],
  ])("%s -> %s", (email, key) => {
    expect(emailKey(email)).toBe(key)
  })

  it("keeps dots and +tags where the provider may treat them as different mailboxes", () => {
    expect(emailKey("first.last+news@example.com")).toBe("first.last+news@example.com")
    expect(emailKey("first.last@outlook.com")).toBe("first.last@outlook.com")
  })
})

import { MAX_EMAIL_LENGTH, asciiDomain, isValidEmail } from "../rules"

/** An address of exactly `length` characters: a 64-character local part and a long domain. */
const addressOfLength = (length: number): string => {
  const local = "l".repeat(64)
  const label = "a".repeat(63)
  const fixed = `${local}@${label}.${label}.`.length + ".com".length
  return `${local}@${label}.${label}.${"c".repeat(length - fixed)}.com`
}

describe("isValidEmail", () => {
  it.each([
    "hello@block94.com",
    "ALICE@EXAMPLE.COM",
    "alice+drops@example.com",
    "first.last@example.com",
    "a@mail.shop.example.co.uk",
    "o'brien@example.ie",
    "josé@example.com",
    "user@xn--bcher-kva.de",
    "  hello@block94.com  ",
    "hello@block94.com\n",
  ])("accepts %j", (email) => {
    expect(isValidEmail(email)).toBe(true)
  })

  it.each([
    ["empty", ""],
    ["only spaces", "   "],
    ["a space inside", "hello @block94.com"],
    ["a tab inside", "hello\t@block94.com"],
    ["no @", "hello.block94.com"],
    ["two @", "hello@block94@example.com"],
    ["no top-level domain", "hello@localhost"],
    ["a one-letter top-level domain", "hello@block94.c"],
    ["a trailing dot", "hello@block94.com."],
    ["two dots in a row in the domain", "hello@block94..com"],
    ["two dots in a row before the @", "hel..lo@block94.com"],
    ["a dot at the start", ".hello@block94.com"],
    ["a dot before the @", "hello.@block94.com"],
    ["a domain label starting with a hyphen", "hello@-block94.com"],
    ["an underscore in the domain", "hello@block_94.com"],
    ["an IP address as domain", "hello@127.0.0.1"],
    ["angle brackets around it", "<hello@block94.com>"],
    ["nothing before the @", "@block94.com"],
    ["nothing after the @", "hello@"],
    ["a 65-character local part", `${"l".repeat(65)}@example.com`],
  ])("rejects an address with %s", (_case, email) => {
    expect(isValidEmail(email)).toBe(false)
  })

  it("accepts an address of exactly 254 characters and rejects one of 255", () => {
    expect(MAX_EMAIL_LENGTH).toBe(254)
    expect(addressOfLength(254)).toHaveLength(254)
    expect(isValidEmail(addressOfLength(254))).toBe(true)
    expect(addressOfLength(255)).toHaveLength(255)
    expect(isValidEmail(addressOfLength(255))).toBe(false)
  })
})

describe("internationalised domains", () => {
  it.each(["fan@example.xn--p1ai", "josé@exämple.com", "Jürgen@münchen.de", "fan@例え.テスト", "fan@xn--exmple-cua.com"])("accepts %s", (email) => {
    expect(isValidEmail(email)).toBe(true)
  })

  it.each(["fan@exämple", "fan@-münchen.de", "fan@exa%41mple.com", "fan@exam/ple.com", "fan@ex:ample.com"])("rejects %s", (email) => {
    expect(isValidEmail(email)).toBe(false)
  })

  it("turns a domain into its ASCII form", () => {
    expect(asciiDomain("Exämple.COM")).toBe("xn--exmple-cua.com")
    expect(asciiDomain("example.com")).toBe("example.com")
    expect(asciiDomain("exa%41mple.com")).toBeNull()
    expect(asciiDomain("")).toBeNull()
  })
})

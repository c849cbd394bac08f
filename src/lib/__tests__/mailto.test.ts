import { buildContactMailto, contactBody, contactSubject } from "../mailto"

/** Splits a mailto: URL the way a mail client does (RFC 6068), decoding every part. */
const openInMailClient = (url: string) => {
  expect(url.startsWith("mailto:")).toBe(true)
  const rest = url.slice("mailto:".length)
  const [to, query, ...extra] = rest.split("?")
  expect(extra).toEqual([])
  const fields = Object.fromEntries(
    query.split("&").map((pair) => {
      const [key, value, ...more] = pair.split("=")
      expect(more).toEqual([])
      // Only what encodeURIComponent leaves as is: no raw space, "&", "?", "#", "+", "=" or "%" that is not an escape.
      expect(value).toMatch(/^(?:[A-Za-z0-9\-_.!~*'()]|%[0-9A-F]{2})*$/)
      return [key, decodeURIComponent(value)]
    }),
  )
  return { to: decodeURIComponent(to), fields, raw: { to, query } }
}

const sam = { name: "Sam", email: "sam@example.com", message: "When do you open?" }

describe("contactSubject", () => {
  it("names the sender, without the spaces around the name", () => {
    expect(contactSubject("  Sam Lee \n")).toBe("Contact from Sam Lee")
  })
})

describe("contactBody", () => {
  it("lists name, email and message, trimmed", () => {
    expect(contactBody({ name: " Sam ", email: " sam@example.com ", message: "\n Hi there \n" })).toBe(
      "Name: Sam\nEmail: sam@example.com\n\nMessage:\nHi there\n",
    )
  })
})

describe("buildContactMailto", () => {
  it("addresses the team with a readable @ and only subject and body fields", () => {
    const mail = openInMailClient(buildContactMailto("hello@block94.example", sam))
    expect(mail.raw.to).toBe("hello@block94.example")
    expect(Object.keys(mail.fields)).toEqual(["subject", "body"])
    expect(mail.fields.subject).toBe("Contact from Sam")
  })

  it("sends line breaks as %0D%0A (CRLF), including the visitor's own, and none as a bare LF", () => {
    const url = buildContactMailto("hello@block94.example", { ...sam, message: "Line one\nLine two\r\nLine three" })
    const { raw, fields } = openInMailClient(url)
    expect(raw.query).toContain("Line%20one%0D%0ALine%20two%0D%0ALine%20three")
    expect(raw.query).not.toMatch(/(?<!%0D)%0A/)
    expect(fields.body).toBe("Name: Sam\r\nEmail: sam@example.com\r\n\r\nMessage:\r\nLine one\r\nLine two\r\nLine three\r\n")
  })

  it.each([
    ["&", "Tees & caps"],
    ["?", "Open soon? When?"],
    ["#", "Order #94"],
    ["+", "1 + 1 = 2, a+b@example.com"],
    ["%", "100% cotton, 50%off, %0A stays text"],
    ["=", "subject=spoofed&body=gone"],
    ["emoji", "Love it 🔥👟🧢"],
    ["non-Latin text", "Привет! こんにちは 你好 مرحبا"],
  ])("keeps %s in the message exactly as typed", (_what, message) => {
    const { fields } = openInMailClient(buildContactMailto("hello@block94.example", { ...sam, message }))
    expect(fields.body).toBe(`Name: Sam\r\nEmail: sam@example.com\r\n\r\nMessage:\r\n${message}\r\n`)
    expect(Object.keys(fields)).toEqual(["subject", "body"])
  })

  it("keeps special characters in the sender's name in the subject", () => {
    const { fields } = openInMailClient(buildContactMailto("hello@block94.example", { ...sam, name: "  Zoë & Ana #1 +🙂 " }))
    expect(fields.subject).toBe("Contact from Zoë & Ana #1 +🙂")
  })

  it("writes no raw spaces, so mail clients do not cut the URL", () => {
    expect(buildContactMailto("hello@block94.example", { ...sam, message: "a b  c" })).not.toContain(" ")
  })
})

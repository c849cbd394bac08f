import { shareByEmail, shareOnWhatsApp, shareOnX } from "../share"

const content = {
  url: "https://block94.example/?ref=ABCD1234EF",
  message: "I'm on the Block 94 list & you should be too:",
  subject: "Join the Block 94 drop with me",
}

describe("share links", () => {
  it("post on X with the text and the link as separate parameters", () => {
    const url = new URL(shareOnX(content))
    expect(url.origin + url.pathname).toBe("https://x.com/intent/post")
    expect(url.searchParams.get("text")).toBe(content.message)
    expect(url.searchParams.get("url")).toBe(content.url)
  })

  it("send on WhatsApp with the link after the text", () => {
    const url = new URL(shareOnWhatsApp(content))
    expect(url.origin).toBe("https://wa.me")
    expect(url.searchParams.get("text")).toBe(`${content.message} ${content.url}`)
  })

  it("write an email whose subject and body survive the & and ?", () => {
    const link = shareByEmail(content)
    const [, query] = link.split("?subject=")
    const [subject, body] = query.split("&body=")
    expect(link.startsWith("mailto:?")).toBe(true)
    expect(decodeURIComponent(subject)).toBe(content.subject)
    expect(decodeURIComponent(body)).toBe(`${content.message}\r\n${content.url}`)
  })
})

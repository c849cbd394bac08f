import { fillTemplate } from "../template"

describe("fillTemplate", () => {
  it("fills a placeholder from the content", () => {
    expect(fillTemplate("Join {count} others on the list", { count: "5,000+" })).toBe("Join 5,000+ others on the list")
  })

  it("fills every occurrence and several names", () => {
    expect(fillTemplate("{a} and {b}, then {a} again", { a: "tees", b: "caps" })).toBe("tees and caps, then tees again")
  })

  it("leaves an unknown placeholder as written, so an editor sees the typo on the page", () => {
    expect(fillTemplate("We reply within {responsTime}.", { responseTime: "3 business days" })).toBe("We reply within {responsTime}.")
  })

  it("leaves text without placeholders and stray braces alone", () => {
    expect(fillTemplate("No {placeholders} here { } {} {two words}", {})).toBe("No {placeholders} here { } {} {two words}")
  })

  it("inserts values literally, even ones with $ signs or braces", () => {
    expect(fillTemplate("Price: {price}", { price: "$& $1 $$ {price}" })).toBe("Price: $& $1 $$ {price}")
  })

  it("can fill a placeholder with empty text", () => {
    expect(fillTemplate("[{x}]", { x: "" })).toBe("[]")
  })
})

describe("fillTemplate with built-in object names", () => {
  it("leaves {constructor} and other inherited names as written", () => {
    expect(fillTemplate("{constructor} {toString}", {})).toBe("{constructor} {toString}")
  })
})

import { formatCount } from "../numbers"

describe("formatCount", () => {
  it("groups digits as the site's language does", () => {
    expect(formatCount(5000, "en")).toBe("5,000")
    expect(formatCount(1234567, "en")).toBe("1,234,567")
  })

  it("keeps each language's own grouping when the page writes in two", () => {
    expect(formatCount(5000, "de")).toBe("5.000")
    expect(formatCount(5000, "en")).toBe("5,000")
  })
})

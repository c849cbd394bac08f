import site from "../../../content/site.json"
import ui from "../../../content/ui.json"
import { showsListSize } from "../../signup/list-size"
import { placeLine, socialProofCount } from "../list-size"

const format = (value: number) => new Intl.NumberFormat("en").format(value)
const copy = ui.waitlist

describe("what the site says about the list's size", () => {
  it("shows the real size from the threshold on, not below it", () => {
    expect(showsListSize(4999, 5000)).toBe(false)
    expect(showsListSize(5000, 5000)).toBe(true)
    expect(showsListSize(0, 0)).toBe(true)
  })

  it("tells the place without any number while the list is smaller than the claim", () => {
    expect(placeLine(copy, 2, 2, 5000, format)).toBe("You're in: each friend moves you up")
    expect(placeLine(copy, 61, 4999, 5000, format)).not.toMatch(/\d/)
    // A server that leaves the size out of its answers below the threshold reads the same.
    expect(placeLine(copy, 61, undefined, 5000, format)).toBe("You're in: each friend moves you up")
  })

  it("says the place of the whole list once it may be shown", () => {
    expect(placeLine(copy, 12, 5012, 5000, format)).toBe("You're #12 of 5,012")
    expect(placeLine(copy, 5000, 5000, 5000, format)).toBe("You're #5,000 of 5,000")
  })

  it("keeps the social-proof claim until a signup brings a size that may be shown, then shows that size", () => {
    expect(socialProofCount("5,000+", undefined, 5000, format)).toBe("5,000+")
    expect(socialProofCount("5,000+", 2, 5000, format)).toBe("5,000+")
    expect(socialProofCount("5,000+", 5214, 5000, format)).toBe("5,214")
  })

  it("with the site's content: the spec's claim, and a threshold that never shows a size below it", () => {
    expect(site.socialProof).toBe("5,000+")
    const claimed = Number(site.socialProof.replace(/\D/g, ""))
    expect(site.showListSizeFrom).toBeGreaterThanOrEqual(claimed)
    // Just under the threshold, nothing contradicts "Join 5,000+ people": no size is shown at all.
    const under = site.showListSizeFrom - 1
    expect(placeLine(copy, under, under, site.showListSizeFrom, format)).not.toMatch(/\d/)
    expect(socialProofCount(site.socialProof, under, site.showListSizeFrom, format)).toBe("5,000+")
  })
})

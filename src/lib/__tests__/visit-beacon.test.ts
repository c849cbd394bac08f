import { checkVisitBeacon } from "../../signup/visit"
import { visitBeacon } from "../visit-beacon"

const SITE = "https://block94.example"
const url = (path: string) => new URL(path, SITE)

describe("what the beacon sends", () => {
  it("sends a landing's path, referring host, source, campaign and referral code, and nothing of the query else", () => {
    const beacon = visitBeacon(
      url("/drop/?utm_source=tiktok&utm_medium=social&utm_campaign=drop01&ref=ABC123&fbclid=x#sizes"),
      "https://www.tiktok.com/@block94",
      true,
      "navigate",
    )
    expect(beacon).toEqual({ path: "/drop/", landing: true, referrer: "www.tiktok.com", source: "tiktok", campaign: "drop01", ref: "ABC123" })
    expect(JSON.stringify(beacon).length).toBeLessThan(200)
  })

  it("counts a typed address or a bookmark as a landing with no origin", () => {
    expect(visitBeacon(url("/"), "", true, "navigate")).toEqual({ path: "/", landing: true })
  })

  it.each([
    ["a reload", url("/?utm_source=tiktok"), "https://www.tiktok.com/", true, "reload"],
    ["a step back", url("/"), "https://www.tiktok.com/", true, "back_forward"],
    ["a page opened from another page of the site", url("/about/"), `${SITE}/`, true, "navigate"],
    ["a move within the site", url("/about/?utm_source=tiktok"), "https://www.tiktok.com/", false, "navigate"],
  ])("sends %s as a view, not a landing", (_what, at, referrer, firstView, type) => {
    expect(visitBeacon(at, referrer, firstView, type)).toEqual({ path: at.pathname })
  })

  it("leaves out a status link's token, and never counts the owner's page or the editors' web UI", () => {
    expect(visitBeacon(url("/waitlist/?token=secret-token"), "", true, "navigate")).toEqual({ path: "/waitlist/", landing: true })
    expect(visitBeacon(url("/owner/"), "", true, "navigate")).toBeNull()
    expect(visitBeacon(url("/admin/"), "", true, "navigate")).toBeNull()
  })

  it("drops a referral code that is not one and cleans UTM values, so the endpoint takes every beacon it sends", () => {
    const beacon = visitBeacon(url("/?ref=<script>&utm_source=%20tik%0Atok%20&utm_campaign=%20%20"), "", true, "navigate")
    expect(beacon).toEqual({ path: "/", landing: true, source: "tiktok" })
    expect(typeof checkVisitBeacon(beacon)).toBe("object")
  })
})

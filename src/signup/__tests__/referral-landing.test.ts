import { referralLanding } from "../referral-landing"

describe("where a referral link shared for Home lands", () => {
  it.each([
    ["/", "?ref=ABCD1234EF", "/friend/?ref=ABCD1234EF"],
    ["/", "?utm_source=tiktok&ref=ABCD1234EF", "/friend/?utm_source=tiktok&ref=ABCD1234EF"],
    ["/", "", null],
    ["/", "?ref=", null],
    ["/", "?utm_source=tiktok", null],
    ["/about/", "?ref=ABCD1234EF", null],
    ["/friend/", "?ref=ABCD1234EF", null],
  ])("%s%s -> %s", (path, search, expected) => {
    expect(referralLanding(path, search)).toBe(expected)
  })
})

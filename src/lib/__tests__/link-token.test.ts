import { takeLinkToken, tokenFromFragment } from "../link-token"

const read = (address: { pathname: string; search?: string; hash?: string }, name: "token" | "code" = "token") => {
  const replaced: string[] = []
  const token = takeLinkToken({ search: "", hash: "", ...address }, name, (next) => replaced.push(next))
  return { token, replaced }
}

describe("a token page's link", () => {
  it("reads the secret from the fragment, which no server sees, and leaves it in the address bar for a bookmark", () => {
    expect(read({ pathname: "/waitlist/", hash: "#token=abc123" })).toEqual({ token: "abc123", replaced: [] })
    expect(read({ pathname: "/invite/", search: "?utm_source=mail", hash: "#code=xyz" }, "code")).toEqual({ token: "xyz", replaced: [] })
  })

  it("moves an old email's ?token= into the fragment at once, other parameters kept, so a reload sends it to no server", () => {
    expect(read({ pathname: "/waitlist/", search: "?utm_source=mail&token=abc123" })).toEqual({
      token: "abc123",
      replaced: ["/waitlist/?utm_source=mail#token=abc123"],
    })
    expect(read({ pathname: "/invite/", search: "?code=old" }, "code")).toEqual({ token: "old", replaced: ["/invite/#code=old"] })
  })

  it("takes the fragment's secret over an old one in the query", () => {
    expect(read({ pathname: "/confirm/", search: "?token=old", hash: "#token=new" }).token).toBe("new")
  })

  it("finds nothing on a page opened without a secret, and leaves its address alone", () => {
    expect(read({ pathname: "/waitlist/" })).toEqual({ token: null, replaced: [] })
    expect(read({ pathname: "/waitlist/", hash: "#rewards" })).toEqual({ token: null, replaced: [] })
    expect(read({ pathname: "/waitlist/", hash: "#token=%20%20" })).toEqual({ token: null, replaced: [] })
  })

  it("reads a fragment with or without its #", () => {
    expect(tokenFromFragment("#token=a-b_c")).toBe("a-b_c")
    expect(tokenFromFragment("code=x", "code")).toBe("x")
  })
})

import { addressWithout, takeLinkToken } from "../link-token"

const memoryStorage = (): Storage => {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  }
}

describe("a token page's link", () => {
  it("loses its token from the address once read, keeping other parameters and the fragment", () => {
    const replaced: string[] = []
    const token = takeLinkToken({ pathname: "/waitlist/", search: "?utm_source=mail&token=abc123", hash: "#rewards" }, "token", memoryStorage(), (address) =>
      replaced.push(address),
    )
    expect(token).toBe("abc123")
    expect(replaced).toEqual(["/waitlist/?utm_source=mail#rewards"])
  })

  it("still works after a reload in the same tab, and only on the page that read it", () => {
    const storage = memoryStorage()
    takeLinkToken({ pathname: "/waitlist/", search: "?token=abc123", hash: "" }, "token", storage, () => undefined)
    const replaced: string[] = []
    expect(takeLinkToken({ pathname: "/waitlist/", search: "", hash: "" }, "token", storage, (address) => replaced.push(address))).toBe("abc123")
    expect(replaced).toEqual([])
    expect(takeLinkToken({ pathname: "/confirm/", search: "", hash: "" }, "token", storage, () => undefined)).toBeNull()
  })

  it("takes a new link's token over the one kept", () => {
    const storage = memoryStorage()
    takeLinkToken({ pathname: "/invite/", search: "?code=first", hash: "" }, "code", storage, () => undefined)
    expect(takeLinkToken({ pathname: "/invite/", search: "?code=second", hash: "" }, "code", storage, () => undefined)).toBe("second")
    expect(takeLinkToken({ pathname: "/invite/", search: "", hash: "" }, "code", storage, () => undefined)).toBe("second")
  })

  it("works when storage is blocked", () => {
    const blocked = {
      getItem: () => {
        throw new Error("blocked")
      },
      setItem: () => {
        throw new Error("blocked")
      },
    } as unknown as Storage
    const replaced: string[] = []
    expect(takeLinkToken({ pathname: "/waitlist/", search: "?token=abc", hash: "" }, "token", blocked, (address) => replaced.push(address))).toBe("abc")
    expect(replaced).toEqual(["/waitlist/"])
    expect(takeLinkToken({ pathname: "/waitlist/", search: "", hash: "" }, "token", blocked, () => undefined)).toBeNull()
  })

  it("addressWithout leaves an address without the token as it is", () => {
    expect(addressWithout({ pathname: "/waitlist/", search: "", hash: "" }, "token")).toBe("/waitlist/")
  })
})

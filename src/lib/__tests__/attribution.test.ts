import { attributionFrom, attributionStorageKey, recallAttribution, rememberAttribution, rememberLanding, visitAttribution } from "../attribution"
import { noteLanding, takeLanding } from "../landing"

const memoryStorage = () => {
  const items = new Map<string, string>()
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items }
}

describe("attributionFrom", () => {
  it("reads the referral code, UTM parameters and the referring site", () => {
    const url = new URL("https://block94.example/about/?ref=ABCD1234EF&utm_source=tiktok&utm_medium=social&utm_campaign=launch")
    expect(attributionFrom(url, "https://www.tiktok.com/@block94")).toEqual({
      referralCode: "ABCD1234EF",
      utm: { source: "tiktok", medium: "social", campaign: "launch", referrer: "www.tiktok.com" },
    })
  })

  it("says nothing for a page reached from the site itself without parameters", () => {
    expect(attributionFrom(new URL("https://block94.example/contact/"), "https://block94.example/")).toEqual({})
  })
})

describe("remembering for the visit", () => {
  const key = attributionStorageKey("Block 94")

  it("uses a brand-prefixed key", () => {
    expect(key).toBe("block94-attribution")
  })

  it("keeps what the landing said across pages, and lets a later shared link win", () => {
    const storage = memoryStorage()
    rememberAttribution(storage, key, { referralCode: "FIRST00000", utm: { source: "x" } })
    rememberAttribution(storage, key, {})
    expect(recallAttribution(storage, key)).toEqual({ referralCode: "FIRST00000", utm: { source: "x" } })
    rememberAttribution(storage, key, { referralCode: "LATER00000" })
    expect(recallAttribution(storage, key)).toEqual({ referralCode: "LATER00000", utm: { source: "x" } })
  })

  it("remembers nothing, and breaks nothing, where storage is blocked", () => {
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError")
      },
      setItem: () => {
        throw new Error("SecurityError")
      },
    }
    expect(() => rememberAttribution(blocked, key, { referralCode: "ABCD1234EF" })).not.toThrow()
    expect(recallAttribution(blocked, key)).toEqual({})
    expect(recallAttribution(undefined, key)).toEqual({})
  })
})

describe("the landing, noted at once and remembered later", () => {
  beforeEach(() => window.sessionStorage.clear())

  it("a signup sent before the page was idle still carries where the visit came from", () => {
    noteLanding({ brand: "Block 94", href: "https://block94.example/?ref=ABCD1234EF&utm_source=tiktok", referrer: "" })
    expect(visitAttribution("Block 94")).toEqual({ referralCode: "ABCD1234EF", utm: { source: "tiktok" } })
  })

  it("is remembered once: a later signup reads what the idle page kept", () => {
    noteLanding({ brand: "Block 94", href: "https://block94.example/?utm_campaign=launch", referrer: "https://www.tiktok.com/" })
    rememberLanding(takeLanding()) // what the idle page runs
    expect(takeLanding()).toBeUndefined()
    expect(visitAttribution("Block 94")).toEqual({ utm: { campaign: "launch", referrer: "www.tiktok.com" } })
    expect(window.sessionStorage.length).toBe(1)
  })
})

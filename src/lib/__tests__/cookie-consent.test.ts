import { CONSENT_VALUE, consentStorageKey, hasConsent, storeConsent } from "../cookie-consent"

const KEY = "block94-cookie-consent"

/** Storage that fails like Safari private mode or blocked site data. */
const blockedStorage: Pick<Storage, "getItem" | "setItem"> = {
  getItem: () => {
    throw new DOMException("The operation is insecure.", "SecurityError")
  },
  setItem: () => {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError")
  },
}

beforeEach(() => window.localStorage.clear())

describe("consentStorageKey", () => {
  it('turns "Block 94" into "block94-cookie-consent"', () => {
    expect(consentStorageKey("Block 94")).toBe(KEY)
  })

  it("keeps only lower-case letters and digits of the brand", () => {
    expect(consentStorageKey("  Block-94 Shop!  ")).toBe("block94shop-cookie-consent")
  })
})

describe("hasConsent", () => {
  it("is false for a first-time visitor", () => {
    expect(hasConsent(window.localStorage, KEY)).toBe(false)
  })

  it("is true after the visitor accepted", () => {
    window.localStorage.setItem(KEY, CONSENT_VALUE)
    expect(hasConsent(window.localStorage, KEY)).toBe(true)
  })

  it.each(["false", "", "1", "TRUE", "yes"])("is false for a stored %j", (stored) => {
    window.localStorage.setItem(KEY, stored)
    expect(hasConsent(window.localStorage, KEY)).toBe(false)
  })

  it("ignores another brand's consent", () => {
    window.localStorage.setItem("othershop-cookie-consent", CONSENT_VALUE)
    expect(hasConsent(window.localStorage, KEY)).toBe(false)
  })

  it("is false, without throwing, when storage is missing or blocked", () => {
    expect(hasConsent(undefined, KEY)).toBe(false)
    expect(() => hasConsent(blockedStorage, KEY)).not.toThrow()
    expect(hasConsent(blockedStorage, KEY)).toBe(false)
  })
})

describe("storeConsent", () => {
  it('stores "true" under the brand key and reports success', () => {
    expect(storeConsent(window.localStorage, KEY)).toBe(true)
    expect(window.localStorage.getItem(KEY)).toBe("true")
    expect(hasConsent(window.localStorage, KEY)).toBe(true)
  })

  it("stores nothing else", () => {
    storeConsent(window.localStorage, KEY)
    expect(window.localStorage).toHaveLength(1)
  })

  it("reports failure, without throwing, when storage is missing or blocked", () => {
    expect(storeConsent(undefined, KEY)).toBe(false)
    expect(() => storeConsent(blockedStorage, KEY)).not.toThrow()
    expect(storeConsent(blockedStorage, KEY)).toBe(false)
  })
})

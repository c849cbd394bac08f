/** The cookie-consent flag: the only value the site keeps in the visitor's browser. */

/** "Block 94" -> "block94-cookie-consent". */
export const consentStorageKey = (brand: string): string => `${brand.toLowerCase().replace(/[^a-z0-9]+/g, "")}-cookie-consent`

export const CONSENT_VALUE = "true"

/** Storage can be missing or throw (private modes, blocked storage): treat that as "not accepted". */
export const hasConsent = (storage: Pick<Storage, "getItem"> | undefined, key: string): boolean => {
  try {
    return storage?.getItem(key) === CONSENT_VALUE
  } catch {
    return false
  }
}

/** Returns whether the choice could be stored. */
export const storeConsent = (storage: Pick<Storage, "setItem"> | undefined, key: string): boolean => {
  try {
    storage?.setItem(key, CONSENT_VALUE)
    return storage !== undefined
  } catch {
    return false
  }
}

import { useEffect } from "react"
import { attributionFrom, attributionStorageKey, rememberAttribution, sessionStore } from "../lib/attribution"

/** On the page a visit starts on: remembers its referral code, UTM parameters and referring site. */
export const useRememberLanding = (brand: string): void => {
  useEffect(() => {
    rememberAttribution(sessionStore(), attributionStorageKey(brand), attributionFrom(new URL(window.location.href), document.referrer))
  }, [brand])
}

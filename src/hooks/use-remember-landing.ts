import { useEffect } from "react"
import { whenIdle } from "../lib/idle"
import { noteLanding, takeLanding } from "../lib/landing"

/**
 * On the page a visit starts on: notes its address and referring site at once, and remembers its
 * referral code, UTM parameters and referring site once the page is idle (a signup sent before
 * then remembers them itself).
 */
export const useRememberLanding = (brand: string): void => {
  useEffect(() => {
    noteLanding({ brand, href: window.location.href, referrer: document.referrer })
    return whenIdle(() => void import("../lib/attribution").then(({ rememberLanding }) => rememberLanding(takeLanding())))
  }, [brand])
}

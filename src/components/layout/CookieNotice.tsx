import { useEffect, useState, type ComponentType } from "react"
import { consentStorageKey, hasConsent, storeConsent } from "../../lib/cookie-consent"
import { whenIdle } from "../../lib/idle"

type CookieNoticeBox = typeof import("./CookieNoticeBox").CookieNoticeBox

const safeLocalStorage = (): Storage | undefined => {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/**
 * Shown until the visitor accepts. Accept remembers the choice for good; Dismiss and the
 * close icon hide the notice for this page view only. Decided after mount, so the server HTML
 * and the first client render agree, and once the browser is idle: the notice is not needed for
 * the first paint or the first tap. Its box is a chunk of its own, fetched then and only for
 * visitors who have not accepted, so no page's opening JavaScript carries it.
 */
export const CookieNotice = ({ brand }: { brand: string }) => {
  const storageKey = consentStorageKey(brand)
  const [Box, setBox] = useState<ComponentType<Parameters<CookieNoticeBox>[0]> | null>(null)

  useEffect(() => {
    let active = true
    const cancel = whenIdle(() => {
      if (hasConsent(safeLocalStorage(), storageKey)) return
      void import("./CookieNoticeBox").then(({ CookieNoticeBox }) => {
        if (active) setBox(() => CookieNoticeBox)
      })
    })
    return () => {
      active = false
      cancel()
    }
  }, [storageKey])

  if (!Box) return null
  const hide = () => setBox(null)
  const accept = () => {
    storeConsent(safeLocalStorage(), storageKey)
    hide()
  }
  return <Box onAccept={accept} onDismiss={hide} />
}

/** @jsxImportSource theme-ui */
import { Link } from "gatsby"
import { useEffect, useState } from "react"
import { useUiCopy } from "../../hooks/use-site-content"
import { consentStorageKey, hasConsent, storeConsent } from "../../lib/cookie-consent"
import { whenIdle } from "../../lib/idle"
import { Icon } from "../shared/Icon"

const safeLocalStorage = (): Storage | undefined => {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/**
 * Shown until the visitor accepts. Accept remembers the choice for good; Dismiss and the
 * close icon hide the notice for this page view only. Rendered after mount, so the server
 * HTML and the first client render agree, and once the browser is idle: the notice is not
 * needed for the first paint or the first tap, and drawing it is the largest piece of work
 * after hydration.
 */
export const CookieNotice = ({ brand }: { brand: string }) => {
  const { cookieNotice: copy } = useUiCopy()
  const storageKey = consentStorageKey(brand)
  const [visible, setVisible] = useState(false)

  useEffect(() => whenIdle(() => setVisible(!hasConsent(safeLocalStorage(), storageKey))), [storageKey])

  if (!visible) return null

  const accept = () => {
    storeConsent(safeLocalStorage(), storageKey)
    setVisible(false)
  }
  const dismiss = () => setVisible(false)

  return (
    <aside
      aria-label={copy.label}
      sx={{
        position: "fixed",
        zIndex: 30,
        bottom: [2, 4],
        left: [2, "auto"],
        right: [2, 4],
        maxWidth: 380,
        p: 4,
        pr: 6,
        bg: "muted",
        color: "text",
        border: "2px solid",
        borderColor: "primary",
        borderRadius: "large",
        boxShadow: "pop",
      }}
    >
      <h2 sx={{ variant: "text.heading", fontSize: 2, mb: 2 }}>{copy.heading}</h2>
      <p sx={{ fontSize: 0, color: "subtle", mb: 3 }}>
        {copy.text}{" "}
        <Link to="/privacy/" sx={{ variant: "links.inline" }}>
          {copy.privacyLink}
        </Link>
      </p>
      <div sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
        <button type="button" onClick={accept} sx={{ variant: "buttons.small" }}>
          {copy.accept}
        </button>
        <button type="button" onClick={dismiss} sx={{ variant: "buttons.ghost" }}>
          {copy.dismiss}
        </button>
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label={copy.close}
        sx={{ variant: "buttons.icon", position: "absolute", top: 2, right: 2, width: 40, height: 40, borderColor: "border" }}
      >
        <Icon name="close" size={18} />
      </button>
    </aside>
  )
}

/** @jsxImportSource theme-ui */
import { useEffect, useId, useRef, useState } from "react"
import { useUiCopy } from "../../hooks/use-site-content"
import { shareByEmail, shareOnWhatsApp, shareOnX } from "../../lib/share"
import { fillTemplate } from "../../signup/template"

interface ShareActionsProps {
  /** The referral link. */
  url: string
  brand: string
}

/** How long "Link copied" stays. */
const COPIED_MS = 2500

/**
 * The referral link with ways to pass it on: copy, the phone's share sheet (where the browser
 * has one) and plain links to X, WhatsApp and email.
 */
export const ShareActions = ({ url, brand }: ShareActionsProps) => {
  const { waitlist: copy } = useUiCopy()
  const id = useId()
  const linkRef = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState(false)
  // Known only in the browser, after mount, so the server HTML and the first render agree.
  const [canShare, setCanShare] = useState(false)
  useEffect(() => setCanShare(typeof navigator.share === "function"), [])
  useEffect(() => {
    if (!copied) return
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS)
    return () => window.clearTimeout(timer)
  }, [copied])

  const content = { url, message: fillTemplate(copy.shareMessage, { brand }), subject: fillTemplate(copy.shareSubject, { brand }) }

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
    } catch {
      // No clipboard access: select the link so the visitor can copy it themselves.
      linkRef.current?.select()
    }
  }
  const openShareSheet = () => {
    navigator.share({ title: content.subject, text: content.message, url }).catch(() => undefined)
  }

  return (
    <div sx={{ display: "grid", gap: 3 }}>
      <div>
        <label htmlFor={`${id}-link`} sx={{ variant: "forms.label", display: "block" }}>
          {copy.referralLink}
        </label>
        <div sx={{ display: "flex", gap: 2, flexWrap: ["wrap", "nowrap"] }}>
          <input
            ref={linkRef}
            id={`${id}-link`}
            type="url"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            sx={{ variant: "forms.input", flex: "1 1 240px", minWidth: 0 }}
          />
          <button type="button" onClick={() => void copyLink()} sx={{ variant: "buttons.small", minHeight: 52, flexShrink: 0 }}>
            {copy.copy}
          </button>
        </div>
        <p aria-live="polite" sx={{ minHeight: "1.6em", mt: 1, fontSize: 0, color: "primary" }}>
          {copied ? copy.copied : ""}
        </p>
      </div>
      <ul sx={{ listStyle: "none", p: 0, m: 0, display: "flex", flexWrap: "wrap", gap: 2 }}>
        {canShare && (
          <li>
            <button type="button" onClick={openShareSheet} sx={{ variant: "buttons.ghost" }}>
              {copy.share}
            </button>
          </li>
        )}
        {[
          [copy.shareOnX, shareOnX(content)],
          [copy.shareOnWhatsApp, shareOnWhatsApp(content)],
          [copy.shareByEmail, shareByEmail(content)],
        ].map(([label, href]) => (
          <li key={label}>
            <a href={href} target="_blank" rel="noopener noreferrer" sx={{ variant: "buttons.ghost" }}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}

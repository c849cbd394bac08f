import { useEffect, useState } from "react"
import { takeLinkToken, type LinkTokenName } from "../lib/link-token"

/**
 * The secret in the page's link (`#token=...`, or `#code=...`): undefined until mounted (the
 * server HTML knows no fragment), then the secret or null, and again when the fragment changes
 * (another link pasted into the same tab). An old link's `?token=` moves into the fragment at
 * once (see lib/link-token.ts).
 */
export const useLinkToken = (name: LinkTokenName = "token"): string | null | undefined => {
  const [token, setToken] = useState<string | null | undefined>(undefined)
  useEffect(() => {
    const replaceAddress = (address: string) => window.history.replaceState(window.history.state, "", address)
    const read = () => setToken(takeLinkToken(window.location, name, replaceAddress))
    read()
    window.addEventListener("hashchange", read)
    return () => window.removeEventListener("hashchange", read)
  }, [name])
  return token
}

/**
 * Sends the secret in the page's link to `request` once the page runs, and again on `retry`.
 * `token` is undefined until mounted, then the secret or null; `outcome` is null while the
 * answer is on its way.
 */
export const useLinkTokenRequest = <Outcome>(request: (token: string) => Promise<Outcome>, name: LinkTokenName = "token") => {
  const token = useLinkToken(name)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (!token) return
    let current = true
    setOutcome(null)
    void request(token).then((result) => current && setOutcome(result))
    return () => {
      current = false
    }
  }, [token, attempt, request])
  return { token, outcome, retry: () => setAttempt((count) => count + 1) }
}

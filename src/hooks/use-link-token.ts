import { useEffect, useState } from "react"
import { sessionStore } from "../lib/attribution"
import { takeLinkToken, type LinkTokenName } from "../lib/link-token"

/**
 * The token in the page's link (`?token=...`, or `?code=...`): undefined until mounted (the
 * server HTML knows no query string), then the token or null. Once read it leaves the address
 * bar; the tab keeps it for a reload (see lib/link-token.ts).
 */
export const useLinkToken = (name: LinkTokenName = "token"): string | null | undefined => {
  const [token, setToken] = useState<string | null | undefined>(undefined)
  useEffect(() => {
    const replaceAddress = (address: string) => window.history.replaceState(window.history.state, "", address)
    setToken(takeLinkToken(window.location, name, sessionStore(), replaceAddress))
  }, [name])
  return token
}

/**
 * Sends the token in the page's link (`?token=...`) to `request` once the page runs, and again
 * on `retry`. `token` is undefined until mounted (the server HTML knows no query string), then
 * the token or null; `outcome` is null while the answer is on its way.
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

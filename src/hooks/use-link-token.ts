import { useEffect, useState } from "react"
import { tokenFromSearch } from "../lib/waitlist-client"

/**
 * The token in the page's link: undefined until mounted (the server HTML knows no query
 * string), then the token or null.
 */
export const useLinkToken = (): string | null | undefined => {
  const [token, setToken] = useState<string | null | undefined>(undefined)
  useEffect(() => setToken(tokenFromSearch(window.location.search)), [])
  return token
}

import { useEffect, useState } from "react"
import type { MyDropEntry } from "../drop/contract"
import { fetchWaitlistStatus, type StatusOutcome } from "../lib/waitlist-client"
import { useLinkToken } from "./use-link-token"

/** One status request per link and page view, shared by the parts of the page that ask. */
const requests = new Map<string, Promise<StatusOutcome>>()

const statusOf = (token: string): Promise<StatusOutcome> => {
  const known = requests.get(token)
  if (known) return known
  const request = fetchWaitlistStatus(token)
  requests.set(token, request)
  return request
}

export interface DropVisitor {
  /** The status link's secret when the page was opened with one (`/drop/#token=...`), else null or undefined (before mount). */
  token: string | null | undefined
  /** The visitor's entry in the drop: undefined while not known (no link, or no answer), null when on the list without one. */
  entry: MyDropEntry | null | undefined
}

/** Who is reading the drop page, as far as a status link in its address tells: on the list, entered and with which size. */
export const useDropVisitor = (dropId: string): DropVisitor => {
  const token = useLinkToken()
  const [entry, setEntry] = useState<MyDropEntry | null | undefined>(undefined)
  useEffect(() => {
    setEntry(undefined)
    if (!token) return
    let current = true
    void statusOf(token).then((outcome) => {
      if (current && outcome.kind === "found") setEntry(outcome.status.drops?.[dropId] ?? null)
    })
    return () => {
      current = false
    }
  }, [token, dropId])
  return { token, entry }
}

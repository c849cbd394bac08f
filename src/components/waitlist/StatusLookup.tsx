/** @jsxImportSource theme-ui */
import { useEffect, useState } from "react"
import { useLinkToken } from "../../hooks/use-link-token"
import { fetchWaitlistStatus, type StatusOutcome } from "../../lib/waitlist-client"
import { PageMessage } from "./PageMessage"
import { PlaceInLine } from "./PlaceInLine"

export interface StatusLookupCopy {
  loading: string
  pending: string
  noToken: string
  notFound: string
  failed: string
  retry: string
  joinLink: string
}

/** The status page's body: looks up the place behind the link's token and shows it. */
export const StatusLookup = ({ copy }: { copy: StatusLookupCopy }) => {
  const token = useLinkToken()
  const [outcome, setOutcome] = useState<StatusOutcome | null>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!token) return
    let current = true
    setOutcome(null)
    void fetchWaitlistStatus(token).then((result) => current && setOutcome(result))
    return () => {
      current = false
    }
  }, [token, attempt])

  if (token === null) return <PageMessage text={copy.noToken} joinLabel={copy.joinLink} />
  if (token === undefined || outcome === null) return <p sx={{ variant: "text.lead" }}>{copy.loading}</p>
  if (outcome.kind === "notFound") return <PageMessage text={copy.notFound} joinLabel={copy.joinLink} />
  if (outcome.kind === "failed") return <PageMessage text={copy.failed} retry={{ label: copy.retry, onRetry: () => setAttempt((n) => n + 1) }} />
  const { status } = outcome
  if (status.status === "pending" || status.position === null) return <PageMessage text={copy.pending} />
  return <PlaceInLine position={status.position} total={status.total} referralUrl={status.referralUrl} referrals={status.referrals} />
}

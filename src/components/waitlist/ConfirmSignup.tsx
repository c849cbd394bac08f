/** @jsxImportSource theme-ui */
import { useLinkTokenRequest } from "../../hooks/use-link-token"
import { confirmSignup } from "../../lib/waitlist-client"
import { PageMessage } from "./PageMessage"
import { PlaceInLine } from "./PlaceInLine"

export interface ConfirmSignupCopy {
  confirming: string
  confirmed: string
  expired: string
  noToken: string
  notFound: string
  failed: string
  retry: string
  joinLink: string
}

/**
 * The confirmation page's body: confirms the address with a POST once the page runs (a mail
 * scanner that only fetches the link confirms nothing), then shows the new place in line.
 */
export const ConfirmSignup = ({ copy }: { copy: ConfirmSignupCopy }) => {
  const { token, outcome, retry } = useLinkTokenRequest(confirmSignup)

  if (token === null) return <PageMessage text={copy.noToken} joinLabel={copy.joinLink} />
  if (token === undefined || outcome === null) return <p sx={{ variant: "text.lead" }}>{copy.confirming}</p>
  if (outcome.kind === "expired") return <PageMessage text={copy.expired} joinLabel={copy.joinLink} />
  if (outcome.kind === "notFound") return <PageMessage text={copy.notFound} joinLabel={copy.joinLink} />
  if (outcome.kind === "failed") return <PageMessage text={copy.failed} retry={{ label: copy.retry, onRetry: retry }} />
  return (
    <div sx={{ display: "grid", gap: 4 }}>
      <p sx={{ variant: "text.lead", color: "text" }}>{copy.confirmed}</p>
      <PlaceInLine {...outcome.place} headingLevel="h2" />
    </div>
  )
}

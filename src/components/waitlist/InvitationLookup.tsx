/** @jsxImportSource theme-ui */
import { useLinkTokenRequest } from "../../hooks/use-link-token"
import { fillTemplate } from "../../signup/template"
import { fetchInvitation, shopLink } from "../../lib/waitlist-client"
import { INVITATION_DAYS } from "../../signup/link-lifetimes"
import { PageMessage } from "./PageMessage"

export interface InvitationCopy {
  checking: string
  valid: { eyebrow: string; heading: string; text: string; button: string }
  redeemed: string
  /** A drop's winning code: its headline names the piece and the drop; `passed` when it was not used in time. */
  drop: { eyebrow: string; heading: string; text: string; button: string; passed: string }
  /** A wave's invitation not used in time: `{inviteDays}` and `{email}` are filled in. */
  expired: string
  noCode: string
  notFound: string
  failed: string
  retry: string
  joinLink: string
}

/**
 * The invitation page's body: checks the code in the link once the page runs (opening it uses
 * nothing up: only the shop redeems a code) and shows the invitation, with the way into the shop.
 * A drop's winning code is an invitation too: it names the piece and the drop, and says when it
 * passed to the next person on the reserve list.
 */
export const InvitationLookup = ({ copy, shopUrl, contactEmail }: { copy: InvitationCopy; shopUrl: string; contactEmail: string }) => {
  const { token: code, outcome, retry } = useLinkTokenRequest(fetchInvitation, "code")

  if (code === null) return <PageMessage text={copy.noCode} joinLabel={copy.joinLink} />
  if (code === undefined || outcome === null) return <p sx={{ variant: "text.lead" }}>{copy.checking}</p>
  if (outcome.kind === "notFound") return <PageMessage text={copy.notFound} joinLabel={copy.joinLink} />
  if (outcome.kind === "redeemed") return <PageMessage text={fillTemplate(copy.redeemed, { email: contactEmail })} />
  if (outcome.kind === "expired") return <PageMessage text={fillTemplate(copy.expired, { inviteDays: String(INVITATION_DAYS), email: contactEmail })} />
  if (outcome.kind === "passed") return <PageMessage text={fillTemplate(copy.drop.passed, { ...outcome.prize })} />
  if (outcome.kind === "failed") return <PageMessage text={copy.failed} retry={{ label: copy.retry, onRetry: retry }} />
  const words = outcome.prize ? { ...copy.drop, heading: fillTemplate(copy.drop.heading, { ...outcome.prize }) } : copy.valid
  return (
    <div
      sx={{
        display: "grid",
        gap: 4,
        justifyItems: "start",
        p: [4, 5],
        bg: "surface",
        border: "2px solid",
        borderColor: "primary",
        borderRadius: "large",
        boxShadow: "pop",
      }}
    >
      <p sx={{ variant: "text.eyebrow" }}>{words.eyebrow}</p>
      {/* A piece's name is longer than "You're in.": its headline is two sizes smaller. */}
      <h2 sx={{ variant: "text.heading", fontSize: outcome.prize ? [4, 5] : [6, 7], color: "primary", overflowWrap: "break-word" }}>{words.heading}</h2>
      <p sx={{ fontSize: [2, 3] }}>{words.text}</p>
      <a href={shopLink(shopUrl, code)} sx={{ variant: "buttons.primary" }}>
        {words.button}
      </a>
    </div>
  )
}

/** @jsxImportSource theme-ui */
import { lazy, Suspense, useState } from "react"
import { useSiteContent } from "../../hooks/use-site-content"
import { socialProofCount } from "../../lib/list-size"
import { SIGNUP_SECTION_ID } from "../../lib/routes"
import type { SignupFollowUp } from "../../lib/signup-client"
import { sideBySide } from "../shared/styles"
import { SignupForm } from "./SignupForm"

// What follows a signup ships only to visitors who start signing up (fetched when the form gets focus).
const loadFollowUp = () => import("../waitlist/FollowUp")
const FollowUp = lazy(loadFollowUp)

interface SignupSectionProps {
  heading: string
  text: string
  /** The social-proof line with "{count}" where the number goes. */
  socialProof: string
}

/**
 * The "Join the Drop" section: the target of every Join the Drop button. The page gives its
 * words; the site-wide facts (the claimed number, the size from which the real one shows, the
 * language, the brand, the team's address) come from content/site.json.
 */
export const SignupSection = ({ heading, text, socialProof }: SignupSectionProps) => {
  const site = useSiteContent()
  const [before, after = ""] = socialProof.split("{count}")
  const [joined, setJoined] = useState<{ followUp: SignupFollowUp; email: string } | null>(null)
  // After a signup the place brings the list's real size: shown here too once it may be (list-size.ts).
  const total = joined?.followUp.kind === "place" ? joined.followUp.place.total : undefined
  // The claimed number ("5,000+") until a signup brings the list's real size, written in the site's language
  // (as formatCount in src/lib/numbers.ts does; importing it would cost Home's opening JavaScript a module).
  const shownCount = socialProofCount(site.socialProof, total, site.showListSizeFrom, (value) => new Intl.NumberFormat(site.language).format(value))
  return (
    <section id={SIGNUP_SECTION_ID} aria-labelledby="signup-heading" sx={{ py: [6, 7], outline: "none" }}>
      <div
        sx={{
          variant: "layout.container",
        }}
      >
        <div
          sx={{
            ...sideBySide("1fr 1fr"),
            gap: [5, 6],
            p: [4, 6],
            variant: "cards.pop",
            borderRadius: "large",
          }}
        >
          <div>
            <h2 id="signup-heading" sx={{ variant: "text.display", fontSize: [6, 7], mb: 3 }}>
              {heading}
            </h2>
            <p sx={{ variant: "text.lead", mb: 4 }}>{text}</p>
            <p sx={{ fontWeight: "bold" }}>
              {before}
              <strong sx={{ fontFamily: "heading", fontWeight: "heading", color: "primary", fontSize: 4 }}>{shownCount}</strong>
              {after}
            </p>
          </div>
          <div onFocus={() => void loadFollowUp()} sx={{ display: "grid", gap: 5, alignContent: "start" }}>
            {/* After a signup the form gives way to what happens next, whose heading takes the focus. */}
            {joined ? (
              <Suspense fallback={null}>
                <FollowUp {...joined} />
              </Suspense>
            ) : (
              <SignupForm
                brand={site.brand}
                contactEmail={site.emails.general}
                onJoined={(followUp, email) => setJoined(followUp ? { followUp, email } : null)}
              />
            )}
          </div>
        </div>
      </div>
    </section>
  )
}

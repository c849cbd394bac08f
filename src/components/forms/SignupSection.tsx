/** @jsxImportSource theme-ui */
import { lazy, Suspense, useState } from "react"
import { SIGNUP_SECTION_ID } from "../../lib/routes"
import type { SignupFollowUp } from "../../lib/signup-client"
import { SignupForm } from "./SignupForm"

// What follows a signup ships only to visitors who start signing up (fetched when the form gets focus).
const loadFollowUp = () => import("../waitlist/FollowUp")
const FollowUp = lazy(loadFollowUp)

interface SignupSectionProps {
  heading: string
  text: string
  /** The social-proof line with "{count}" where the number goes. */
  socialProof: string
  count: string
  brand: string
  contactEmail: string
}

/** The "Join the Drop" section: the target of every Join the Drop button. */
export const SignupSection = ({ heading, text, socialProof, count, brand, contactEmail }: SignupSectionProps) => {
  const [before, after = ""] = socialProof.split("{count}")
  const [joined, setJoined] = useState<{ followUp: SignupFollowUp; email: string } | null>(null)
  return (
    <section id={SIGNUP_SECTION_ID} aria-labelledby="signup-heading" sx={{ py: [6, 7], outline: "none" }}>
      <div
        sx={{
          variant: "layout.container",
        }}
      >
        <div
          sx={{
            display: "grid",
            gridTemplateColumns: ["1fr", "1fr", "1fr 1fr"],
            gap: [5, 6],
            p: [4, 6],
            bg: "muted",
            border: "2px solid",
            borderColor: "primary",
            borderRadius: "large",
            boxShadow: "pop",
          }}
        >
          <div>
            <h2 id="signup-heading" sx={{ variant: "text.display", fontSize: [6, 7], mb: 3 }}>
              {heading}
            </h2>
            <p sx={{ variant: "text.lead", mb: 4 }}>{text}</p>
            <p sx={{ fontWeight: "bold" }}>
              {before}
              <strong sx={{ fontFamily: "heading", fontWeight: "heading", color: "primary", fontSize: 4 }}>{count}</strong>
              {after}
            </p>
          </div>
          <div onFocus={() => void loadFollowUp()} sx={{ display: "grid", gap: 5, alignContent: "start" }}>
            <SignupForm
              brand={brand}
              contactEmail={contactEmail}
              onJoined={(followUp, email) => setJoined(followUp ? { followUp, email } : null)}
            />
            {/* Present from the start, so screen readers announce what appears in it. */}
            <div aria-live="polite">
              {joined && (
                <Suspense fallback={null}>
                  <FollowUp {...joined} />
                </Suspense>
              )}
            </div>
          </div>
        </div>
      </div>
    </section>
  )
}

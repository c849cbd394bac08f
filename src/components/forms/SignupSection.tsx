/** @jsxImportSource theme-ui */
import { SIGNUP_SECTION_ID } from "../../lib/routes"
import { SignupForm } from "./SignupForm"

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
          <SignupForm brand={brand} contactEmail={contactEmail} />
        </div>
      </div>
    </section>
  )
}

/** @jsxImportSource theme-ui */
import type { ReactNode } from "react"
import { EmailLink } from "../shared/EmailLink"
import { Icon, type IconGlyph } from "../shared/Icon"

interface ContactDetailsProps {
  heading: string
  generalLabel: string
  businessLabel: string
  responseLabel: string
  generalEmail: string
  businessEmail: string
  responseText: string
}

const Detail = ({ icon, label, children }: { icon: IconGlyph; label: string; children: ReactNode }) => (
  <li sx={{ display: "flex", gap: 3, alignItems: "flex-start", p: 4, bg: "muted", borderRadius: "large", border: "2px solid", borderColor: "border" }}>
    <span sx={{ display: "inline-flex", p: 2, borderRadius: "pill", bg: "primary", color: "onPrimary" }}>
      <Icon name={icon} />
    </span>
    <div sx={{ minWidth: 0 }}>
      <p sx={{ variant: "forms.label", mb: 1, color: "subtle" }}>{label}</p>
      <p sx={{ fontSize: 2 }}>{children}</p>
    </div>
  </li>
)

/** The team's addresses and reply promise. */
export const ContactDetails = (props: ContactDetailsProps) => (
  <section aria-labelledby="contact-details-heading">
    <h2 id="contact-details-heading" sx={{ variant: "text.heading", fontSize: [4, 5], mb: 4 }}>
      {props.heading}
    </h2>
    <ul sx={{ listStyle: "none", p: 0, display: "grid", gap: 3, m: 0 }}>
      <Detail icon="mail" label={props.generalLabel}>
        <EmailLink email={props.generalEmail} />
      </Detail>
      <Detail icon="mail" label={props.businessLabel}>
        <EmailLink email={props.businessEmail} />
      </Detail>
      <Detail icon="clock" label={props.responseLabel}>
        {props.responseText}
      </Detail>
    </ul>
  </section>
)

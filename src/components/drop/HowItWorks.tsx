/** @jsxImportSource theme-ui */
import { bonusSentence } from "../../lib/drop-schedule"
import { fillTemplate } from "../../signup/template"
import type { BonusRule } from "../../drop/tickets"
import { dropSectionId, type HowCopy } from "./copy"
import { subheading } from "./ui"

interface HowItWorksProps {
  dropId: string
  bonus: BonusRule
  redeemDays: number
  copy: HowCopy
}

/** The rules of a drop in steps, with its own numbers: the bonus tickets and the days to use a code (the minimum age is said by the action). */
export const HowItWorks = ({ dropId, bonus, redeemDays, copy }: HowItWorksProps) => {
  const headingId = dropSectionId(dropId, "how")
  const rules = [bonusSentence(bonus, copy), fillTemplate(copy.redeem, { redeemDays: String(redeemDays) })]
  return (
    <section aria-labelledby={headingId} sx={{ mb: [6, 7], maxWidth: 760 }}>
      <h3 id={headingId} sx={subheading}>
        {copy.heading}
      </h3>
      <ol sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 3, counterReset: "step" }}>
        {copy.steps.map((step) => (
          <li
            key={step}
            sx={{
              position: "relative",
              pl: 6,
              counterIncrement: "step",
              "&::before": {
                content: "counter(step)",
                position: "absolute",
                left: 0,
                top: 0,
                width: 32,
                height: 32,
                display: "grid",
                placeItems: "center",
                borderRadius: "pill",
                bg: "primary",
                color: "onPrimary",
                fontWeight: "bold",
              },
            }}
          >
            {step}
          </li>
        ))}
      </ol>
      <ul sx={{ listStyle: "none", p: 0, m: 0, mt: 4, display: "grid", gap: 2, borderLeft: "4px solid", borderColor: "secondary", pl: 3 }}>
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </section>
  )
}

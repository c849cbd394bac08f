/** @jsxImportSource theme-ui */
import { Box, Text } from "@theme-ui/components"
import { useId } from "react"
import type { HeldReferral } from "../../signup/owner-summary"
import type { Formats } from "../../lib/owner-format"
import { fillTemplate } from "../../signup/template"
import type { OwnerCopy } from "./copy"
import { BusyButton, ButtonRow } from "./ButtonRow"

/** The held referrals by referrer: whose friends, how many, the newest first among equals. */
export interface HeldGroup {
  referrerEmail: string
  ids: number[]
}

/** Groups the shown held referrals by their referrer, the referrer with the most held first. */
export function groupByReferrer(rows: readonly HeldReferral[]): HeldGroup[] {
  const groups = new Map<string, number[]>()
  for (const row of rows) groups.set(row.referrerEmail, [...(groups.get(row.referrerEmail) ?? []), row.id])
  return [...groups].map(([referrerEmail, ids]) => ({ referrerEmail, ids })).sort((a, b) => b.ids.length - a.ids.length)
}

interface HeldGroupsProps {
  rows: readonly HeldReferral[]
  text: OwnerCopy["heldReferrals"]
  formats: Formats
  busy: boolean
  onDecide(group: HeldGroup, decision: "release" | "reject"): void
}

/** The two decisions on a group, the one that lets friends in first; each button's words and screen-reader label in the copy. */
const GROUP_DECISIONS = [
  { decision: "release", variant: "small", words: "releaseAll", label: "releaseAllLabel" },
  { decision: "reject", variant: "ghost", words: "rejectAll", label: "rejectAllLabel" },
] as const

/** Each referrer whose friends are held, with Release all and Reject all: one decision for the group at once. */
export function HeldGroups({ rows, text, formats, busy, onDecide }: HeldGroupsProps) {
  const id = useId()
  const groups = groupByReferrer(rows)
  if (groups.length === 0) return null
  return (
    <Box as="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Text as="h3" id={id} variant="eyebrow" sx={{ mb: 2 }}>
        {text.byReferrer}
      </Text>
      <Box as="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 2 }}>
        {groups.map((group) => {
          const count = formats.count(group.ids.length)
          return (
            <Box
              as="li"
              key={group.referrerEmail}
              data-referrer={group.referrerEmail}
              sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2, py: 2, borderBottom: "1px solid", borderColor: "border" }}
            >
              <Text sx={{ mr: "auto", overflowWrap: "anywhere" }}>{fillTemplate(text.group, { referrer: group.referrerEmail, count })}</Text>
              <ButtonRow>
                {GROUP_DECISIONS.map(({ decision, variant, words, label }) => (
                  <BusyButton
                    key={decision}
                    busy={busy}
                    variant={variant}
                    label={fillTemplate(text[label], { referrer: group.referrerEmail, count })}
                    onPress={() => onDecide(group, decision)}
                  >
                    {text[words]}
                  </BusyButton>
                ))}
              </ButtonRow>
            </Box>
          )
        })}
      </Box>
    </Box>
  )
}

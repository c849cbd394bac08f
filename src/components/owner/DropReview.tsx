/** @jsxImportSource theme-ui */
import { Box, Heading, Text } from "@theme-ui/components"
import { useId, useState } from "react"
import { reviewEntries, type OwnerDrop } from "../../lib/owner-drops-client"
import { fillTemplate } from "../../signup/template"
import { problemText, type ActionProps, type Note } from "./action"
import { DataTable } from "./DataTable"
import { machineText } from "../shared/styles"
import { BusyButton } from "./ButtonRow"

interface DropReviewProps extends Omit<ActionProps, "onChanged"> {
  drop: OwnerDrop
  sizeName(size: string): string
  onNote(note: Note): void
  onChanged(): void
}

/**
 * Entries from people who joined after the drop was announced, waiting for the owner before they
 * join the draw: the groups that share a network or an email domain first (a farm of puppets
 * shows as one), each with Let in and Leave out, then every waiting entry.
 */
export const DropReview = ({ drop, sizeName, secret, copy, formats, onProblem, onNote, onChanged }: DropReviewProps) => {
  const id = useId()
  const text = copy.drops.review
  const [busy, setBusy] = useState(false)
  const { entries, clusters } = drop.review
  if (entries.length === 0) return null
  const groups = [
    ...clusters.map((cluster) => ({
      key: `${cluster.by}:${cluster.label}`,
      name: cluster.by === "network" ? fillTemplate(text.network, { number: cluster.label }) : fillTemplate(text.domain, { domain: cluster.label }),
      entryCodes: cluster.entryCodes,
    })),
    { key: "all", name: text.all, entryCodes: entries.map((entry) => entry.entryCode) },
  ]
  const decide = async (entryCodes: string[], decision: "letIn" | "leaveOut") => {
    if (busy) return
    setBusy(true)
    const outcome = await reviewEntries(secret, drop.drop, entryCodes, decision)
    setBusy(false)
    if (outcome.kind === "ok") {
      onNote({ text: fillTemplate(decision === "letIn" ? text.letInDone : text.leaveOutDone, { count: formats.count(outcome.changed) }), tone: "ok" })
      onChanged()
      return
    }
    const words = outcome.kind === "conflict" ? text.failed : problemText(outcome, text.failed, copy, onProblem)
    if (words) onNote({ text: words, tone: "problem" })
  }
  return (
    <Box as="section" aria-labelledby={`${id}-heading`} data-review="" sx={{ display: "grid", gap: 3 }}>
      <Heading as="h4" id={`${id}-heading`} sx={{ variant: "text.heading", fontSize: 2 }}>
        {fillTemplate(text.heading, { count: formats.count(entries.length) })}
      </Heading>
      <Text as="p" sx={{ color: "subtle" }}>
        {text.intro}
      </Text>
      <ul aria-label={text.clusters} sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 2 }}>
        {groups.map((group) => (
          <li key={group.key} data-group={group.key} sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2 }}>
            <span sx={{ fontWeight: "bold", mr: "auto" }}>
              {group.name}: {fillTemplate(text.entries, { count: formats.count(group.entryCodes.length) })}
            </span>
            {(["letIn", "leaveOut"] as const).map((decision) => (
              <BusyButton
                key={decision}
                busy={busy}
                variant="ghost"
                label={`${text[decision]}: ${group.name}`}
                onPress={() => void decide(group.entryCodes, decision)}
              >
                {text[decision]}
              </BusyButton>
            ))}
          </li>
        ))}
      </ul>
      <DataTable
        label={text.all}
        rows={entries}
        rowKey={(entry) => entry.entryCode}
        listUpTo="tablet"
        columns={[
          { heading: text.entry, rowHeader: true, cell: (entry) => entry.entryCode, sx: { ...machineText, whiteSpace: "nowrap" } },
          { heading: text.size, cell: (entry) => sizeName(entry.size) },
          { heading: text.signedUp, cell: (entry) => <time dateTime={entry.signedUpAt}>{formats.time(entry.signedUpAt)}</time>, sx: { whiteSpace: "nowrap" } },
          { heading: text.networkColumn, cell: (entry) => (entry.network === null ? "" : fillTemplate(text.network, { number: String(entry.network) })) },
          { heading: text.domainColumn, cell: (entry) => entry.domain, sx: { overflowWrap: "anywhere" } },
        ]}
      />
    </Box>
  )
}

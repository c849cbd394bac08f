/** @jsxImportSource theme-ui */
import { Badge, Button, Card } from "@theme-ui/components"
import { useState, type ReactNode } from "react"
import type { AuditEntry, HeldReferral, OwnerSummary } from "../../signup/owner-summary"
import type { Formats } from "../../lib/owner-format"
import { reviewReferrals } from "../../lib/owner-client"
import { fillTemplate } from "../../signup/template"
import { NoteLine, problemText, type ActionProps, type Note } from "./action"
import type { OwnerCopy } from "./copy"
import { DataTable, type Column } from "./DataTable"
import { ButtonRow } from "./ButtonRow"
import { HeldGroups, type HeldGroup } from "./HeldGroups"
import type { RewardTier } from "./FindPerson"

interface HeldReferralsProps extends ActionProps {
  rows: HeldReferral[]
  /** How many are held in all (more than `rows` when the list is long). */
  total: number
}

type Held = OwnerCopy["heldReferrals"]

/** The two answers to a held referral, the one that credits it first. */
const DECISIONS = [
  { decision: "release", variant: "small" },
  { decision: "reject", variant: "ghost" },
] as const

/** The friend's address, and under it whether they confirmed yet. */
const Friend = ({ row, text }: { row: HeldReferral; text: Held }) => (
  <>
    {row.email}
    {!row.confirmed && (
      <Badge
        variant="outline"
        sx={{ display: "block", width: "fit-content", mt: 1, fontSize: "11px", color: "subtle", bg: "transparent", boxShadow: "inset 0 0 0 1px currentColor" }}
      >
        {text.notConfirmed}
      </Badge>
    )}
  </>
)

/** The held referrals' columns; the last holds each row's two answers. */
const heldColumns = (text: Held, formats: Formats, answers: (row: HeldReferral) => ReactNode): Array<Column<HeldReferral>> => [
  { heading: text.friend, rowHeader: true, cell: (row) => <Friend row={row} text={text} />, sx: { overflowWrap: "break-word" } },
  { heading: text.referrer, cell: (row) => row.referrerEmail, sx: { overflowWrap: "break-word" } },
  { heading: text.reason, cell: (row) => text.reasons[row.reason] },
  { heading: text.when, cell: (row) => <time dateTime={row.at}>{formats.time(row.at)}</time>, sx: { whiteSpace: "nowrap" } },
  { heading: text.decision, cell: answers },
]

/**
 * The referrals held from credit, each with Release and Reject. A decision takes effect at once
 * and is said in the status line; the numbers are then read again.
 */
export const HeldReferrals = ({ rows, total, secret, copy, formats, onProblem, onChanged }: HeldReferralsProps) => {
  const text = copy.heldReferrals
  /** The row being decided, or -1 for a referrer's group. */
  const [busy, setBusy] = useState<number | null>(null)
  const [note, setNote] = useState<Note>(null)
  const decide = async (row: HeldReferral, decision: "release" | "reject") => {
    if (busy !== null) return
    setBusy(row.id)
    const outcome = await reviewReferrals(secret, [row.id], decision)
    setBusy(null)
    if (outcome.kind === "ok") {
      setNote({ text: fillTemplate(decision === "release" ? text.released : text.rejected, { referrer: row.referrerEmail }), tone: "ok" })
      onChanged()
      return
    }
    const words = problemText(outcome, text.failed, copy, onProblem)
    if (words) setNote({ text: words, tone: "problem" })
  }
  const decideGroup = async (group: HeldGroup, decision: "release" | "reject") => {
    if (busy !== null) return
    setBusy(-1)
    const outcome = await reviewReferrals(secret, group.ids, decision)
    setBusy(null)
    if (outcome.kind === "ok") {
      const words = decision === "release" ? text.releasedAll : text.rejectedAll
      setNote({ text: fillTemplate(words, { referrer: group.referrerEmail, count: formats.count(outcome.decided) }), tone: "ok" })
      onChanged()
      return
    }
    const words = problemText(outcome, text.failed, copy, onProblem)
    if (words) setNote({ text: words, tone: "problem" })
  }
  // Side by side in the table (from a tablet's width up); in the list below it they wrap.
  const answers = (row: HeldReferral) => (
    <ButtonRow wrap={["wrap", null, "nowrap"]}>
      {DECISIONS.map(({ decision, variant }) => (
        <Button
          key={decision}
          type="button"
          variant={variant}
          aria-label={`${text[decision]}: ${row.email}`}
          aria-disabled={busy === row.id}
          onClick={() => void decide(row, decision)}
        >
          {text[decision]}
        </Button>
      ))}
    </ButtonRow>
  )
  return (
    <Card>
      <HeldGroups rows={rows} text={text} formats={formats} busy={busy !== null} onDecide={(group, decision) => void decideGroup(group, decision)} />
      <DataTable
        label={text.heading}
        listUpTo="tablet"
        rows={rows}
        rowKey={(row) => String(row.id)}
        empty={text.empty}
        columns={heldColumns(text, formats, answers)}
        more={total > rows.length && fillTemplate(text.more, { count: formats.count(total - rows.length) })}
      />
      <NoteLine note={note} />
    </Card>
  )
}

/** The highest reward tier `referrals` friends reach, or null below the first. */
export function rewardFor(referrals: number, rewards: readonly RewardTier[]): RewardTier | null {
  return rewards
    .filter((tier) => tier.referrals <= referrals)
    .reduce<RewardTier | null>((best, tier) => (best && best.referrals >= tier.referrals ? best : tier), null)
}

/** The people who brought the most friends who confirmed, with their addresses, referral codes and the reward each reached. */
export const TopReferrers = ({
  rows,
  copy,
  formats,
  rewards,
}: {
  rows: OwnerSummary["topReferrers"]
  copy: OwnerCopy["topReferrers"]
  formats: Formats
  rewards: readonly RewardTier[]
}) => (
  <Card>
    <DataTable
      label={copy.heading}
      rows={rows}
      rowKey={(referrer) => referrer.referralCode}
      empty={copy.empty}
      columns={[
        { heading: copy.rank, numeric: true, cell: (_referrer, index) => formats.count(index + 1), sx: { color: "subtle", width: "3em" } },
        { heading: copy.email, rowHeader: true, cell: (referrer) => referrer.email, sx: { whiteSpace: "nowrap" } },
        { heading: copy.code, cell: (referrer) => referrer.referralCode, sx: { fontFamily: "monospace" } },
        { heading: copy.referrals, numeric: true, cell: (referrer) => formats.count(referrer.referrals), sx: { color: "primary", fontWeight: "bold" } },
        { heading: copy.reward, cell: (referrer) => rewardFor(referrer.referrals, rewards)?.reward ?? copy.none },
      ]}
    />
  </Card>
)

const auditColumns = (text: OwnerCopy["audit"], formats: Formats): Array<Column<AuditEntry>> => [
  { heading: text.when, cell: (entry) => <time dateTime={entry.at}>{formats.time(entry.at)}</time>, sx: { whiteSpace: "nowrap" } },
  { heading: text.what, rowHeader: true, cell: (entry) => entry.action.charAt(0).toUpperCase() + entry.action.slice(1) },
  { heading: text.count, numeric: true, cell: (entry) => formats.count(entry.count) },
  { heading: text.who, cell: (entry) => entry.actor },
  { heading: text.detail, cell: (entry) => entry.detail ?? "", sx: { color: "subtle" } },
]

/** What the owner did with the list, newest first. */
export const AuditLog = ({ entries, copy, formats }: { entries: AuditEntry[]; copy: OwnerCopy; formats: Formats }) => (
  <Card>
    <DataTable
      label={copy.audit.heading}
      listUpTo="tablet"
      rows={entries}
      rowKey={(entry, index) => entry.at + index}
      empty={copy.audit.empty}
      columns={auditColumns(copy.audit, formats)}
    />
  </Card>
)

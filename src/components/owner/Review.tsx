/** @jsxImportSource theme-ui */
import { Badge, Button } from "@theme-ui/components"
import { useState } from "react"
import type { AuditEntry, HeldReferral } from "../../signup/owner-summary"
import { reviewReferrals } from "../../lib/owner-client"
import { fillTemplate } from "../../lib/template"
import { NoteLine, problemText, type ActionProps, type Note } from "./action"
import { DataTable } from "./DataTable"
import { card } from "./ui"

interface HeldReferralsProps extends ActionProps {
  rows: HeldReferral[]
  /** How many are held in all (more than `rows` when the list is long). */
  total: number
}

/**
 * The referrals held from credit, each with Release and Reject. A decision takes effect at once
 * and is said in the status line; the numbers are then read again.
 */
export const HeldReferrals = ({ rows, total, secret, copy, formats, onProblem, onChanged }: HeldReferralsProps) => {
  const text = copy.heldReferrals
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
  return (
    <div sx={card}>
      <DataTable
        caption={text.heading}
        captionHidden
        listUpTo="tablet"
        rows={rows}
        rowKey={(row) => String(row.id)}
        empty={text.empty}
        columns={[
          {
            heading: text.friend,
            rowHeader: true,
            cell: (row) => (
              <>
                {row.email}
                {!row.confirmed && (
                  <Badge
                    variant="outline"
                    sx={{
                      display: "block",
                      width: "fit-content",
                      mt: 1,
                      fontSize: "11px",
                      color: "subtle",
                      bg: "transparent",
                      boxShadow: "inset 0 0 0 1px currentColor",
                    }}
                  >
                    {text.notConfirmed}
                  </Badge>
                )}
              </>
            ),
            sx: { overflowWrap: "break-word" },
          },
          { heading: text.referrer, cell: (row) => row.referrerEmail, sx: { overflowWrap: "break-word" } },
          { heading: text.reason, cell: (row) => text.reasons[row.reason] },
          { heading: text.when, cell: (row) => <time dateTime={row.at}>{formats.time(row.at)}</time>, sx: { whiteSpace: "nowrap" } },
          {
            heading: text.decision,
            cell: (row) => (
              <div sx={{ display: "flex", gap: 2 }}>
                <Button
                  type="button"
                  variant="small"
                  aria-label={`${text.release}: ${row.email}`}
                  aria-disabled={busy === row.id}
                  onClick={() => void decide(row, "release")}
                >
                  {text.release}
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  aria-label={`${text.reject}: ${row.email}`}
                  aria-disabled={busy === row.id}
                  onClick={() => void decide(row, "reject")}
                >
                  {text.reject}
                </Button>
              </div>
            ),
          },
        ]}
      />
      {total > rows.length && <p sx={{ color: "subtle", mt: 3 }}>{fillTemplate(text.more, { count: formats.count(total - rows.length) })}</p>}
      <NoteLine note={note} />
    </div>
  )
}

/** What the owner did with the list, newest first. */
export const AuditLog = ({ entries, copy, formats }: { entries: AuditEntry[] } & Pick<ActionProps, "copy" | "formats">) => {
  const text = copy.audit
  return (
    <div sx={card}>
      <DataTable
        caption={text.heading}
        captionHidden
        listUpTo="tablet"
        rows={entries}
        rowKey={(entry, index) => `${entry.at} ${index}`}
        empty={text.empty}
        columns={[
          { heading: text.when, cell: (entry) => <time dateTime={entry.at}>{formats.time(entry.at)}</time>, sx: { whiteSpace: "nowrap" } },
          { heading: text.what, rowHeader: true, cell: (entry) => entry.action.charAt(0).toUpperCase() + entry.action.slice(1) },
          { heading: text.count, numeric: true, cell: (entry) => formats.count(entry.count) },
          { heading: text.who, cell: (entry) => entry.actor },
          { heading: text.detail, cell: (entry) => entry.detail ?? "", sx: { color: "subtle" } },
        ]}
      />
    </div>
  )
}

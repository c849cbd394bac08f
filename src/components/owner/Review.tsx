/** @jsxImportSource theme-ui */
import { Badge, Button } from "@theme-ui/components"
import { useState } from "react"
import type { AuditEntry, HeldReferral } from "../../signup/owner-summary"
import { reviewReferrals } from "../../lib/owner-client"
import { fillTemplate } from "../../lib/template"
import { NoteLine, problemText, type ActionProps, type Note } from "./action"
import { card, dataTable, scroller } from "./ui"

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
      {rows.length === 0 ? (
        <p sx={{ color: "subtle" }}>{text.empty}</p>
      ) : (
        <div role="region" aria-label={text.heading} tabIndex={0} sx={scroller}>
          {/* Wide enough to read: on a phone it scrolls sideways rather than breaking every address. */}
          <table sx={{ ...dataTable, minWidth: 760 }}>
            <thead>
              <tr>
                <th scope="col">{text.friend}</th>
                <th scope="col">{text.referrer}</th>
                <th scope="col">{text.reason}</th>
                <th scope="col">{text.when}</th>
                <th scope="col">{text.decision}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row" sx={{ fontWeight: "body", overflowWrap: "break-word" }}>
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
                  </th>
                  <td sx={{ overflowWrap: "break-word" }}>{row.referrerEmail}</td>
                  <td>{text.reasons[row.reason]}</td>
                  <td sx={{ whiteSpace: "nowrap" }}>
                    <time dateTime={row.at}>{formats.time(row.at)}</time>
                  </td>
                  <td>
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
      {entries.length === 0 ? (
        <p sx={{ color: "subtle" }}>{text.empty}</p>
      ) : (
        <div role="region" aria-label={text.heading} tabIndex={0} sx={scroller}>
          <table sx={{ ...dataTable, minWidth: 560 }}>
            <thead>
              <tr>
                <th scope="col">{text.when}</th>
                <th scope="col">{text.what}</th>
                <th scope="col" className="number">
                  {text.count}
                </th>
                <th scope="col">{text.who}</th>
                <th scope="col">{text.detail}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, index) => (
                <tr key={`${entry.at} ${index}`}>
                  <td sx={{ whiteSpace: "nowrap" }}>
                    <time dateTime={entry.at}>{formats.time(entry.at)}</time>
                  </td>
                  <th scope="row" sx={{ fontWeight: "body" }}>
                    {entry.action.charAt(0).toUpperCase() + entry.action.slice(1)}
                  </th>
                  <td className="number">{formats.count(entry.count)}</td>
                  <td>{entry.actor}</td>
                  <td sx={{ color: "subtle" }}>{entry.detail ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}

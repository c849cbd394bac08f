/** @jsxImportSource theme-ui */
import type { BackupSummary, HardBounce } from "../../signup/owner-summary"
import type { Formats } from "../../lib/owner-format"
import { fillTemplate } from "../../lib/template"
import type { OwnerCopy } from "./copy"
import { card, dataTable, scroller } from "./ui"

/** Addresses refused for good, newest first. */
export const HardBounces = ({ rows, total, copy, formats }: { rows: HardBounce[]; total: number; copy: OwnerCopy["bounces"]; formats: Formats }) => (
  <div sx={card}>
    {rows.length === 0 ? (
      <p sx={{ color: "subtle" }}>{copy.empty}</p>
    ) : (
      <div role="region" aria-label={copy.heading} tabIndex={0} sx={scroller}>
        <table sx={{ ...dataTable, minWidth: 560 }}>
          <thead>
            <tr>
              <th scope="col">{copy.email}</th>
              <th scope="col">{copy.when}</th>
              <th scope="col">{copy.reason}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.email} ${row.at}`}>
                <th scope="row" sx={{ fontWeight: "body", overflowWrap: "break-word" }}>
                  {row.email}
                </th>
                <td sx={{ whiteSpace: "nowrap" }}>
                  <time dateTime={row.at}>{formats.time(row.at)}</time>
                </td>
                <td sx={{ fontFamily: "monospace", fontSize: 0, wordBreak: "break-word" }}>{row.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )}
    {total > rows.length && <p sx={{ color: "subtle", mt: 3 }}>{fillTemplate(copy.more, { count: formats.count(total - rows.length) })}</p>}
  </div>
)

/** The last good backup, and what is wrong with the backups in the problem colour. */
export const Backups = ({ backups, now, copy, formats }: { backups: BackupSummary | null; now: string; copy: OwnerCopy["backups"]; formats: Formats }) => (
  <div sx={card}>
    {backups === null ? (
      <p sx={{ color: "subtle" }}>{copy.postgres}</p>
    ) : (
      <>
        <dl sx={{ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 4, rowGap: 2, m: 0 }}>
          <dt sx={{ color: "subtle" }}>{copy.lastGood}</dt>
          <dd sx={{ m: 0 }}>
            {backups.lastGood ? (
              <>
                <time dateTime={backups.lastGood.takenAt}>{formats.time(backups.lastGood.takenAt)}</time>{" "}
                <span sx={{ color: "subtle" }}>({formats.age(backups.lastGood.takenAt, now)})</span>
              </>
            ) : (
              copy.none
            )}
          </dd>
          {backups.lastGood && (
            <>
              <dt sx={{ color: "subtle" }}>{copy.signups}</dt>
              <dd sx={{ m: 0, fontVariantNumeric: "tabular-nums" }}>{formats.count(backups.lastGood.signups)}</dd>
            </>
          )}
        </dl>
        <p role="status" sx={{ mt: 3, mb: 0, color: backups.problem ? "secondary" : "subtle", fontWeight: backups.problem ? "bold" : "body" }}>
          {backups.problem ?? copy.fine}
        </p>
      </>
    )}
  </div>
)

/** @jsxImportSource theme-ui */
import type { BackupSummary, HardBounce } from "../../signup/owner-summary"
import type { Formats } from "../../lib/owner-format"
import { fillTemplate } from "../../lib/template"
import type { OwnerCopy } from "./copy"
import { DataTable } from "./DataTable"
import { card } from "./ui"

/** Addresses refused for good, newest first. */
export const HardBounces = ({ rows, total, copy, formats }: { rows: HardBounce[]; total: number; copy: OwnerCopy["bounces"]; formats: Formats }) => (
  <div sx={card}>
    <DataTable
      caption={copy.heading}
      captionHidden
      rows={rows}
      rowKey={(row) => `${row.email} ${row.at}`}
      empty={copy.empty}
      columns={[
        { heading: copy.email, rowHeader: true, cell: (row) => row.email, sx: { overflowWrap: "break-word" } },
        { heading: copy.when, cell: (row) => <time dateTime={row.at}>{formats.time(row.at)}</time>, sx: { whiteSpace: "nowrap" } },
        { heading: copy.reason, cell: (row) => row.reason, sx: { fontFamily: "monospace", fontSize: 0, wordBreak: "break-word" } },
      ]}
    />
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

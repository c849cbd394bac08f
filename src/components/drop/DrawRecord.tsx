/** @jsxImportSource theme-ui */
import { graphql } from "gatsby"
import type { ReactNode } from "react"
import type { PublishedDrop } from "../../drop/contract"
import { entryListUrl } from "../../lib/drop-client"
import { formatDateTime, readerTimeZone } from "../../lib/dates"
import { fillTemplate } from "../../signup/template"
import type { LiveCopy } from "./copy"
import { machineText } from "../shared/styles"
import { isCheckable } from "../../drop/contract"
import type { BuiltDrop } from "../../drop/verify"
import { VerifyDraw } from "./VerifyDraw"
import { formatCount } from "../../lib/numbers"

interface DrawRecordProps {
  record: PublishedDrop
  /** What the check holds the record to: the commitment, window and chain this page was built with. */
  built: BuiltDrop
  copy: LiveCopy
  /** Each size's name for people ("Block Heavyweight Hoodie, M"), by its key ("hoodie/M"). */
  sizeNames: Readonly<Record<string, string>>
  /** The site's language, for numbers and the names of days and months. */
  language: string
}

const Fact = ({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) => (
  <div sx={{ display: "grid", gap: 1, alignContent: "start", gridColumn: wide ? "1 / -1" : undefined }}>
    <dt sx={{ variant: "text.eyebrow" }}>{label}</dt>
    <dd sx={{ m: 0 }}>{children}</dd>
  </div>
)

/**
 * A drop's public record as the server answers it: its stage, the seed's hash and when it was
 * published, entries per size, the frozen list's hash with the list, and after the draw the
 * beacon's value, the seed, the winners per size and the check that recomputes them.
 */
export const DrawRecord = ({ record, built, copy, sizeNames, language }: DrawRecordProps) => {
  // Shown only once the page runs: in the reader's time zone, with the year (a record outlives the year).
  const time = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso, { language, timeZone: readerTimeZone() })}</time> : copy.notYet)
  const hash = (value: string | null) => (value ? <code sx={{ ...machineText, display: "block" }}>{value}</code> : copy.notYet)
  const sizeName = (size: string) => sizeNames[size] ?? size
  const number = (value: number) => formatCount(value, language)
  const idLists = (lists: Record<string, string[]> | null, line: string) =>
    record.stock
      .filter(({ size }) => (lists?.[size]?.length ?? 0) > 0)
      .map(({ size }) => {
        const ids = lists?.[size] ?? []
        return (
          <details key={`${line}-${size}`} sx={{ borderBottom: "1px solid", borderColor: "border", py: 2 }}>
            <summary sx={{ cursor: "pointer", fontWeight: "bold" }}>{fillTemplate(line, { size: sizeName(size), count: number(ids.length) })}</summary>
            <ol sx={{ ...machineText, pl: 5, mt: 2, display: "grid", gap: 1 }}>
              {ids.map((id) => (
                <li key={id}>{id}</li>
              ))}
            </ol>
          </details>
        )
      })

  return (
    <div sx={{ display: "grid", gap: 5 }}>
      <dl sx={{ display: "grid", gridTemplateColumns: ["1fr", "repeat(2, minmax(0, 1fr))"], gap: 4, m: 0 }}>
        <Fact label={copy.phase} wide>
          <strong data-phase={record.phase}>{copy.phases[record.phase]}</strong>
        </Fact>
        <Fact label={copy.seedHash}>{hash(record.commitment?.seedHash ?? null)}</Fact>
        <Fact label={copy.committedAt}>{time(record.commitment?.committedAt ?? null)}</Fact>
        <Fact label={copy.listHash}>
          {hash(record.listHash)}
          {record.listHash && (
            <a href={entryListUrl(record.drop)} sx={{ variant: "links.inline", display: "inline-block", mt: 2 }}>
              {copy.listLink}
            </a>
          )}
        </Fact>
        <Fact label={copy.frozenAt}>{time(record.frozenAt)}</Fact>
        <Fact label={copy.beacon} wide>
          {record.beacon ? (
            <>
              <span sx={{ display: "block", mb: 1 }}>{number(record.beacon.round)}</span>
              <code sx={{ ...machineText, display: "block" }}>{record.beacon.signature}</code>
            </>
          ) : (
            copy.notYet
          )}
        </Fact>
        <Fact label={copy.seed}>{hash(record.seed)}</Fact>
        <Fact label={copy.drawnAt}>{time(record.drawnAt)}</Fact>
      </dl>

      <table
        sx={{
          width: "100%",
          borderCollapse: "collapse",
          fontVariantNumeric: "tabular-nums",
          "th, td": { textAlign: "left", py: 2, px: 2, borderBottom: "1px solid", borderColor: "border" },
          "th:first-of-type": { pl: 0 },
          "th:last-of-type, td:last-of-type": { pr: 0 },
          ".number": { textAlign: "right" },
        }}
      >
        <caption sx={{ variant: "text.heading", fontSize: [2, 3], textAlign: "left", pb: 3 }}>{copy.entrants}</caption>
        <thead>
          <tr>
            <th scope="col">{copy.size}</th>
            <th scope="col" className="number">
              {copy.stock}
            </th>
            <th scope="col" className="number">
              {copy.entries}
            </th>
          </tr>
        </thead>
        <tbody>
          {record.stock.map(({ size, pieces }) => (
            <tr key={size}>
              <th scope="row" sx={{ fontWeight: "normal" }}>
                {sizeName(size)}
              </th>
              <td className="number">{number(pieces)}</td>
              <td className="number">{number(record.entrants[size] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      {record.winners && (
        <div>
          <h4 sx={{ variant: "text.heading", fontSize: [2, 3], mb: 2 }}>{copy.winners}</h4>
          <p sx={{ color: "subtle", mb: 3 }}>{copy.idsNote}</p>
          {idLists(record.winners, copy.winnersOf)}
          {idLists(record.promoted, copy.promoted)}
        </div>
      )}

      {isCheckable(record) && <VerifyDraw record={record} built={built} copy={copy.verify} />}
    </div>
  )
}

/** The names of a drop's stages, as the drop page and the owner's page query them. */
export const dropPhaseNamesFragment = graphql`
  fragment DropPhaseNames on DropPhaseNames {
    scheduled
    open
    closed
    drawn
  }
`

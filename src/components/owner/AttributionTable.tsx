/** @jsxImportSource theme-ui */
import type { AttributionCount } from "../../signup/owner-summary"
import { share, type Formats } from "../../lib/owner-format"
import { card, dataTable } from "./ui"

export interface AttributionTableCopy {
  heading: string
  name: string
  signups: string
  confirmed: string
  rate: string
  none: string
}

/** Signups by one kind of attribution (source, campaign, referring site), with how many confirmed. */
export const AttributionTable = ({ rows, copy, empty, formats }: { rows: AttributionCount[]; copy: AttributionTableCopy; empty: string; formats: Formats }) => (
  <div sx={{ ...card, minWidth: 0, p: 3 }}>
    <table sx={dataTable}>
      <caption>{copy.heading}</caption>
      <thead>
        <tr>
          <th scope="col">{copy.name}</th>
          <th scope="col" className="number">
            {copy.signups}
          </th>
          <th scope="col" className="number">
            {copy.confirmed}
          </th>
          <th scope="col" className="number">
            {copy.rate}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={4} sx={{ color: "subtle" }}>
              {empty}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.name}>
              <th scope="row" sx={{ fontWeight: "body", overflowWrap: "anywhere", minWidth: "6em", color: row.name ? "text" : "subtle" }}>
                {row.name || copy.none}
              </th>
              <td className="number">{formats.count(row.signups)}</td>
              <td className="number">{formats.count(row.confirmed)}</td>
              <td className="number">{formats.percent(share(row.confirmed, row.signups))}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  </div>
)

/** @jsxImportSource theme-ui */
import { Card, Text } from "@theme-ui/components"
import type { AttributionCount } from "../../signup/owner-summary"
import { share, type Formats } from "../../lib/owner-format"
import { DataTable } from "./DataTable"

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
  <Card sx={{ minWidth: 0, p: 3 }}>
    <DataTable
      caption={copy.heading}
      rows={rows}
      rowKey={(row) => row.name}
      empty={empty}
      columns={[
        {
          heading: copy.name,
          rowHeader: true,
          cell: (row) => row.name || <Text sx={{ color: "subtle" }}>{copy.none}</Text>,
          sx: { overflowWrap: "anywhere" },
        },
        { heading: copy.signups, numeric: true, cell: (row) => formats.count(row.signups) },
        { heading: copy.confirmed, numeric: true, cell: (row) => formats.count(row.confirmed) },
        { heading: copy.rate, numeric: true, cell: (row) => formats.percent(share(row.confirmed, row.signups)) },
      ]}
    />
  </Card>
)

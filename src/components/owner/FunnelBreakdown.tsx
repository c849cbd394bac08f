/** @jsxImportSource theme-ui */
import { graphql } from "gatsby"
import { Box, Card, Text } from "@theme-ui/components"
import { countText, shownRate, type FunnelAnswer, type FunnelBreakdown as BreakdownRow } from "../../signup/funnel"
import type { Formats } from "../../lib/owner-format"
import { machineText } from "../shared/styles"
import type { OwnerCopy } from "./copy"
import { DataTable } from "./DataTable"

interface FunnelBreakdownProps {
  funnel: Pick<FunnelAnswer, "sources" | "campaigns" | "referrers" | "links" | "smallCount">
  copy: { breakdown: OwnerCopy["breakdown"]; attribution: Pick<OwnerCopy["attribution"], "empty">; fewerThan: string }
  formats: Formats
}

type Table = OwnerCopy["breakdown"]["sources"]

/** One breakdown: each name's visits, signups and confirmed signups, with the share that went on at each step. */
function BreakdownTable({ rows, table, code = false, props }: { rows: BreakdownRow[]; table: Table; code?: boolean; props: FunnelBreakdownProps }) {
  const { copy, formats, funnel } = props
  const words = copy.breakdown
  const shown = (count: number) => countText(count, copy.fewerThan, formats.count, funnel.smallCount)
  const percent = (part: number, whole: number) => formats.percent(shownRate(part, whole, funnel.smallCount))
  return (
    <Card sx={{ minWidth: 0, p: 3 }}>
      <DataTable
        caption={table.heading}
        rows={rows}
        rowKey={(row) => row.name}
        empty={copy.attribution.empty}
        columns={[
          {
            heading: table.name,
            rowHeader: true,
            cell: (row) => (row.name ? row.name : <Text sx={{ color: "subtle" }}>{table.none}</Text>),
            sx: code ? { ...machineText, overflowWrap: "anywhere" } : { overflowWrap: "anywhere" },
          },
          { heading: words.visits, numeric: true, cell: (row) => shown(row.visits) },
          { heading: words.signups, numeric: true, cell: (row) => shown(row.signups) },
          { heading: words.signupRate, numeric: true, cell: (row) => percent(row.signups, row.visits) },
          { heading: words.confirmed, numeric: true, cell: (row) => shown(row.confirmed) },
          { heading: words.confirmRate, numeric: true, cell: (row) => percent(row.confirmed, row.signups) },
        ]}
      />
    </Card>
  )
}

/**
 * Where people come from, step by step: visits, signups and confirmed signups by source,
 * campaign, referring site and referral link, with the rate at each step. Small counts show as
 * "fewer than", and no rate is worked out on them.
 */
export function FunnelBreakdown(props: FunnelBreakdownProps) {
  const { funnel, copy } = props
  const tables = copy.breakdown
  return (
    // One table a row: six columns need a laptop's whole width.
    <Box sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: [3, 4] }}>
      <BreakdownTable rows={funnel.sources} table={tables.sources} props={props} />
      <BreakdownTable rows={funnel.campaigns} table={tables.campaigns} props={props} />
      <BreakdownTable rows={funnel.referrers} table={tables.referringSites} props={props} />
      <BreakdownTable rows={funnel.links.map(({ code, ...counts }) => ({ name: code, ...counts }))} table={tables.links} code props={props} />
    </Box>
  )
}

/** The words the breakdown reads from content/pages/owner.json, for the page's query. */
export const ownerBreakdownCopy = graphql`
  fragment OwnerBreakdownCopy on OwnerBreakdown {
    visits
    signups
    signupRate
    confirmed
    confirmRate
    sources {
      ...OwnerBreakdownTableCopy
    }
    campaigns {
      ...OwnerBreakdownTableCopy
    }
    referringSites {
      ...OwnerBreakdownTableCopy
    }
    links {
      ...OwnerBreakdownTableCopy
    }
  }

  fragment OwnerBreakdownTableCopy on OwnerBreakdownTable {
    heading
    name
    none
  }
`

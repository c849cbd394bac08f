/** @jsxImportSource theme-ui */
import { Box, Card, Text } from "@theme-ui/components"
import type { BackupSummary, HardBounce, OwnerSummary } from "../../signup/owner-summary"
import type { Formats } from "../../lib/owner-format"
import { fillTemplate } from "../../signup/template"
import type { OwnerCopy } from "./copy"
import { DataTable, type Column } from "./DataTable"

type Bounces = OwnerCopy["bounces"]
type Webhooks = OwnerCopy["webhooks"]

const bounceColumns = (copy: Bounces, formats: Formats): Array<Column<HardBounce>> => [
  { heading: copy.email, rowHeader: true, cell: (row) => row.email, sx: { overflowWrap: "break-word" } },
  { heading: copy.when, cell: (row) => <time dateTime={row.at}>{formats.time(row.at)}</time>, sx: { whiteSpace: "nowrap" } },
  { heading: copy.reason, cell: (row) => row.reason, sx: { fontFamily: "monospace", fontSize: 0, wordBreak: "break-word" } },
]

/** Addresses refused for good, newest first. */
export const HardBounces = ({ rows, total, copy, formats }: { rows: HardBounce[]; total: number; copy: Bounces; formats: Formats }) => (
  <Card>
    <DataTable
      label={copy.heading}
      rows={rows}
      rowKey={(row) => row.email + row.at}
      empty={copy.empty}
      columns={bounceColumns(copy, formats)}
      more={total > rows.length && fillTemplate(copy.more, { count: formats.count(total - rows.length) })}
    />
  </Card>
)

const webhookColumns = (copy: Webhooks, formats: Formats): Array<Column<OwnerSummary["disabledWebhooks"][number]>> => [
  { heading: copy.url, rowHeader: true, cell: (hook) => hook.url, sx: { overflowWrap: "anywhere" } },
  { heading: copy.since, cell: (hook) => <time dateTime={hook.since}>{formats.time(hook.since)}</time>, sx: { whiteSpace: "nowrap" } },
  { heading: copy.reason, cell: (hook) => hook.reason ?? "" },
]

/** Webhook addresses switched off after failing for days, with when and why. */
export const DisabledWebhooks = ({ rows, copy, formats }: { rows: OwnerSummary["disabledWebhooks"]; copy: Webhooks; formats: Formats }) => (
  <Card>
    <DataTable label={copy.heading} rows={rows} rowKey={(hook) => hook.url} empty={copy.none} columns={webhookColumns(copy, formats)} />
  </Card>
)

/** The last good backup, and what is wrong with the backups in the problem colour. */
export const Backups = ({ backups, now, copy, formats }: { backups: BackupSummary | null; now: string; copy: OwnerCopy["backups"]; formats: Formats }) => (
  <Card>
    {backups === null ? (
      <Text as="p" sx={{ color: "subtle" }}>
        {copy.postgres}
      </Text>
    ) : (
      <>
        <Box as="dl" sx={{ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 4, rowGap: 2, m: 0 }}>
          <Text as="dt" sx={{ color: "subtle" }}>
            {copy.lastGood}
          </Text>
          <Box as="dd" sx={{ m: 0 }}>
            {backups.lastGood ? (
              <>
                <time dateTime={backups.lastGood.takenAt}>{formats.time(backups.lastGood.takenAt)}</time>{" "}
                <Text sx={{ color: "subtle" }}>({formats.age(backups.lastGood.takenAt, now)})</Text>
              </>
            ) : (
              copy.none
            )}
          </Box>
          {backups.lastGood && (
            <>
              <Text as="dt" sx={{ color: "subtle" }}>
                {copy.signups}
              </Text>
              <Text as="dd" sx={{ m: 0, fontVariantNumeric: "tabular-nums" }}>
                {formats.count(backups.lastGood.signups)}
              </Text>
            </>
          )}
        </Box>
        <Text as="p" role="status" sx={{ mt: 3, mb: 0, color: backups.problem ? "secondary" : "subtle", fontWeight: backups.problem ? "bold" : "body" }}>
          {backups.problem ?? copy.fine}
        </Text>
      </>
    )}
  </Card>
)

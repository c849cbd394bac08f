/** @jsxImportSource theme-ui */
import { Box, Text } from "@theme-ui/components"
import type { ReactNode } from "react"
import type { ThemeUIStyleObject } from "theme-ui"
import theme from "../../theme"
import { visuallyHidden } from "../shared/styles"
import { columnHeading } from "./ui"

export interface Column<Row> {
  /** The column's heading; on a phone, each cell's label. */
  heading: string
  /** Each cell's label on a phone where the heading alone says too little (a size under its piece). */
  label?: string
  /** Counts: right-aligned, figures of one width. */
  numeric?: boolean
  /** This column's cell names its row (a row header): the address, the day. */
  rowHeader?: boolean
  cell(row: Row, index: number): ReactNode
  /** The cells' own styles: an address that wraps anywhere, a code in monospace. */
  sx?: ThemeUIStyleObject
}

/** Headings over groups of columns (a piece over its sizes), in a row above the columns' own. */
export interface ColumnGroup {
  heading: string
  span: number
}

/** The table's name: its caption; or, where a heading just above says the same, a label for screen readers only. */
type TableName = { caption: string; label?: never } | { label: string; caption?: never }

type DataTableProps<Row> = TableName & {
  columns: ReadonlyArray<Column<Row>>
  /** Groups over every column but the first. */
  groups?: ReadonlyArray<ColumnGroup>
  rows: ReadonlyArray<Row>
  rowKey(row: Row, index: number): string
  /** Said in the table's place while it has no rows. */
  empty?: string
  /** Said under the table where it shows only some of the rows there are ("and 12 more"). */
  more?: string | false
  /** Up to which screen width the table shows as a list: a phone's, or a tablet's for a wide table. */
  listUpTo?: "phone" | "tablet"
}

/** Up to a breakpoint of the theme (40em: a phone; 64em: a tablet), not from it. */
const upTo = (breakpoint: string) => `@media screen and (max-width: ${parseFloat(breakpoint) - 0.01}em)`

const [PHONE = "40em", TABLET = "64em"] = theme.breakpoints ?? []
const LIST_UP_TO = { phone: upTo(PHONE), tablet: upTo(TABLET) }

const captionStyles: ThemeUIStyleObject = { textAlign: "left", fontFamily: "heading", textTransform: "uppercase", letterSpacing: "0.04em", fontSize: 1, pb: 2 }

const tableStyles: ThemeUIStyleObject = {
  width: "100%",
  borderCollapse: "collapse",
  fontSize: 0,
  fontVariantNumeric: "tabular-nums",
  caption: captionStyles,
  "th, td": { textAlign: "left", py: 2, px: "6px", borderBottom: "1px solid", borderColor: "border", verticalAlign: "top" },
  "tr > :first-child": { pl: 0 },
  "tr > :last-child": { pr: 0 },
  "thead th": { ...columnHeading, whiteSpace: "nowrap", verticalAlign: "bottom" },
  "thead th[scope=colgroup]": { textAlign: "center" },
  // Counts take the width their figures need; the words get the rest.
  "[data-numeric]": { width: "1%", textAlign: "right", whiteSpace: "nowrap" },
  "tbody tr:last-of-type > *": { borderBottom: "none" },
  "tbody th": { fontWeight: "body" },
}

/**
 * On a narrow screen each row becomes a block: its row header first as its title, then a
 * label/value line per cell (the label from the cell's data-label, drawn by CSS and not read out,
 * since the cell's column heading already is), so nothing scrolls sideways. The column headings
 * stay for screen readers only.
 */
const listStyles: ThemeUIStyleObject = {
  "&, caption, tbody, th, td": { display: "block" },
  thead: visuallyHidden,
  "tbody tr": { display: "flex", flexDirection: "column", gap: 1, py: 2, borderBottom: "1px solid", borderColor: "border" },
  "tbody tr:last-of-type": { borderBottom: "none" },
  "tbody th, tbody td": { width: "auto", p: 0, border: "none", textAlign: "left", whiteSpace: "normal" },
  "tbody th": { order: -1, fontWeight: "bold" },
  "tbody td": { display: "grid", gridTemplateColumns: "minmax(0, 2fr) minmax(0, 3fr)", columnGap: 3, alignItems: "baseline" },
  "tbody td::before": { ...columnHeading, content: 'attr(data-label) / ""' },
  "tbody [data-numeric]": { width: "auto", textAlign: "left", whiteSpace: "normal" },
}

/**
 * A table of the owner's page: a caption, column headings (optionally grouped), a row header per
 * row, counts aligned; in its place a sentence while it has no rows, and under it a line when it
 * shows only some. Up to a phone's width (or a tablet's) it shows as a list of rows, each a block
 * of label/value lines.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { caption, rows, empty, more } = props
  if (rows.length === 0 && empty !== undefined) {
    return (
      <Box>
        {caption !== undefined && (
          <Text as="p" sx={captionStyles}>
            {caption}
          </Text>
        )}
        <Text as="p" sx={{ color: "subtle" }}>
          {empty}
        </Text>
      </Box>
    )
  }
  return (
    <>
      <Table {...props} />
      {more && (
        <Text as="p" sx={{ color: "subtle", mt: 3 }}>
          {more}
        </Text>
      )}
    </>
  )
}

/** The table itself. Its roles are written out because a table shown as blocks loses its implicit ones in some browsers. */
function Table<Row>({ caption, label, columns, groups, rows, rowKey, listUpTo = "phone" }: DataTableProps<Row>) {
  const [first, ...rest] = columns
  const heading = (column: Column<Row>, extra: { rowSpan?: number } = {}) => (
    <th key={column.heading + (column.label ?? "")} role="columnheader" scope="col" data-numeric={column.numeric || undefined} {...extra}>
      {column.heading}
    </th>
  )
  return (
    <table role="table" aria-label={label} sx={{ ...tableStyles, [LIST_UP_TO[listUpTo]]: listStyles }}>
      {caption !== undefined && <caption>{caption}</caption>}
      {groups && (
        <>
          <colgroup span={1} />
          {groups.map((group) => (
            <colgroup key={group.heading} span={group.span} />
          ))}
        </>
      )}
      <thead role="rowgroup">
        {groups ? (
          <>
            <tr role="row">
              {heading(first, { rowSpan: 2 })}
              {groups.map((group) => (
                <th key={group.heading} role="columnheader" scope="colgroup" colSpan={group.span}>
                  {group.heading}
                </th>
              ))}
            </tr>
            <tr role="row">{rest.map((column) => heading(column))}</tr>
          </>
        ) : (
          <tr role="row">{columns.map((column) => heading(column))}</tr>
        )}
      </thead>
      <tbody role="rowgroup">
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)} role="row">
            {columns.map((column) => {
              const Cell = column.rowHeader ? "th" : "td"
              return (
                <Cell
                  key={column.heading + (column.label ?? "")}
                  role={column.rowHeader ? "rowheader" : "cell"}
                  scope={column.rowHeader ? "row" : undefined}
                  data-label={column.rowHeader ? undefined : (column.label ?? column.heading)}
                  data-numeric={column.numeric || undefined}
                  sx={column.sx}
                >
                  {/* One box for the value, beside its label in the list. */}
                  <div>{column.cell(row, index)}</div>
                </Cell>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

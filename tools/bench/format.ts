// Fixed-width text tables and number formats for the bench's console output.

export type Align = "left" | "right"

export interface Column {
  header: string
  align?: Align
}

/** A table with a header row and a rule under it; each column as wide as its widest cell. */
/** Columns of figures, aligned right. */
export const rightAligned = (...headers: string[]): Column[] => headers.map((header) => ({ header, align: "right" }))

export const table = (columns: Column[], rows: string[][]): string => {
  const widths = columns.map((column, index) => Math.max(column.header.length, ...rows.map((row) => (row[index] ?? "").length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => (columns[index]?.align === "right" ? cell.padStart(widths[index]) : cell.padEnd(widths[index])))
      .join("  ")
      .trimEnd()
  return [line(columns.map((column) => column.header)), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n")
}

/** Bytes as KiB with one decimal, the unit Lighthouse uses. */
export const kib = (bytes: number | null): string => (bytes === null ? "n/a" : (bytes / 1024).toFixed(1))

export const integer = (value: number | null): string => (value === null ? "n/a" : Math.round(value).toLocaleString("en-US"))

export const seconds = (ms: number | null): string => (ms === null ? "n/a" : `${(ms / 1000).toFixed(1)} s`)

export const decimal = (value: number | null, digits: number): string => (value === null ? "n/a" : value.toFixed(digits))

/** First `max` characters of a one-line version of `text`. */
export const shorten = (text: string | null, max: number): string => {
  if (text === null) return "n/a"
  const flat = text.replace(/\s+/g, " ").trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`
}

export const heading = (title: string): string => `\n== ${title} ==`

// How a spreadsheet reads a CSV file, for bench:abuse: which cells it would run as formulas.

/**
 * Splits CSV text into rows of cells on `separator`, as Excel does when opening a file: a cell
 * that starts with a quote is read up to its closing quote (`""` is a quote inside), and anything
 * after that closing quote up to the next separator is kept as plain text, so a file quoted for
 * `,` but opened where `;` separates (German, French Excel) splits inside its quoted cells.
 */
export const parseCsv = (text: string, separator: "," | ";"): string[][] => {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ""
  let quoted = false
  let atCellStart = true
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (quoted) {
      if (char !== '"') cell += char
      else if (text[index + 1] === '"') {
        cell += '"'
        index++
      } else quoted = false
      continue
    }
    if (char === '"' && atCellStart) {
      quoted = true
      atCellStart = false
    } else if (char === separator) {
      row.push(cell)
      cell = ""
      atCellStart = true
    } else if (char === "\n" || (char === "\r" && text[index + 1] === "\n")) {
      if (char === "\r") index++
      row.push(cell)
      rows.push(row)
      row = []
      cell = ""
      atCellStart = true
    } else {
      cell += char
      atCellStart = false
    }
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell])
  return rows
}

/** A spreadsheet runs a cell that starts with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/

/** The cells (row and column, from 0) a spreadsheet would run as formulas. */
export const formulaCells = (rows: string[][]): Array<{ row: number; column: number; value: string }> =>
  rows.flatMap((cells, row) => cells.flatMap((value, column) => (FORMULA_START.test(value) ? [{ row, column, value }] : [])))

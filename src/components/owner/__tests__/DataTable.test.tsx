// The owner's page's tables: named by their caption, a heading per column (grouped where asked),
// a row header per row, each cell labelled with its column for the phone's list, and a sentence
// in the table's place while it has no rows.
import { render, screen, within } from "@testing-library/react"
import { DataTable, type Column } from "../DataTable"

interface Person {
  email: string
  place: number
}

const PEOPLE: Person[] = [
  { email: "maya.first@example.com", place: 1 },
  { email: "ari.friend@example.com", place: 2 },
]

const COLUMNS: Array<Column<Person>> = [
  { heading: "Address", rowHeader: true, cell: (person) => person.email },
  { heading: "Place", numeric: true, cell: (person) => `#${person.place}` },
]

describe("a table of the owner's page", () => {
  it("is named by its caption, with a heading per column and the row header naming each row", () => {
    render(<DataTable caption="The next 2 in line" columns={COLUMNS} rows={PEOPLE} rowKey={(person) => person.email} />)
    const table = screen.getByRole("table", { name: "The next 2 in line" })
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((heading) => heading.textContent),
    ).toEqual(["Address", "Place"])
    expect(
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual(["AddressPlace", "maya.first@example.com#1", "ari.friend@example.com#2"])
    const header = within(table).getByRole("rowheader", { name: "ari.friend@example.com" })
    expect(header).toHaveAttribute("scope", "row")
    // The phone's list labels each value with its column (drawn by CSS, so never read twice).
    expect(within(table).getByRole("cell", { name: "#2" })).toHaveAttribute("data-label", "Place")
  })

  it("can name itself for screen readers only, where a heading above already does", () => {
    render(<DataTable label="Top referrers" columns={COLUMNS} rows={PEOPLE} rowKey={(person) => person.email} />)
    expect(screen.getByRole("table", { name: "Top referrers" })).toBeInTheDocument()
  })

  it("groups columns under a heading of their own, with each cell's own label for the list", () => {
    const sizes: Array<Column<Record<string, number>>> = [
      { heading: "Day", rowHeader: true, cell: () => "4 Dec" },
      { heading: "M", label: "Hoodie, M", numeric: true, cell: (row) => row.m },
      { heading: "L", label: "Hoodie, L", numeric: true, cell: (row) => row.l },
      { heading: "One size", label: "Cap, One size", numeric: true, cell: (row) => row.cap },
    ]
    render(
      <DataTable
        caption="Entries per day"
        columns={sizes}
        groups={[
          { heading: "Hoodie", span: 2 },
          { heading: "Cap", span: 1 },
        ]}
        rows={[{ m: 2, l: 0, cap: 1 }]}
        rowKey={() => "2026-12-04"}
      />,
    )
    const table = screen.getByRole("table", { name: "Entries per day" })
    expect(
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual(["DayHoodieCap", "MLOne size", "4 Dec201"])
    expect(within(table).getByRole("columnheader", { name: "Hoodie" })).toHaveAttribute("scope", "colgroup")
    expect(within(table).getByRole("columnheader", { name: "Hoodie" })).toHaveAttribute("colspan", "2")
    expect(
      within(table)
        .getAllByRole("cell")
        .map((cell) => cell.getAttribute("data-label")),
    ).toEqual(["Hoodie, M", "Hoodie, L", "Cap, One size"])
  })

  it("says under itself how many rows it leaves out, and nothing when it shows them all", () => {
    const { rerender } = render(<DataTable label="Hard bounces" columns={COLUMNS} rows={PEOPLE} rowKey={(person) => person.email} more="And 3 more." />)
    expect(screen.getByText("And 3 more.")).toBeVisible()
    rerender(<DataTable label="Hard bounces" columns={COLUMNS} rows={PEOPLE} rowKey={(person) => person.email} more={false} />)
    expect(screen.queryByText("And 3 more.")).toBeNull()
    expect(screen.getByRole("table", { name: "Hard bounces" })).toBeInTheDocument()
  })

  it("says so in its place while it has no rows, keeping its visible caption", () => {
    const { rerender } = render(<DataTable caption="Sources" columns={COLUMNS} rows={[]} rowKey={(person) => person.email} empty="No signups yet." />)
    expect(screen.queryByRole("table")).toBeNull()
    expect(screen.getByText("Sources")).toBeVisible()
    expect(screen.getByText("No signups yet.")).toBeVisible()
    rerender(<DataTable label="Top referrers" columns={COLUMNS} rows={[]} rowKey={(person) => person.email} empty="No one yet." />)
    expect(screen.queryByText("Top referrers")).toBeNull()
    expect(screen.getByText("No one yet.")).toBeVisible()
  })
})

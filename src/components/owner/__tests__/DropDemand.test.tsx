// The first screen's drop demand: the drop being worked on (the open one, else the next to open,
// else the last to close), each size's entries against its pieces, in words and as a bar.
import { render, screen } from "@testing-library/react"
import type { OwnerCopy } from "../copy"
import { currentDrop, DropDemand } from "../DropDemand"
import { PIECES, copy, drop, formats } from "./drops-fixtures"

const OPEN = drop({ phase: "open", entrants: { "hoodie/M": 100, "cap/One size": 0 } })
const NEXT = drop({ drop: "drop-02", name: "Drop 02", phase: "scheduled", opensAt: "2027-01-04T17:00:00.000Z" })
const LATER = drop({ drop: "drop-03", name: "Drop 03", phase: "scheduled", opensAt: "2027-02-04T17:00:00.000Z" })
const DRAWN = drop({ drop: "drop-00", name: "Drop 00", phase: "drawn", closesAt: "2026-10-06T17:00:00.000Z" })

describe("the drop being worked on", () => {
  test("is the open one, else the next to open, else the last to close", () => {
    expect(currentDrop([DRAWN, LATER, OPEN, NEXT])?.drop).toBe("drop-01")
    expect(currentDrop([DRAWN, LATER, NEXT])?.drop).toBe("drop-02")
    expect(currentDrop([DRAWN])?.drop).toBe("drop-00")
    expect(currentDrop([])).toBeNull()
  })
})

describe("drop demand", () => {
  test("says each size's entries against its pieces, by the sizes' names", () => {
    render(<DropDemand drops={[NEXT, OPEN]} pieces={PIECES} text={(copy as unknown as OwnerCopy).demand} formats={formats} />)
    expect(screen.getByRole("heading", { name: "Demand for Drop 01: Block Heavyweight" })).toBeTruthy()
    const sizes = [...document.querySelectorAll("[data-size]")].map((size) => size.textContent)
    expect(sizes).toEqual([
      "Block Heavyweight Hoodie, M100 entries for 25 pieces · 4 per piece",
      "Six-Panel Cap, One size0 entries for 40 pieces · No entries yet",
    ])
  })

  test("says nothing where no drop is planned", () => {
    const { container } = render(<DropDemand drops={[]} pieces={PIECES} text={(copy as unknown as OwnerCopy).demand} formats={formats} />)
    expect(container.textContent).toBe("")
  })
})

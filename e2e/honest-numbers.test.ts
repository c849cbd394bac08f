/**
 * One honest set of numbers: every page a visitor reads, at phone and laptop size, says the same
 * size of the list wherever it says one, a drop's total is the sum of its sizes, and every date is
 * written the one way.
 */
import type { Page } from "@playwright/test"
import drops from "../content/drops.json"
import site from "../content/site.json"
import ui from "../content/ui.json"
import { datesWrittenOtherwise } from "./date-format"
import { expect, newStatusPath, test } from "./fixtures"
import { listSizes, pieceCounts } from "./numbers"
import { NO_BROWSER, ROUTES } from "./site"

/** Every page a visitor opens without a link of their own. */
const PAGES = [...ROUTES, "/drop/", "/waitlist/", "/confirm/", "/unsubscribe/", "/invite/"]
const NO_RECORD = /^error: Failed to load resource: the server responded with a status of 404/

/** What the page shows, as a visitor reads it (hidden text left out). */
const visibleText = (page: Page) => page.locator("body").innerText()

test.describe("the number finders", NO_BROWSER, () => {
  test("find the list's size however a page says it, and a drop's total beside its sizes", () => {
    expect(listSizes("Join 5,000+ people already on the list. You're #61 of 62. 120 people on the list")).toEqual(["5,000+", "62", "120"])
    expect(listSizes("You're #3. 16 or older. Friends who joined with your link: 2")).toEqual([])
    expect(listSizes("You're #2 of 5,000+ here")).toEqual(["5,000+"])
    expect(pieceCounts("The first Block 94 pieces: a hoodie\nThe pieces\n120 pieces in all\nS\n15 pieces\nM 25 pieces\nOne size\n1 piece")).toEqual({
      totals: [120],
      sizes: [15, 25, 1],
    })
  })
})

test.describe("one honest set of numbers", () => {
  test("every page states one list size, the drop's total is its sizes' sum, and dates are written one way", async ({ page, app, problems }) => {
    problems.allow(NO_RECORD)
    const sizes: Array<{ path: string; size: string }> = []
    for (const path of PAGES) {
      await app.open(path)
      const text = await visibleText(page)
      sizes.push(...listSizes(text).map((size) => ({ path, size })))
      expect(datesWrittenOtherwise(text), path).toEqual([])
    }
    // Nobody has joined this site's list yet: every page makes the content's claim, and only it.
    expect(sizes.length).toBeGreaterThanOrEqual(2)
    expect(sizes.filter(({ size }) => size !== site.socialProof)).toEqual([])

    await app.open("/drop/")
    const { totals, sizes: perSize } = pieceCounts(await visibleText(page))
    const content = drops.drops.flatMap((drop) => drop.pieces.flatMap((piece) => piece.sizes.map((size) => size.quantity)))
    expect(perSize).toEqual(content)
    expect(totals).toEqual([content.reduce((sum, quantity) => sum + quantity, 0)])
  })

  test("a new signup's status page and Home agree on the list's size", async ({ page, app, baseURL }) => {
    const statusPath = await newStatusPath(String(baseURL), "numbers")
    await app.open(statusPath)
    // Below the size the site starts to tell, the place is told without a number that gives the claim away.
    await expect(page.getByText(ui.waitlist.placeUntold).first()).toBeVisible()
    const status = await visibleText(page)
    await app.open("/")
    const home = await visibleText(page)
    const stated = new Set([...listSizes(status), ...listSizes(home)])
    expect([...stated]).toHaveLength(1)
    expect(datesWrittenOtherwise(status)).toEqual([])
  })
})

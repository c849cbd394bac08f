/** axe-core (WCAG 2.1 A/AA) over every page at phone and laptop widths, in the states visitors meet. */
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "playwright-core"
import { LAPTOP, PHONE } from "../tools/chromium"
import { useBrowser } from "./support/browser-suite"
import { openPage, waitForApp } from "./support/page-helpers"
import { servedSite } from "./support/state"

const browser = useBrowser()
const { baseUrl } = servedSite()
const ROUTES = ["/", "/about/", "/contact/", "/privacy/", "/no-such-page/"]

const axeViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)
}

describe("axe finds no WCAG 2.1 A/AA violations", () => {
  it.each(ROUTES)("%s at 1280 px with the cookie notice shown", async (path) => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP, reducedMotion: "reduce" })
    await page.goto(baseUrl + path)
    await waitForApp(page)
    await page.locator("aside[aria-label='Cookie notice']").waitFor()
    await expect(axeViolations(page)).resolves.toEqual([])
    await context.close()
  })

  it.each(ROUTES)("%s at 390 px with the menu open and the cookie notice shown", async (path) => {
    const { page, context } = await openPage(browser(), { viewport: PHONE, reducedMotion: "reduce" })
    await page.goto(baseUrl + path)
    await waitForApp(page)
    await page.locator("aside[aria-label='Cookie notice']").waitFor()
    await page.getByRole("button", { name: "Menu" }).click()
    await expect(axeViolations(page)).resolves.toEqual([])
    await context.close()
  })

  it("on Home with an error toast showing", async () => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP, reducedMotion: "reduce" })
    await page.goto(baseUrl + "/")
    await waitForApp(page)
    await page.locator("#join-the-drop").getByRole("button", { name: "Join the Drop" }).click()
    await page.getByRole("alert").filter({ hasText: "Missing Information" }).waitFor()
    await expect(axeViolations(page)).resolves.toEqual([])
    await context.close()
  })
})

/** axe-core (WCAG 2.1 A/AA) over every page at phone and laptop widths, in the states visitors meet. */
import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { cookieNotice, expect, menuToggle, onPhone, signupSection, test, toast } from "./fixtures"
import { ROUTES } from "./site"

const axeViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)
}

test.use({ reducedMotion: "reduce" })

test.describe("axe finds no WCAG 2.1 A/AA violations", () => {
  for (const path of ROUTES) {
    test(`${path} with the cookie notice shown, and on phones the menu open`, async ({ page, app }) => {
      await app.open(path)
      await expect(cookieNotice(page)).toBeVisible()
      if (onPhone(page)) {
        await menuToggle(page).click()
        await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "true")
      }
      expect(await axeViolations(page)).toEqual([])
    })
  }

  test("on Home with an error toast showing", async ({ page, app }) => {
    await app.open("/")
    await signupSection(page).getByRole("button", { name: "Join the Drop" }).click()
    await expect(toast(page, "alert", "Missing Information")).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
})

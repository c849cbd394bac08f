/** A keyboard-only visitor can reach and use everything, and always sees where focus is. */
import type { Page } from "@playwright/test"
import { carouselRunning, expect, mainNav, menuToggle, signupSection, test, toast, visibleSlide } from "./fixtures"
import { LAPTOP_ONLY, PHONE_ONLY, ROUTES } from "./site"

interface FocusStop {
  key: string
  visibleRing: boolean
}

/** Describes the focused element and whether it shows a focus indicator (outline or box shadow). */
const focusStop = (page: Page): Promise<FocusStop | null> =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body) return null
    const style = getComputedStyle(element)
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2
    const label = element.getAttribute("aria-label") || element.textContent?.trim() || element.getAttribute("name") || ""
    return { key: `${element.tagName.toLowerCase()}:${label}`, visibleRing: outline || style.boxShadow !== "none" }
  })

/** Every control a visitor could operate, as the same keys `focusStop` produces. */
const operableControls = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("a[href], button, input, textarea, select"))
      .filter((element) => element.tabIndex >= 0 && !element.closest("[aria-hidden='true']") && !(element as HTMLButtonElement).disabled)
      .filter((element) => {
        const style = getComputedStyle(element)
        return style.display !== "none" && style.visibility !== "hidden" && element.getClientRects().length > 0
      })
      .map((element) => {
        const label = element.getAttribute("aria-label") || element.textContent?.trim() || element.getAttribute("name") || ""
        return `${element.tagName.toLowerCase()}:${label}`
      }),
  )

const tabThrough = async (page: Page, limit = 80): Promise<FocusStop[]> => {
  const stops: FocusStop[] = []
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press("Tab")
    const stop = await focusStop(page)
    if (stop && stops.some((seen) => seen.key === stop.key) && stop.key === stops[0]?.key) break
    if (stop) stops.push(stop)
  }
  return stops
}

test.describe("keyboard only", () => {
  for (const path of ROUTES) {
    test(`${path}: Tab reaches every control, starting with the skip link, each with a visible focus ring`, async ({ page, app }) => {
      await page.emulateMedia({ reducedMotion: "reduce" })
      await app.open(path)
      // The drop link's stage fills in once the page is idle, changing the link's words: list the controls after it.
      await expect(page.locator("[data-drop-stage]:empty")).toHaveCount(0)
      const controls = await operableControls(page)
      const stops = await tabThrough(page)
      expect(stops[0]?.key).toBe("a:Skip to content")
      const reached = new Set(stops.map((stop) => stop.key))
      expect(controls.filter((control) => !reached.has(control))).toEqual([])
      expect(stops.filter((stop) => !stop.visibleRing).map((stop) => stop.key)).toEqual([])
    })
  }

  test("the skip link moves focus to the main content", async ({ page, app }) => {
    await app.open("/about/")
    await page.keyboard.press("Tab")
    await page.keyboard.press("Enter")
    await expect(page.locator("#main")).toBeFocused()
  })

  test("the phone menu opens, navigates and closes with the keyboard", PHONE_ONLY, async ({ page, app }) => {
    await app.open("/")
    await menuToggle(page).focus()
    await page.keyboard.press("Enter")
    await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "true")
    await page.keyboard.press("Tab")
    await page.keyboard.press("Tab")
    await expect(mainNav(page).getByRole("link", { name: "About" })).toBeFocused()
    expect(await focusStop(page)).toMatchObject({ key: "a:About" })
    await page.keyboard.press("Enter")
    await expect(page).toHaveURL("/about/")
    await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "false")
  })

  test("the carousel arrows appear on focus and change the slide", LAPTOP_ONLY, async ({ page, app }) => {
    await app.open("/")
    await carouselRunning(page)
    const next = page.getByRole("button", { name: "Next slide" })
    await next.focus()
    await expect(next).toHaveCSS("opacity", "1")
    await page.keyboard.press("Enter")
    await expect(visibleSlide(page)).toHaveAttribute("aria-label", "2 of 3")
    await page.keyboard.press("Shift+Tab")
    await expect(page.getByRole("button", { name: "Previous slide" })).toBeFocused()
    await page.keyboard.press("Enter")
    await expect(visibleSlide(page)).toHaveAttribute("aria-label", "1 of 3")
  })

  test("focus stays on the form, not lost, when a toast appears", LAPTOP_ONLY, async ({ page, app }) => {
    await app.open("/")
    await signupSection(page).getByLabel("Email address").focus()
    await page.keyboard.type("fan@example.com")
    await page.keyboard.press("Enter")
    await expect(toast(page, "alert", "Missing Information")).toBeVisible()
    await expect(signupSection(page).locator("[name='consent']")).toBeFocused()
  })
})

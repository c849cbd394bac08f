/** A keyboard-only visitor can reach and use everything, and always sees where focus is. */
import type { Page } from "playwright-core"
import { LAPTOP, PHONE } from "../tools/chromium"
import { useBrowser } from "./support/browser-suite"
import { openPage, waitForApp } from "./support/page-helpers"
import { servedSite } from "./support/state"

const browser = useBrowser()
const { baseUrl } = servedSite()

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

describe("keyboard only", () => {
  it.each(["/", "/about/", "/contact/", "/privacy/", "/no-such-page/"])(
    "%s: Tab reaches every control, starting with the skip link, each with a visible focus ring",
    async (path) => {
      const { page, context } = await openPage(browser(), { viewport: LAPTOP, reducedMotion: "reduce" })
      await page.goto(baseUrl + path)
      await waitForApp(page)
      const controls = await operableControls(page)
      const stops = await tabThrough(page)
      expect(stops[0]?.key).toBe("a:Skip to content")
      const reached = new Set(stops.map((stop) => stop.key))
      expect(controls.filter((control) => !reached.has(control))).toEqual([])
      expect(stops.filter((stop) => !stop.visibleRing).map((stop) => stop.key)).toEqual([])
      await context.close()
    },
  )

  it("the skip link moves focus to the main content", async () => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP })
    await page.goto(baseUrl + "/about/")
    await waitForApp(page)
    await page.keyboard.press("Tab")
    await page.keyboard.press("Enter")
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("main")
    await context.close()
  })

  it("the phone menu opens, navigates and closes with the keyboard", async () => {
    const { page, context } = await openPage(browser(), { viewport: PHONE })
    await page.goto(baseUrl + "/")
    await waitForApp(page)
    const toggle = page.getByRole("button", { name: "Menu" })
    await toggle.focus()
    await page.keyboard.press("Enter")
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("true")
    await page.keyboard.press("Tab")
    await page.keyboard.press("Tab")
    await expect(focusStop(page)).resolves.toMatchObject({ key: "a:About" })
    await page.keyboard.press("Enter")
    await page.waitForURL(`${baseUrl}/about/`)
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false")
    await context.close()
  })

  it("the carousel arrows appear on focus and change the slide", async () => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP })
    await page.goto(baseUrl + "/")
    await waitForApp(page)
    const next = page.getByRole("button", { name: "Next slide" })
    await next.focus()
    await page.waitForFunction(() => getComputedStyle(document.activeElement!).opacity === "1")
    await page.keyboard.press("Enter")
    await expect(page.locator('[aria-roledescription="slide"][aria-hidden="false"]').getAttribute("aria-label")).resolves.toBe("2 of 3")
    await page.keyboard.press("Shift+Tab")
    await page.keyboard.press("Enter")
    await expect(page.locator('[aria-roledescription="slide"][aria-hidden="false"]').getAttribute("aria-label")).resolves.toBe("1 of 3")
    await context.close()
  })

  it("focus stays on the form, not lost, when a toast appears", async () => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP })
    await page.goto(baseUrl + "/")
    await waitForApp(page)
    const email = page.locator("#join-the-drop").getByLabel("Email address")
    await email.focus()
    await page.keyboard.type("fan@example.com")
    await page.keyboard.press("Enter")
    await page.getByRole("alert").filter({ hasText: "Missing Information" }).waitFor()
    await expect(page.evaluate(() => document.activeElement?.getAttribute("name"))).resolves.toBe("consent")
    await context.close()
  })
})

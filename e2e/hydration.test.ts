import { LAPTOP, PHONE } from "../tools/chromium"
import { useBrowser } from "./support/browser-suite"
import { openPage, waitForApp } from "./support/page-helpers"
import { servedSite } from "./support/state"

// Sections with no behaviour keep their server HTML on the first load, and interactive parts
// hydrate a task later (src/components/shared/Hydration.tsx). These tests check what a visitor
// would notice if that went wrong: content flashing or vanishing, or missing after navigation.

const browser = useBrowser()
const { baseUrl } = servedSite()

declare global {
  interface Window {
    /** Elements (other than emotion's <style> tags) removed from the page since it started loading. */
    removedElements?: string[]
    /** Set by a test; survives client-side navigation, not a full page load. */
    sameDocument?: boolean
  }
}

/** Records every element the page's scripts take out of the server-rendered page content. */
const recordRemovedElements = () => {
  window.removedElements = []
  new MutationObserver((records) => {
    for (const record of records) {
      if (!document.getElementById("___gatsby")?.contains(record.target)) continue
      for (const node of record.removedNodes) {
        // emotion moves its server-rendered <style> tags into the head; that is not content.
        if (node instanceof Element && node.tagName !== "STYLE") {
          window.removedElements?.push(`${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""} "${(node.textContent ?? "").slice(0, 40)}"`)
        }
      }
    }
  }).observe(document, { childList: true, subtree: true })
}

describe("the first load", () => {
  it.each(["/", "/about/", "/contact/", "/privacy/", "/no-such-page/"])(
    "%s keeps the server-rendered page: hydration replaces no element",
    async (path) => {
      const { page, context } = await openPage(browser(), { viewport: PHONE })
      await page.addInitScript(recordRemovedElements)
      await page.goto(baseUrl + path)
      await waitForApp(page)
      await expect(page.evaluate(() => window.removedElements)).resolves.toEqual([])
      await context.close()
    },
  )

  it("the interactive parts respond once the page has loaded", async () => {
    const { page, context } = await openPage(browser(), { viewport: PHONE })
    await page.goto(baseUrl + "/")
    await waitForApp(page)
    const toggle = page.getByRole("button", { name: "Menu" })
    await toggle.click()
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("true")
    await page.keyboard.press("Escape")
    const carousel = page.getByRole("region", { name: "First look at the drop" })
    await carousel.hover()
    await carousel.getByRole("button", { name: "Next slide" }).click()
    await expect(carousel.getByRole("button", { name: "Slide 2" }).getAttribute("aria-current")).resolves.toBe("true")
    await context.close()
  })
})

describe("client-side navigation", () => {
  it("renders every section of the page it reaches, without reloading", async () => {
    const { page, context, problems } = await openPage(browser(), { viewport: LAPTOP })
    await page.goto(baseUrl + "/privacy/")
    await waitForApp(page)
    await page.evaluate(() => {
      window.sameDocument = true
    })

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click()
    await page.waitForURL(`${baseUrl}/about/`)
    // Gatsby updates the address first and renders the page right after: wait for the content.
    await page.getByRole("heading", { level: 1, name: /built on the block/i }).waitFor()
    await expect(page.getByRole("heading", { level: 3 }).count()).resolves.toBeGreaterThanOrEqual(3)
    await expect(page.getByRole("heading", { name: "Join the Drop" }).isVisible()).resolves.toBe(true)

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click()
    await page.waitForURL(`${baseUrl}/`)
    await page.getByRole("heading", { name: "Explore the Vibe" }).waitFor()
    await expect(page.getByRole("heading", { name: "Apparel & Streetwear" }).isVisible()).resolves.toBe(true)

    await expect(page.evaluate(() => window.sameDocument)).resolves.toBe(true)
    expect(problems).toEqual([])
    await context.close()
  })
})

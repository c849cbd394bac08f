import { carouselRunning, expect, mainNav, menuToggle, test } from "./fixtures"
import { WEB_MANIFEST_PATH } from "../src/lib/web-manifest"
import { LAPTOP_ONLY, PHONE_ONLY, ROUTES } from "./site"

// Sections with no behaviour keep their server HTML on the first load, and interactive parts
// hydrate a task later (src/components/shared/Hydration.tsx). These tests check what a visitor
// would notice if that went wrong: content flashing or vanishing, or missing after navigation.

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

test.describe("the first load", PHONE_ONLY, () => {
  for (const path of ROUTES) {
    test(`${path} keeps the server-rendered page: hydration replaces no element`, async ({ page, app }) => {
      await page.addInitScript(recordRemovedElements)
      await app.open(path)
      expect(await page.evaluate(() => window.removedElements)).toEqual([])
    })
  }

  test("the interactive parts respond once the page has loaded", async ({ page, app }) => {
    await app.open("/")
    await menuToggle(page).click()
    await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "true")
    await page.keyboard.press("Escape")
    const carousel = page.getByRole("region", { name: "First look at the drop" })
    // Its code comes once the browser is idle.
    await carouselRunning(page)
    await carousel.hover()
    await carousel.getByRole("button", { name: "Next slide" }).click()
    await expect(carousel.getByRole("button", { name: "Slide 2" })).toHaveAttribute("aria-current", "true")
  })
})

test.describe("the web manifest", PHONE_ONLY, () => {
  test("is linked once the page is idle, not by the server HTML, so the site can still be installed", async ({ page, app, request }) => {
    // A browser that finds the link at once checks whether the site can be installed while the page's scripts start.
    expect(await (await request.get("/")).text()).not.toMatch(/<link[^>]*rel="manifest"/)
    await app.open("/")
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", WEB_MANIFEST_PATH)
    expect(await page.locator('link[rel="manifest"]').count()).toBe(1)
  })
})

test.describe("client-side navigation", LAPTOP_ONLY, () => {
  test("renders every section of the page it reaches, without reloading", async ({ page, app }) => {
    await app.open("/privacy/")
    await page.evaluate(() => {
      window.sameDocument = true
    })

    await mainNav(page).getByRole("link", { name: "About" }).click()
    await expect(page).toHaveURL("/about/")
    // Gatsby updates the address first and renders the page right after: wait for the content.
    await expect(page.getByRole("heading", { level: 1, name: /built on the block/i })).toBeVisible()
    expect(await page.getByRole("heading", { level: 3 }).count()).toBeGreaterThanOrEqual(3)
    await expect(page.getByRole("heading", { name: "Join the Drop" })).toBeVisible()

    await mainNav(page).getByRole("link", { name: "Home" }).click()
    await expect(page).toHaveURL("/")
    await expect(page.getByRole("heading", { name: "Explore the Vibe" })).toBeVisible()
    await expect(page.getByRole("heading", { name: "Apparel & Streetwear" })).toBeVisible()

    expect(await page.evaluate(() => window.sameDocument)).toBe(true)
  })
})

import type { Page } from "@playwright/test"
import drops from "../content/drops.json"
import { BEFORE_FIRST_PAINT } from "../plugins/post-build/first-paint-scripts"
import { carouselRunning, expect, imageLoaded, mainNav, menuToggle, test } from "./fixtures"
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

const [DROP] = drops.drops
const SECOND_PIECE = DROP.pieces[1]
const SECOND_PIECE_FILE = SECOND_PIECE.image
  .split("/")
  .pop()!
  .replace(/\.jpg$/, "")

/** When the page painted first, and when it asked for a picture whose file name contains `file` (ms since navigation). */
const paintAndRequest = (page: Page, file: string) =>
  page.evaluate((name) => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null
    const picture = performance.getEntriesByType("resource").find((entry) => entry.name.includes(name))
    return { paint, requested: picture?.startTime ?? null }
  }, file)

/** The picture scrolled to is on screen and loaded. */
const expectPictureShown = async (page: Page, alt: string) => {
  const picture = page.getByAltText(alt)
  await picture.scrollIntoViewIfNeeded()
  await expect(picture).toBeVisible()
  await expect.poll(() => imageLoaded(picture)).toBe(true)
}

/** Each picture's height as the page is parsed, while lazy pictures are still held out of the layout. */
const recordHeldPictureHeights = (mark: string) => {
  document.addEventListener("DOMContentLoaded", () => {
    const held = document.documentElement.hasAttribute(mark)
    const heights = [...document.querySelectorAll("picture")].map((picture) => Math.round(picture.getBoundingClientRect().height))
    Object.assign(window, { heldPictures: { held, heights } })
  })
}

const pictureHeights = (page: Page) =>
  page.locator("picture").evaluateAll((pictures) => pictures.map((picture) => Math.round(picture.getBoundingClientRect().height)))

test.describe("the first screen first", PHONE_ONLY, () => {
  test("the drop's second piece is fetched after the first paint, appears without moving the page, and the favicon needs no request", async ({ page, app }) => {
    const requested: string[] = []
    page.on("request", (request) => requested.push(new URL(request.url()).pathname))
    await page.addInitScript(recordHeldPictureHeights, BEFORE_FIRST_PAINT)
    await app.open("/drop/")
    // Lazy, but within a phone's lazy-load distance: without the hold it raced the first screen's picture.
    await expect.poll(async () => (await paintAndRequest(page, SECOND_PIECE_FILE)).requested).not.toBeNull()
    const { paint, requested: pictureAt } = await paintAndRequest(page, SECOND_PIECE_FILE)
    expect(paint).not.toBeNull()
    expect(pictureAt!).toBeGreaterThan(paint!)
    expect(await page.locator(`html[${BEFORE_FIRST_PAINT}]`).count()).toBe(0)
    await expectPictureShown(page, SECOND_PIECE.alt)
    // Held back, each picture already had the height it has with its image: nothing moves as it appears.
    const { held, heights } = await page.evaluate(() => (window as unknown as { heldPictures: { held: boolean; heights: number[] } }).heldPictures)
    expect(held).toBe(true)
    expect(heights).toEqual(await pictureHeights(page))
    expect(Math.min(...heights)).toBeGreaterThan(100)
    expect(await page.locator('link[rel="icon"]').getAttribute("href")).toMatch(/^data:image\/png;base64,/)
    expect(requested.filter((path) => /favicon|\.ico$/.test(path))).toEqual([])
  })

  test("a page reached by a link inside the site shows its lazy pictures", async ({ page, app }) => {
    await app.open("/about/")
    await page.evaluate(() => {
      window.sameDocument = true
    })
    await page.locator("a[data-drop-link]:visible").first().click()
    await expect(page).toHaveURL("/drop/")
    await expectPictureShown(page, SECOND_PIECE.alt)
    expect(await page.evaluate(() => window.sameDocument)).toBe(true)
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

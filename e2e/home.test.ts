/** Home's hero, carousel and sections, About's sections and the 404 page, as a visitor uses them. */
import type { Page } from "@playwright/test"
import { carouselRunning, expect, expectTopWithin, test, visibleSlide, type App } from "./fixtures"
import { LAPTOP_ONLY, PHONE_ONLY } from "./site"

const SCROLLED_TO = [-1 / 3, 1 / 3] as const

test.describe("hero", () => {
  test("Shop the Drop (Coming Soon) scrolls to the signup section", LAPTOP_ONLY, async ({ page, app }) => {
    await app.open("/")
    await page.getByRole("link", { name: "Shop the Drop (Coming Soon)" }).click()
    await expectTopWithin(page.locator("#join-the-drop"), ...SCROLLED_TO)
  })

  test("Learn Why 94 scrolls to the Why 94? snippet, which links to About", PHONE_ONLY, async ({ page, app }) => {
    await app.open("/")
    await page.getByRole("link", { name: "Learn Why 94" }).click()
    await expectTopWithin(page.locator("#why-94"), ...SCROLLED_TO)
    await page.locator("#why-94").getByRole("link", { name: "Read our story" }).click()
    await expect(page).toHaveURL("/about/")
  })

  test("shows the three reassurance points and three Coming Soon category cards", LAPTOP_ONLY, async ({ page }) => {
    await page.goto("/")
    for (const point of ["Curated picks", "Free shipping soon", "Verified quality"]) {
      await expect(page.getByText(point, { exact: true })).toHaveCount(1)
    }
    const explore = page.locator("section", { has: page.getByRole("heading", { name: "Explore the Vibe" }) })
    await expect(explore.getByRole("heading", { level: 3 })).toHaveText(["Apparel & Streetwear", "Accessories & Gear", "Home & Daily"])
    await expect(explore.getByText("Coming Soon", { exact: true })).toHaveCount(3)
    await expect(page.getByText("5,000+")).toHaveCount(1)
  })
})

test.describe("carousel", () => {
  test("sends the first picture with the page, as a modern format; the others once it runs; all lazily", PHONE_ONLY, async ({ page, app, request }) => {
    const html = await (await request.get("/")).text()
    const slides = html.split('aria-roledescription="slide"').slice(1)
    expect(slides).toHaveLength(3)
    expect(slides[0]).toMatch(/<img [^>]*loading="lazy"/)
    expect(slides[1]).not.toMatch(/<img /)
    expect(html).toMatch(/type="image\/avif"/)
    expect(html).toMatch(/type="image\/webp"/)

    await app.open("/")
    const pictures = page.locator('[aria-roledescription="slide"] img')
    await expect(pictures).toHaveCount(3)
    for (const picture of await pictures.all()) await expect(picture).toHaveAttribute("loading", "lazy")
  })

  test.describe("at laptop size", LAPTOP_ONLY, () => {
    /**
     * The page on Playwright's clock, stopped once it has opened and its carousel runs: the carousel's
     * timer started at most the load's time ago, so 6 s more of the page's time fire it exactly once.
     * It stops a second ahead of the page's time, which on a busy machine runs on while the call
     * reaches the page. No real waits.
     */
    const openOnStoppedClock = async (page: Page, app: App) => {
      await page.clock.install()
      await app.open("/")
      await carouselRunning(page)
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
    }

    test("moves on by itself after 6 seconds, one slide at a time", async ({ page, app }) => {
      await openOnStoppedClock(page, app)
      await expect(visibleSlide(page)).toHaveAttribute("aria-label", "1 of 3")
      await page.clock.runFor(6000)
      await expect(visibleSlide(page)).toHaveAttribute("aria-label", "2 of 3")
      await page.clock.runFor(6000)
      await expect(visibleSlide(page)).toHaveAttribute("aria-label", "3 of 3")
    })

    test("does not move while the pointer hovers over it", async ({ page, app }) => {
      await openOnStoppedClock(page, app)
      await page.locator('[aria-roledescription="carousel"]').hover()
      await page.clock.runFor(13_000)
      await expect(visibleSlide(page)).toHaveAttribute("aria-label", "1 of 3")
    })

    test("shows its arrows on hover, and they wrap around in both directions", async ({ page, app }) => {
      await app.open("/")
      await carouselRunning(page)
      const previous = page.getByRole("button", { name: "Previous slide" })
      await expect(previous).toHaveCSS("opacity", "0")
      await page.locator('[aria-roledescription="carousel"]').hover()
      await expect(previous).toHaveCSS("opacity", "1")
      await expect(page.getByRole("button", { name: "Next slide" })).toHaveCSS("opacity", "1")
      await previous.click()
      await expect(visibleSlide(page)).toHaveAttribute("aria-label", "3 of 3")
      await page.getByRole("button", { name: "Next slide" }).click()
      await expect(visibleSlide(page)).toHaveAttribute("aria-label", "1 of 3")
      await page.getByRole("button", { name: "Slide 3" }).click()
      await expect(visibleSlide(page)).toHaveAttribute("aria-label", "3 of 3")
      await expect(page.getByRole("button", { name: "Slide 3" })).toHaveAttribute("aria-current", "true")
    })
  })

  test("changes slide on a swipe", PHONE_ONLY, async ({ page, app }) => {
    await app.open("/")
    await carouselRunning(page)
    const slides = page.locator("#carousel-slides")
    await slides.scrollIntoViewIfNeeded()
    await slides.evaluate((element) => {
      const box = element.getBoundingClientRect()
      const touch = (x: number) => new Touch({ identifier: 1, target: element, clientX: x, clientY: box.top + 50 })
      element.dispatchEvent(new TouchEvent("touchstart", { touches: [touch(box.right - 20)], changedTouches: [touch(box.right - 20)], bubbles: true }))
      element.dispatchEvent(new TouchEvent("touchend", { touches: [], changedTouches: [touch(box.left + 20)], bubbles: true }))
    })
    await expect(visibleSlide(page)).toHaveAttribute("aria-label", "2 of 3")
  })
})

test.describe("about", () => {
  test("shows the three values and the story, and its Join the Drop button scrolls to its own signup section", LAPTOP_ONLY, async ({ page, app }) => {
    await app.open("/about/")
    for (const value of ["Authentic Curation", "Youth-First", "Sustainable Steps", "The Story Behind 94"]) {
      await expect(page.getByRole("heading", { name: value })).toHaveCount(1)
    }
    await page.getByRole("main").getByRole("link", { name: "Join the Drop" }).first().click()
    await expectTopWithin(page.locator("#join-the-drop"), ...SCROLLED_TO)
    await expect(page).toHaveURL("/about/#join-the-drop")
  })
})

test.describe("404", () => {
  test("logs the attempted path as a warning and offers ways back", LAPTOP_ONLY, async ({ page, app, problems }) => {
    const response = await app.open("/no-such-drop/")
    expect(response?.status()).toBe(404)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found")
    expect(problems.all).toContain("warning: 404: no page at /no-such-drop/")
    await page.getByRole("main").getByRole("link", { name: "Contact us" }).click()
    await expect(page).toHaveURL("/contact/")
    await page.goBack()
    await page.getByRole("main").getByRole("link", { name: "Back to Home" }).click()
    await expect(page).toHaveURL("/")
  })
})

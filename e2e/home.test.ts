import type { Page } from "playwright-core"
import { LAPTOP, PHONE } from "../tools/chromium"
import { useBrowser } from "./support/browser-suite"
import { openPage, waitForApp } from "./support/page-helpers"
import { servedSite } from "./support/state"

const browser = useBrowser()
const { baseUrl } = servedSite()

const currentSlide = (page: Page) =>
  page.locator('[aria-roledescription="slide"][aria-hidden="false"]').getAttribute("aria-label")

const isNearTop = (page: Page, id: string) =>
  page.waitForFunction((sectionId) => {
    const box = document.getElementById(sectionId)?.getBoundingClientRect()
    return Boolean(box && Math.abs(box.top) < window.innerHeight / 3)
  }, id)

describe("hero", () => {
  it("Shop the Drop (Coming Soon) scrolls to the signup section", async () => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP })
    await page.goto(baseUrl + "/")
    await waitForApp(page)
    await page.getByRole("link", { name: "Shop the Drop (Coming Soon)" }).click()
    await isNearTop(page, "join-the-drop")
    await context.close()
  })

  it("Learn Why 94 scrolls to the Why 94? snippet, which links to About", async () => {
    const { page, context } = await openPage(browser(), { viewport: PHONE })
    await page.goto(baseUrl + "/")
    await waitForApp(page)
    await page.getByRole("link", { name: "Learn Why 94" }).click()
    await isNearTop(page, "why-94")
    await page.locator("#why-94").getByRole("link", { name: "Read our story" }).click()
    await page.waitForURL(`${baseUrl}/about/`)
    await context.close()
  })

  it("shows the three reassurance points and three Coming Soon category cards", async () => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP })
    await page.goto(baseUrl + "/")
    for (const point of ["Curated picks", "Free shipping soon", "Verified quality"]) {
      await expect(page.getByText(point, { exact: true }).count()).resolves.toBe(1)
    }
    const explore = page.locator("section", { has: page.getByRole("heading", { name: "Explore the Vibe" }) })
    await expect(explore.getByRole("heading", { level: 3 }).allTextContents()).resolves.toEqual([
      "Apparel & Streetwear",
      "Accessories & Gear",
      "Home & Daily",
    ])
    await expect(explore.getByText("Coming Soon", { exact: true }).count()).resolves.toBe(3)
    await expect(page.getByText("5,000+").count()).resolves.toBe(1)
    await context.close()
  })
})

describe("carousel", () => {
  it("sends the first picture with the page, as a modern format; the others once it runs; all lazily", async () => {
    const html = await (await fetch(baseUrl + "/")).text()
    const slides = html.split('aria-roledescription="slide"').slice(1)
    expect(slides).toHaveLength(3)
    expect(slides[0]).toMatch(/<img [^>]*loading="lazy"/)
    expect(slides[1]).not.toMatch(/<img /)
    expect(html).toMatch(/type="image\/avif"/)
    expect(html).toMatch(/type="image\/webp"/)

    const { page, context } = await openPage(browser(), { viewport: PHONE })
    await page.goto(baseUrl + "/")
    await waitForApp(page)
    const pictures = page.locator('[aria-roledescription="slide"] img')
    await expect(pictures.evaluateAll((images) => images.map((image) => image.getAttribute("loading")))).resolves.toEqual([
      "lazy",
      "lazy",
      "lazy",
    ])
    await context.close()
  })

  it("moves on by itself after 6 seconds", async () => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP })
    await page.goto(baseUrl + "/")
    await waitForApp(page)
    await expect(currentSlide(page)).resolves.toBe("1 of 3")
    await page.waitForTimeout(6600)
    await expect(currentSlide(page)).resolves.toBe("2 of 3")
    await context.close()
  })

  it("does not move while the pointer hovers over it", async () => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP })
    await page.goto(baseUrl + "/")
    await waitForApp(page)
    await page.locator('[aria-roledescription="carousel"]').hover()
    await page.waitForTimeout(7000)
    await expect(currentSlide(page)).resolves.toBe("1 of 3")
    await context.close()
  })

  it("shows its arrows on hover, and they wrap around in both directions", async () => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP })
    await page.goto(baseUrl + "/")
    await waitForApp(page)
    const previous = page.getByRole("button", { name: "Previous slide" })
    await expect(previous.evaluate((button) => getComputedStyle(button).opacity)).resolves.toBe("0")
    await page.locator('[aria-roledescription="carousel"]').hover()
    await page.waitForFunction(() => getComputedStyle(document.querySelector(".carousel-arrow")!).opacity === "1")
    await previous.click()
    await expect(currentSlide(page)).resolves.toBe("3 of 3")
    await page.getByRole("button", { name: "Next slide" }).click()
    await expect(currentSlide(page)).resolves.toBe("1 of 3")
    await page.getByRole("button", { name: "Slide 3" }).click()
    await expect(currentSlide(page)).resolves.toBe("3 of 3")
    await expect(page.getByRole("button", { name: "Slide 3" }).getAttribute("aria-current")).resolves.toBe("true")
    await context.close()
  })

  it("changes slide on a swipe", async () => {
    const { page, context } = await openPage(browser(), { viewport: PHONE, hasTouch: true })
    await page.goto(baseUrl + "/")
    await waitForApp(page)
    const slides = page.locator("#carousel-slides")
    await slides.scrollIntoViewIfNeeded()
    await slides.evaluate((element) => {
      const box = element.getBoundingClientRect()
      const touch = (x: number) => new Touch({ identifier: 1, target: element, clientX: x, clientY: box.top + 50 })
      element.dispatchEvent(new TouchEvent("touchstart", { touches: [touch(box.right - 20)], changedTouches: [touch(box.right - 20)], bubbles: true }))
      element.dispatchEvent(new TouchEvent("touchend", { touches: [], changedTouches: [touch(box.left + 20)], bubbles: true }))
    })
    await expect(currentSlide(page)).resolves.toBe("2 of 3")
    await context.close()
  })
})

describe("about", () => {
  it("shows the three values and the story, and its Join the Drop button scrolls to its own signup section", async () => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP })
    await page.goto(baseUrl + "/about/")
    await waitForApp(page)
    for (const value of ["Authentic Curation", "Youth-First", "Sustainable Steps", "The Story Behind 94"]) {
      await expect(page.getByRole("heading", { name: value }).count()).resolves.toBe(1)
    }
    await page.getByRole("main").getByRole("link", { name: "Join the Drop" }).first().click()
    await isNearTop(page, "join-the-drop")
    expect(page.url()).toBe(`${baseUrl}/about/#join-the-drop`)
    await context.close()
  })
})

describe("404", () => {
  it("logs the attempted path as a warning and offers ways back", async () => {
    const { page, context, problems } = await openPage(browser(), { viewport: LAPTOP })
    const response = await page.goto(baseUrl + "/no-such-drop/")
    expect(response?.status()).toBe(404)
    await waitForApp(page)
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("404 Page Not Found")
    expect(problems).toContain("warning: 404: no page at /no-such-drop/")
    expect(problems.filter((problem) => problem.startsWith("pageerror"))).toEqual([])
    await page.getByRole("main").getByRole("link", { name: "Contact us" }).click()
    await page.waitForURL(`${baseUrl}/contact/`)
    await page.goBack()
    await page.getByRole("main").getByRole("link", { name: "Back to Home" }).click()
    await page.waitForURL(`${baseUrl}/`)
    await context.close()
  })
})

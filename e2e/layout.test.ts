import { LAPTOP, PHONE } from "../tools/chromium"
import { useBrowser } from "./support/browser-suite"
import { openPage, waitForApp } from "./support/page-helpers"
import { servedSite } from "./support/state"

const ROUTES = [
  { path: "/", nav: "Home", heading: "Your Block. Your Drip." },
  { path: "/about/", nav: "About", heading: "Built on the block" },
  { path: "/contact/", nav: "Contact", heading: "Hit us up" },
  { path: "/privacy/", nav: null, heading: "Privacy Policy" },
]
const LIME = "rgb(212, 255, 58)"

const browser = useBrowser()
const { baseUrl } = servedSite()

describe("every page", () => {
  it.each(ROUTES)("$path renders its heading with no console errors or warnings", async ({ path, heading }) => {
    const { page, context, problems } = await openPage(browser(), { viewport: LAPTOP })
    const response = await page.goto(baseUrl + path)
    expect(response?.status()).toBe(200)
    await waitForApp(page)
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(new RegExp(heading, "i"))
    expect(problems).toEqual([])
    await context.close()
  })
})

describe("header", () => {
  it.each(ROUTES.filter((route) => route.nav))("marks $nav as the current page and highlights it", async ({ path, nav }) => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP })
    await page.goto(baseUrl + path)
    const header = page.getByRole("navigation", { name: "Main" })
    const current = header.locator('a[aria-current="page"]')
    await expect(current.count()).resolves.toBe(1)
    await expect(current.textContent()).resolves.toBe(nav)
    await expect(current.evaluate((link) => getComputedStyle(link).color)).resolves.toBe(LIME)
    await context.close()
  })

  it("collapses the nav into a labelled toggle on phones that closes after a choice", async () => {
    const { page, context } = await openPage(browser(), { viewport: PHONE })
    await page.goto(baseUrl + "/")
    await waitForApp(page)
    const toggle = page.getByRole("button", { name: "Menu" })
    const aboutLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" })
    await expect(aboutLink.isVisible()).resolves.toBe(false)
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false")

    await toggle.click()
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("true")
    await expect(aboutLink.isVisible()).resolves.toBe(true)

    await aboutLink.click()
    await page.waitForURL(`${baseUrl}/about/`)
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false")
    await expect(aboutLink.isVisible()).resolves.toBe(false)
    await context.close()
  })

  it("closes the phone menu on Escape and returns focus to the toggle", async () => {
    const { page, context } = await openPage(browser(), { viewport: PHONE })
    await page.goto(baseUrl + "/contact/")
    await waitForApp(page)
    const toggle = page.getByRole("button", { name: "Menu" })
    await toggle.click()
    await page.keyboard.press("Escape")
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false")
    await expect(toggle.evaluate((button) => button === document.activeElement)).resolves.toBe(true)
    await context.close()
  })

  it("Join the Drop in the phone menu closes it and scrolls to the signup section", async () => {
    const { page, context } = await openPage(browser(), { viewport: PHONE })
    await page.goto(baseUrl + "/about/")
    await waitForApp(page)
    const toggle = page.getByRole("button", { name: "Menu" })
    await toggle.click()
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Join the Drop" }).click()
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false")
    await page.waitForFunction(() => {
      const box = document.getElementById("join-the-drop")?.getBoundingClientRect()
      return Boolean(box && box.top >= 0 && box.top < window.innerHeight / 2)
    })
    expect(page.url()).toBe(`${baseUrl}/about/#join-the-drop`)
    await context.close()
  })

  it("Join the Drop on a page without a signup section goes to the Home signup section", async () => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP })
    await page.goto(baseUrl + "/contact/")
    await waitForApp(page)
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Join the Drop" }).click()
    await page.waitForURL(`${baseUrl}/#join-the-drop`)
    await page.waitForFunction(() => {
      const box = document.getElementById("join-the-drop")?.getBoundingClientRect()
      return Boolean(box && box.top >= 0 && box.top < window.innerHeight)
    })
    await context.close()
  })
})

describe("footer", () => {
  it("shows the tagline, quick links, safe social links and this year's copyright", async () => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP })
    await page.goto(baseUrl + "/")
    await waitForApp(page)
    const footer = page.locator("footer")
    await expect(footer.getByText("Your Block. Your Drip.").count()).resolves.toBe(1)
    const quickLinks = footer.getByRole("navigation", { name: "Footer" }).getByRole("link")
    await expect(quickLinks.allTextContents()).resolves.toEqual(["Home", "About", "Contact", "Privacy Policy"])
    for (const network of ["Instagram", "Twitter", "TikTok"]) {
      const link = footer.getByRole("link", { name: `Block 94 on ${network} (opens in a new tab)` })
      await expect(link.getAttribute("target")).resolves.toBe("_blank")
      await expect(link.getAttribute("rel")).resolves.toBe("noopener noreferrer")
    }
    await expect(footer.getByRole("link", { name: "Join the Drop" }).count()).resolves.toBe(1)
    await expect(footer.getByText(`© ${new Date().getFullYear()} Block 94`).count()).resolves.toBe(1)
    await context.close()
  })

  it("Privacy Policy leads to a real privacy page", async () => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP })
    await page.goto(baseUrl + "/")
    await waitForApp(page)
    await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).click()
    await page.waitForURL(`${baseUrl}/privacy/`)
    // The address changes a moment before the new page renders.
    await page.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor()
    await context.close()
  })
})

describe("cookie notice", () => {
  const notice = "aside[aria-label='Cookie notice']"

  it.each(["Dismiss", "Close cookie notice"])("%s hides it for this page view only, storing nothing", async (button) => {
    const { page, context } = await openPage(browser(), { viewport: PHONE })
    await page.goto(baseUrl + "/")
    await page.locator(notice).waitFor()
    await page.locator(notice).getByRole("button", { name: button, exact: true }).click()
    await expect(page.locator(notice).count()).resolves.toBe(0)
    await expect(page.evaluate(() => window.localStorage.length)).resolves.toBe(0)
    await page.reload()
    await page.locator(notice).waitFor()
    await context.close()
  })

  it("Accept stores the flag and hides it for good, on every page", async () => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP })
    await page.goto(baseUrl + "/about/")
    await page.locator(notice).getByRole("button", { name: "Accept" }).click()
    await expect(page.locator(notice).count()).resolves.toBe(0)
    await expect(page.evaluate(() => window.localStorage.getItem("block94-cookie-consent"))).resolves.toBe("true")
    await page.reload()
    await waitForApp(page)
    await expect(page.locator(notice).count()).resolves.toBe(0)
    await page.goto(baseUrl + "/contact/")
    await waitForApp(page)
    await expect(page.locator(notice).count()).resolves.toBe(0)
    await context.close()
  })
})

/** Every date a visitor (or the owner) reads is written one way, at phone and laptop size. */
import type { Page } from "@playwright/test"
import { E2E_OWNER_TOKEN } from "../tools/dev/serve"
import { datesInOneFormat, datesWrittenOtherwise } from "./date-format"
import { expect, newStatusPath, test } from "./fixtures"
import { NO_BROWSER, ROUTES } from "./site"

/** The pages opened without a token, beside the shared routes (the drop page and the token pages have tests of their own below). */
const PAGES = [...ROUTES, "/waitlist/", "/confirm/", "/unsubscribe/", "/invite/"]

/** What the page shows, as a visitor reads it (hidden text left out). */
const visibleText = (page: Page) => page.locator("body").innerText()

test.describe("the date finder", NO_BROWSER, () => {
  test("takes the site's format in all its forms and catches the ways dates were written before", () => {
    const ours = "Opens Fri 4 Dec, 18:00 GMT+1. Sent as Fri 4 Dec 2026, 17:00 UTC. Last updated: Wed 25 Nov 2026. Day: Mon 23 Nov. At 22:30 GMT+5:30 EST"
    expect(datesInOneFormat(ours)).toEqual(["Fri 4 Dec, 18:00 GMT+1", "Fri 4 Dec 2026, 17:00 UTC", "Wed 25 Nov 2026", "Mon 23 Nov"])
    expect(datesWrittenOtherwise(ours)).toEqual([])
    for (const [written, found] of [
      ["Last updated: 25 November 2026", "25 November"],
      ["enter between 4 and 6 December.", "6 December"],
      ["Opens Fri, Dec 4, 2026, 17:00", "Dec 4"],
      ["Updated Dec 4, 2026, 5:00 PM", "Dec 4"],
      ["backed up 2026-11-25", "2026-11-25"],
      ["on 12/04/2026", "12/04/2026"],
    ]) {
      expect(datesWrittenOtherwise(written).join(" | ")).toContain(found)
    }
    // Words that only look like dates are left alone.
    expect(datesWrittenOtherwise("You may join: 3 business days, 16 or older, #94, 02 days 03 hours.")).toEqual([])
  })
})

test.describe("dates on every page", () => {
  test.use({ timezoneId: "Europe/Berlin" })

  for (const path of PAGES) {
    test(`${path} writes every date one way`, async ({ page, app }) => {
      await app.open(path)
      expect(datesWrittenOtherwise(await visibleText(page))).toEqual([])
    })
  }

  test("the drop page writes its window in the one format, in the reader's zone", async ({ page, app, problems }) => {
    // The draw's record may not exist for this build's drop: the page says so calmly.
    problems.allow(/^error: Failed to load resource: the server responded with a status of 404/)
    await app.open("/drop/")
    await expect(page.locator('time[datetime="2026-12-04T17:00:00Z"]').first()).toHaveText(/^Fri 4 Dec( 2026)?, 18:00 GMT\+1$/)
    const text = await visibleText(page)
    expect(datesInOneFormat(text).length).toBeGreaterThanOrEqual(3)
    expect(datesWrittenOtherwise(text)).toEqual([])
  })

  test("a confirmed person's status page writes its drop's window one way", async ({ page, app, baseURL }) => {
    const statusPath = await newStatusPath(String(baseURL), "dates")
    await app.open(statusPath)
    await expect(page.getByRole("heading", { level: 1, name: /^You're (in: |#\d)/ })).toBeVisible()
    await expect(page.locator('time[datetime="2026-12-04T17:00:00Z"]').first()).toBeVisible()
    const text = await visibleText(page)
    expect(datesInOneFormat(text).length).toBeGreaterThanOrEqual(3)
    expect(datesWrittenOtherwise(text)).toEqual([])
  })

  test("the owner's page writes its days and times one way", async ({ page, app }) => {
    await app.open("/owner/")
    await page.getByLabel("Owner secret").fill(E2E_OWNER_TOKEN)
    await page.getByLabel("Owner secret").press("Enter")
    await expect(page.getByText("Confirmed", { exact: true }).first()).toBeVisible()
    await expect(page.getByText(/^Updated /)).toBeVisible()
    const text = await visibleText(page)
    expect(datesInOneFormat(text).length).toBeGreaterThanOrEqual(1)
    expect(datesWrittenOtherwise(text)).toEqual([])
  })
})

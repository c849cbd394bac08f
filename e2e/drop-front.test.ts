/**
 * The drop up front, at phone and laptop size, by keyboard: the drop named with its stage in the
 * header, the menu and the footer; /drop/ leading with its pieces (large 4:5 pictures, price,
 * colourway, pieces per size, size guide); the one action for the visitor's stage, by the
 * countdown and, on phones, in a bar at the foot of the screen that covers neither focus nor the
 * cookie notice; how the draw is checked folded under one heading, its button disabled with its
 * time before the draw; the age rule said once. Times come from Playwright's clock; the drop
 * service and the status answer are stubbed (their own tests are elsewhere).
 */
import type { Locator, Page, Route } from "@playwright/test"
import drops from "../content/drops.json"
import copy from "../content/pages/drop.json"
import ui from "../content/ui.json"
import { ONE_FORMAT } from "./date-format"
import { axeViolations, cookieNotice, expect, mainNav, menuToggle, onPhone, test, type App, type PageProblems } from "./fixtures"
import { LAPTOP_ONLY, PHONE_ONLY } from "./site"

const [DROP] = drops.drops
const [HOODIE, CAP] = DROP.pieces
/** Six days, four and a half hours before entries open. */
const BEFORE = new Date("2026-11-28T12:30:00Z")
/** A day and seven hours before entries close. */
const OPEN = new Date("2026-12-05T10:00:00Z")
const TOKEN = "A".repeat(43)

const json = (route: Route, status: number, body: unknown) => route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) })
/** The drop service has no record for the drop yet. */
const noRecord = (page: Page) => page.route("**/api/drop?drop=drop-01", (route) => json(route, 404, { error: "unknown drop" }))
const NOT_FOUND = /^error: Failed to load resource: the server responded with a status of 404/

/** Opens the drop page with no record published (its 404 allowed), the browser's clock at `time` when given. */
const openWithoutRecord = async ({ page, app, problems }: { page: Page; app: App; problems: PageProblems }, time?: Date) => {
  problems.allow(NOT_FOUND)
  await noRecord(page)
  if (time) await page.clock.install({ time })
  await app.open("/drop/")
}

/** The status answer for a confirmed person whose entry in drop-01 is in, in size M of the hoodie. */
const enteredStatus = (page: Page) =>
  page.route("**/api/waitlist", (route) =>
    json(route, 200, {
      status: "confirmed",
      position: 3,
      total: 3,
      referrals: 0,
      referralCode: "abc123",
      referralUrl: "https://block94.example/?ref=abc123",
      drops: { "drop-01": { size: "hoodie/M", tickets: 1, entryId: "entry0001", outcome: null, review: null } },
    }),
  )

const dropLink = (scope: Locator) => scope.getByRole("link", { name: new RegExp(`^${DROP.label}`) })
const bar = (page: Page) => page.locator("[data-drop-bar]")
const actionPanel = (page: Page) => page.locator("[data-drop-action]")
const checkFold = (page: Page) => page.locator("[data-check-fold]")

/** Presses Tab until the focused element's text is `text` (or its name, for links), and returns it. */
const tabTo = async (page: Page, text: string): Promise<Locator> => {
  for (let step = 0; step < 80; step += 1) {
    await page.keyboard.press("Tab")
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "")
    if (focused === text) return page.locator(":focus")
  }
  throw new Error(`Tab never reached "${text}"`)
}

test.describe("the drop in the header, the menu and the footer", () => {
  test("names the drop with its countdown on every page, and takes the keyboard to the drop page", async ({ page, app }) => {
    await page.clock.install({ time: BEFORE })
    for (const path of ["/", "/about/"]) {
      await app.open(path)
      if (onPhone(page)) {
        await menuToggle(page).focus()
        await page.keyboard.press("Enter")
      }
      const inHeader = dropLink(mainNav(page))
      await expect(inHeader).toBeVisible()
      await expect(inHeader).toHaveAccessibleName(`${DROP.label} opens in 6d 4h`)
      await expect(inHeader).toHaveAttribute("href", "/drop/")
      await expect(dropLink(page.getByRole("contentinfo"))).toHaveAccessibleName(`${DROP.label} opens in 6d 4h`)
    }
    await dropLink(mainNav(page)).focus()
    await page.keyboard.press("Enter")
    await expect(page).toHaveURL("/drop/")
    await expect(page.getByRole("heading", { level: 2, name: DROP.name })).toBeVisible()
  })

  test("follows the drop's stage: entries open, the draw coming, the results out", LAPTOP_ONLY, async ({ page, app }) => {
    await page.clock.install({ time: OPEN })
    await app.open("/contact/")
    const link = dropLink(mainNav(page))
    await expect(link).toHaveAccessibleName(`${DROP.label} ${ui.dropLink.open}`)
    await page.clock.pauseAt(new Date("2026-12-06T18:00:00Z"))
    await page.clock.runFor(1000)
    await expect(link).toHaveAccessibleName(`${DROP.label} ${ui.dropLink.closed}`)
    await page.clock.pauseAt(new Date("2026-12-08T10:00:00Z"))
    await page.clock.runFor(1000)
    await expect(link).toHaveAccessibleName(`${DROP.label} ${ui.dropLink.results}`)
  })
})

test.describe("the drop page leads with the pieces", () => {
  test("large 4:5 pictures before anything else, each with its name, price, colourway and pieces per size", async ({ page, app, problems }) => {
    await openWithoutRecord({ page, app, problems }, BEFORE)
    const pictures = page.locator("[data-piece] img")
    await expect(pictures).toHaveCount(DROP.pieces.length)
    const first = await pictures.first().boundingBox()
    const countdown = await page.locator("[data-countdown]").boundingBox()
    expect(first && countdown && first.y < countdown.y).toBe(true)
    const width = page.viewportSize()?.width ?? 0
    for (const picture of await pictures.all()) {
      const box = await picture.boundingBox()
      expect(box && Math.abs(box.height / box.width - 1.25)).toBeLessThan(0.02)
      // A phone's width, less the page's margins; half a laptop's container.
      expect(box?.width).toBeGreaterThan(onPhone(page) ? width - 40 : 500)
    }
    for (const [piece, price] of [
      [HOODIE, "€89"],
      [CAP, "€39"],
    ] as const) {
      const card = page.locator(`[data-piece="${piece.id}"]`)
      await expect(card.getByRole("heading", { name: piece.name })).toBeVisible()
      await expect(card).toContainText(price)
      await expect(card).toContainText(piece.colourway)
      const sizes = card.getByRole("list", { name: copy.pieces.sizes }).getByRole("listitem")
      await expect(sizes).toHaveText(piece.sizes.map((size) => new RegExp(`^${size.label}\\s*${size.quantity} pieces$`)))
    }
  })

  test("opens a piece's size guide from the keyboard", async ({ page, app, problems }) => {
    await openWithoutRecord({ page, app, problems })
    const card = page.locator(`[data-piece="${HOODIE.id}"]`)
    await expect(card.getByText(HOODIE.sizes[0].measurements)).toBeHidden()
    await page.locator("#main").focus()
    await tabTo(page, copy.details.sizeGuide)
    await page.keyboard.press("Enter")
    await expect(card.getByText(HOODIE.fit)).toBeVisible()
    for (const size of HOODIE.sizes) await expect(card.getByRole("row", { name: `${size.label} ${size.measurements}` })).toBeVisible()
  })
})

test.describe("the one action for the visitor's stage", () => {
  test("before the opening, a visitor joins the list, by the countdown and with the age rule said once", async ({ page, app, problems }) => {
    await openWithoutRecord({ page, app, problems }, BEFORE)
    await expect(actionPanel(page)).toHaveAttribute("data-drop-action", "join")
    await expect(actionPanel(page).getByRole("link", { name: copy.action.join })).toHaveAttribute("href", "/#join-the-drop")
    await checkFold(page).locator("summary").click()
    const age = `${drops.minimumAge} or older`
    expect((await page.locator("body").innerText()).split(age)).toHaveLength(2)
    await expect(actionPanel(page)).toContainText(age)
  })

  test("while entries are open, the action is to enter, on the status page", async ({ page, app, problems }) => {
    await openWithoutRecord({ page, app, problems }, OPEN)
    await expect(actionPanel(page).getByRole("link", { name: copy.action.enter })).toHaveAttribute("href", "/waitlist/")
  })

  test('with a status link, someone whose entry is in reads "you\'re in" with their size, and goes on to their status page', async ({
    page,
    app,
    problems,
  }) => {
    problems.allow(NOT_FOUND)
    await noRecord(page)
    await enteredStatus(page)
    await page.clock.install({ time: OPEN })
    await app.open(`/drop/#token=${TOKEN}`)
    const entered = copy.action.entered.replace("{size}", `${HOODIE.name}, M`)
    const link = actionPanel(page).getByRole("link", { name: entered })
    await expect(link).toHaveAttribute("href", `/waitlist/#token=${TOKEN}`)
    if (onPhone(page)) await expect(bar(page).getByRole("link", { name: entered })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
})

test.describe("the phone's sticky bar", () => {
  test("holds the countdown and the action at the foot of the screen, above the cookie notice", PHONE_ONLY, async ({ page, app, problems }) => {
    await openWithoutRecord({ page, app, problems }, BEFORE)
    await expect(cookieNotice(page)).toBeVisible()
    await expect(bar(page)).toBeVisible()
    await expect(bar(page)).toContainText(copy.countdown.toOpen)
    await expect(bar(page)).toContainText("6d 4h")
    const barBox = await bar(page).boundingBox()
    const noticeBox = await cookieNotice(page).boundingBox()
    // Right above the notice, which is drawn over it (they may share the pixel the notice's rounded height leaves).
    expect(barBox && noticeBox && Math.abs(barBox.y + barBox.height - noticeBox.y)).toBeLessThanOrEqual(1)
    expect(
      await page.evaluate(() =>
        document
          .elementFromPoint(200, window.innerHeight - 10)
          ?.closest("aside")
          ?.getAttribute("aria-label"),
      ),
    ).toBe("Cookie notice")
    // Its action by the keyboard: to the signup section on Home.
    await bar(page).getByRole("link", { name: copy.action.join }).focus()
    await page.keyboard.press("Enter")
    await expect(page).toHaveURL("/#join-the-drop")
  })

  test("never covers the focused control, all the way through the page", PHONE_ONLY, async ({ page, app, problems }) => {
    await openWithoutRecord({ page, app, problems }, BEFORE)
    await expect(bar(page)).toBeVisible()
    await checkFold(page).locator("summary").focus()
    await page.keyboard.press("Enter")
    await page.locator("#main").focus()
    const covered: string[] = []
    for (let step = 0; step < 60; step += 1) {
      await page.keyboard.press("Tab")
      // After the page's own scrolling to the focused control (a frame on).
      await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))))
      const found = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement | null
        const barElement = document.querySelector("[data-drop-bar]")
        const notice = document.querySelector("aside[aria-label='Cookie notice']")
        if (!focused || focused === document.body) return null
        const box = focused.getBoundingClientRect()
        const hides = (cover: Element | null) => {
          if (!cover || cover.contains(focused)) return false
          const over = cover.getBoundingClientRect()
          return box.left < over.right && over.left < box.right && box.top < over.bottom && over.top < box.bottom
        }
        return hides(barElement) || hides(notice) ? (focused.textContent?.trim() ?? focused.tagName) : ""
      })
      if (found === null) break
      if (found) covered.push(found)
    }
    expect(covered).toEqual([])
  })

  test("is not there on a laptop", LAPTOP_ONLY, async ({ page, app, problems }) => {
    await openWithoutRecord({ page, app, problems }, BEFORE)
    await expect(actionPanel(page)).toHaveAttribute("data-drop-action", "join")
    await expect(bar(page)).toBeHidden()
  })
})

test.describe("how the draw is checked, folded", () => {
  test("opens from the keyboard; before the draw its button is disabled with when it opens; axe clean", async ({ page, app, problems }) => {
    await openWithoutRecord({ page, app, problems }, BEFORE)
    const fold = checkFold(page)
    await expect(fold.getByText(copy.check.paragraphs[0])).toBeHidden()
    await page.locator("#main").focus()
    await tabTo(page, copy.check.heading)
    await page.keyboard.press("Enter")
    await expect(fold.getByText(copy.check.paragraphs[0])).toBeVisible()
    const button = fold.getByRole("button", { name: copy.live.verify.button })
    await expect(button).toBeDisabled()
    const opens = fold.locator("[data-check='later'] p")
    await expect(opens).toContainText(copy.action.checkOpens.split("{time}")[0])
    expect((await opens.innerText()).match(ONE_FORMAT)).toHaveLength(1)
    await expect(button).toHaveAccessibleDescription(await opens.innerText())
    await tabTo(page, copy.details.sizeGuide)
    await page.keyboard.press("Enter")
    expect(await axeViolations(page)).toEqual([])
  })
})

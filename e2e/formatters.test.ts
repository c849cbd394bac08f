/**
 * A browser's first date or number formatter costs a phone tens of milliseconds of its page's
 * thread, so the pages that format as they load start the browser's one-time setup on a worker
 * from their head (PAGES_FORMATTING_ON_LOAD, gatsby-ssr.tsx). These tests hold that list to what
 * the pages do: a page that starts formatting as it loads without being on it fails here.
 */
import type { Page } from "@playwright/test"
import { PAGES_FORMATTING_ON_LOAD } from "../src/lib/routes"
import { expect, newStatusPath, test } from "./fixtures"
import { PHONE_ONLY, ROUTES } from "./site"

/** Every page a visitor can open without a token, the owner's included. */
const PAGES = [...ROUTES, "/drop/", "/waitlist/", "/confirm/", "/unsubscribe/", "/invite/", "/owner/", "/friend/"]

interface FormatterCount {
  formattersMade: string[]
}

/** From before the page's first script: every formatter the page makes, by kind, with the date and number methods that make one. */
const countFormatters = (page: Page) =>
  page.addInitScript(() => {
    const made: string[] = []
    ;(window as unknown as FormatterCount).formattersMade = made
    const intl = Intl as unknown as Record<string, new (...args: unknown[]) => object>
    for (const kind of ["DateTimeFormat", "NumberFormat"]) {
      intl[kind] = new Proxy(intl[kind], {
        construct: (target, args) => {
          made.push(kind)
          return Reflect.construct(target, args) as object
        },
        apply: (target, self, args) => {
          made.push(kind)
          return Reflect.apply(target, self, args) as object
        },
      })
    }
    const methods: Array<[object, string]> = [
      [Date.prototype, "toLocaleString"],
      [Date.prototype, "toLocaleDateString"],
      [Date.prototype, "toLocaleTimeString"],
      [Number.prototype, "toLocaleString"],
    ]
    for (const [prototype, method] of methods) {
      const original = Reflect.get(prototype, method) as (...args: unknown[]) => string
      Object.defineProperty(prototype, method, {
        value: function (this: unknown, ...args: unknown[]) {
          made.push(method)
          return original.apply(this, args)
        },
      })
    }
  })

/** What the page made as it loaded: through hydration, the requests it starts, and what it leaves for the browser's first idle moment. */
const formattersMadeOnLoad = async (page: Page): Promise<string[]> => {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })))
  return page.evaluate(() => (window as unknown as FormatterCount).formattersMade)
}

/** Whether the page's head starts the formatters' worker. */
const warmsFormatters = (page: Page) =>
  page.evaluate(() => [...document.head.querySelectorAll("script")].some((script) => script.text.includes("warm-formatters.js")))

test.describe("pages that format as they load warm the browser's formatters first", PHONE_ONLY, () => {
  test.beforeEach(({ page }) => countFormatters(page))

  for (const path of PAGES.filter((path) => !PAGES_FORMATTING_ON_LOAD.includes(path))) {
    test(`${path} makes no formatter as it loads, and starts no worker for them`, async ({ page, app }) => {
      await app.open(path)
      expect(await formattersMadeOnLoad(page)).toEqual([])
      expect(await warmsFormatters(page)).toBe(false)
    })
  }

  test("the drop page writes its times as it loads, and its head has started the worker", async ({ page, app, problems }) => {
    // The draw's record may not exist for this build's drop: the page says so calmly.
    problems.allow(/^error: Failed to load resource: the server responded with a status of 404/)
    await app.open("/drop/")
    expect(await formattersMadeOnLoad(page)).toContain("DateTimeFormat")
    expect(await warmsFormatters(page)).toBe(true)
  })

  test("a person's status page writes their place and dates as it loads, and its head has started the worker", async ({ page, app, baseURL }) => {
    const statusPath = await newStatusPath(String(baseURL), "formatters")
    await app.open(statusPath)
    await expect(page.getByRole("heading", { level: 1, name: /^You're (in: |#\d)/ })).toBeVisible()
    expect((await formattersMadeOnLoad(page)).length).toBeGreaterThan(0)
    expect(await warmsFormatters(page)).toBe(true)
  })
})

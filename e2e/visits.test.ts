// Counting visits in the browser, against the built site under `gatsby serve` (the Functions):
// a reload is one more view but not a landing, a bot is counted nowhere, the beacon writes
// nothing to cookies or storage, and a campaign link to a confirmed signup shows once at each
// step of the owner's funnel. Each test counts under names of its own (a page that does not
// exist, a source), so tests running side by side never share a counter.
import { DatabaseSync } from "node:sqlite"
import type { APIRequestContext, Page, Request, TestInfo } from "@playwright/test"
import type { FunnelAnswer, FunnelPeriod, FunnelStep } from "../src/signup/funnel"
import { E2E_OWNER_TOKEN } from "../tools/dev/serve"
import { expect, signupSection, test, toast } from "./fixtures"

/** A browser as a visitor's: headless Chromium says "HeadlessChrome", which is a bot. */
const VISITOR = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"

/** A name no other test or project uses. */
const unique = (what: string, testInfo: TestInfo) => `e2e-${what}-${testInfo.project.name}-${Date.now().toString(36)}`

/** The next page view the page sends. */
const nextView = (page: Page): Promise<Request> => page.waitForRequest((request) => request.url().endsWith("/api/visit") && request.method() === "POST")

/** The owner's funnel; reading it writes what the server counted and has not written yet. */
const funnel = async (request: APIRequestContext): Promise<FunnelAnswer> => {
  // A connection of its own: one kept from a read seconds earlier may be closing on the server's side just as this goes out.
  const answer = await request.get("/api/owner/funnel", { headers: { authorization: `Bearer ${E2E_OWNER_TOKEN}`, connection: "close" } })
  expect(answer.status()).toBe(200)
  return (await answer.json()) as FunnelAnswer
}

/** A page's counters of today, as the store holds them (once the funnel was read): views and landings. */
const pageCount = (signupsFile: string, path: string): { views: number; landings: number } => {
  const db = new DatabaseSync(signupsFile, { readOnly: true })
  try {
    const row = db.prepare("select views, landings from visit_counts where period = 'day' and dimension = 'path' and name = ?").get(path)
    return { views: Number(row?.views ?? 0), landings: Number(row?.landings ?? 0) }
  } finally {
    db.close()
  }
}

/** What the page holds in cookies and storage. */
const stored = (page: Page) =>
  page.evaluate(() => ({
    cookie: document.cookie,
    local: Object.fromEntries(Object.entries(localStorage)),
    session: Object.fromEntries(Object.entries(sessionStorage)),
  }))

test.describe("counting visits", () => {
  test.describe("from a visitor's browser", () => {
    test.use({ userAgent: VISITOR })

    test("a reload is one more view of the page, but not a second landing", async ({ page, app, problems, request, signupsFile }, testInfo) => {
      const path = `/${unique("reload", testInfo)}/`
      // A page of its own: the 404 page, which warns of the path it was asked for (once per load).
      problems.allow(`warning: 404: no page at ${path}`)
      let sent = nextView(page)
      await app.open(`${path}?utm_source=reload-test#top`)
      expect((await sent).postDataJSON()).toEqual({ path, landing: true, source: "reload-test" })
      sent = nextView(page)
      await page.reload()
      await app.hydrated()
      expect((await sent).postDataJSON()).toEqual({ path })
      await funnel(request)
      expect(pageCount(signupsFile, path)).toEqual({ views: 2, landings: 1 })
    })

    test("the beacon writes nothing to cookies or storage; the only entry is the signup's remembered campaign", async ({ page, app }) => {
      // Listening before the page opens: on a quick load the view can leave before storage is first read.
      const sent = nextView(page)
      await page.goto("/about/", { waitUntil: "domcontentloaded" })
      const before = await stored(page)
      await app.hydrated()
      await sent
      expect(before).toEqual({ cookie: "", local: {}, session: {} })
      expect(await stored(page)).toEqual(before)

      // A campaign link: the signup form remembers it for the visit (session storage), and nothing more is written.
      const campaign = nextView(page)
      await app.open("/?utm_source=storage-test")
      await campaign
      const after = await stored(page)
      expect(after.cookie).toBe("")
      expect(after.local).toEqual({})
      expect(Object.keys(after.session)).toEqual(["block94-attribution"])
    })

    test("a campaign link to a confirmed signup counts once at each step of the owner's funnel", async ({ page, app, request }, testInfo) => {
      const source = unique("campaign", testInfo)
      const before = await funnel(request)
      const sent = nextView(page)
      await app.open(`/?utm_source=${source}&utm_campaign=${source}`)
      await sent
      const form = signupSection(page).locator("form")
      await form.getByLabel("Email address").fill(`${source}@example.com`)
      await form.getByRole("checkbox").check()
      await form.getByRole("button", { name: "Join the Drop" }).click()
      await expect(toast(page, "status", "Welcome to Block 94! 🎉")).toBeVisible()

      const figures = await funnel(request)
      expect(figures.sources.find((row) => row.name === source)).toEqual({ name: source, visits: 1, signups: 1, confirmed: 1 })
      expect(figures.campaigns.find((row) => row.name === source)).toEqual({ name: source, visits: 1, signups: 1, confirmed: 1 })
      // In the totals and in the days' series the charts draw too. Other tests (the other screen size's run of this one
      // among them) count on the same server meanwhile, so these grow by this visit's one at least; the rows above are exact.
      const STEPS = ["visits", "signups", "confirmed"] as const
      const sum = (periods: FunnelPeriod[], step: FunnelStep) => periods.reduce((all, period) => all + period[step], 0)
      for (const step of STEPS) {
        expect(figures.total[step] - before.total[step]).toBeGreaterThanOrEqual(1)
        expect(sum(figures.days, step) - sum(before.days, step)).toBeGreaterThanOrEqual(1)
      }

      // The owner's first screen, charts and breakdown say what the funnel says (on the page, a count this small is "fewer than 5").
      await app.open("/owner/")
      await page.getByLabel("Owner secret").fill(E2E_OWNER_TOKEN)
      await page.getByRole("button", { name: "Open the dashboard" }).click()
      const shown = await funnel(request)
      for (const step of STEPS) {
        await expect(page.locator(`[data-step='${step}']`)).toHaveAttribute("data-count", String(shown.total[step]))
        await expect(page.locator(`[data-step-chart='${step}']`)).toHaveAttribute("data-total", String(sum(shown.hours, step)))
      }
      await expect(page.getByRole("table", { name: "Campaigns" }).getByRole("row", { name: new RegExp(source) })).toContainText(
        new RegExp(`${source}\\s*fewer than 5\\s*fewer than 5\\s*–\\s*fewer than 5\\s*–`),
      )
    })
  })

  for (const [bot, userAgent] of [
    ["headless Chromium", undefined],
    ["Googlebot", GOOGLEBOT],
  ] as const) {
    test.describe(`from ${bot}`, () => {
      if (userAgent) test.use({ userAgent })

      test("is answered as anyone and counted nowhere", async ({ page, app, problems, request, signupsFile }, testInfo) => {
        const path = `/${unique("bot", testInfo)}/`
        problems.allow(`warning: 404: no page at ${path}`)
        const sent = nextView(page)
        await app.open(`${path}?utm_source=${path.slice(1, -1)}`)
        expect((await (await sent).response())?.status()).toBe(204)
        const figures = await funnel(request)
        expect(figures.sources.map((row) => row.name)).not.toContain(path.slice(1, -1))
        expect(pageCount(signupsFile, path)).toEqual({ views: 0, landings: 0 })
      })
    })
  }
})

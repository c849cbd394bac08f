// The owner's page as the owner uses it, at phone and laptop size, against the production server
// with a store of its own (so every number on the page is one this test made): people sign up
// through the API, the owner signs in with the secret from the keyboard, sees the counts, the
// chart and where people came from match, erases an address, lists who is next (a dry run) and
// invites them, downloads the CSV and signs out; then, from the first screen and its section links,
// releases a referrer's held friends at once. A wrong secret gets 401 and shows nothing.
// Every state on the way is axe clean. The Gatsby Functions answer alike (the shared test site).
import { execFile } from "node:child_process"
import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import type { Page } from "@playwright/test"
import { E2E_OWNER_TOKEN, freePort, serveProduction, type ProductionServer } from "../tools/dev/serve"
import {
  answerBuiltApiLocally,
  axeViolations,
  expect,
  focused,
  inOrderOnOneServer,
  openBeforeJavaScript,
  signInToOwnerPage,
  signUpThroughApi,
  tabTo,
  test,
  waitUntilHydrated,
} from "./fixtures"
import { NO_BROWSER } from "./site"

const SECRET = "owner-page-e2e-secret-0123456789"

const count = (page: Page, label: string) =>
  page
    .locator("dl[aria-label='The list in numbers'] > div")
    .filter({ has: page.locator(`dt:text-is("${label}")`) })
    .locator("dd")
    .first()

test.describe("the owner's page", () => {
  inOrderOnOneServer()
  let server: ProductionServer
  let siteUrl: string
  let mayaCode: string

  test.beforeAll(async () => {
    const port = await freePort()
    siteUrl = `http://127.0.0.1:${port}`
    const store = { SIGNUPS_FILE: join(mkdtempSync(join(tmpdir(), "block94-owner-")), "signups.db") }
    server = await serveProduction({ ...store, OWNER_TOKEN: SECRET, SITE_URL: siteUrl, SMTP_URL: "" }, { port })
    // Three people through the public API: two from a TikTok campaign, one through the first one's link.
    const first = await signUpThroughApi(siteUrl, "maya.first@example.com", { utm: { source: "tiktok", campaign: "drop-1" } })
    mayaCode = first.referralCode
    await signUpThroughApi(siteUrl, "leo.second@example.com", { utm: { source: "tiktok" } })
    await signUpThroughApi(siteUrl, "ari.friend@example.com", { referralCode: first.referralCode, utm: { referrer: "news.example" } })
    // Twenty visits from outside the site, as the pages' beacon sends them, and a move within it.
    const view = (body: unknown) =>
      fetch(`${siteUrl}/api/visit`, {
        method: "POST",
        headers: {
          "content-type": "text/plain;charset=UTF-8",
          "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36",
        },
        body: JSON.stringify(body),
      })
    for (let i = 0; i < 20; i++) expect((await view({ path: "/", landing: true, source: "tiktok" })).status).toBe(204)
    expect((await view({ path: "/about/" })).status).toBe(204)
    // A backup beside the running server, as cron would take one.
    await promisify(execFile)(process.execPath, ["--import", "tsx", "tools/cli/db-backup.ts"], { env: { ...process.env, ...store } })
  })

  test.afterAll(async () => {
    await server?.stop()
  })

  const open = async (page: Page) => {
    await page.goto(`${siteUrl}/owner/`)
    await waitUntilHydrated(page)
  }

  test("a wrong secret gets 401 and shows nothing", async ({ page, problems }) => {
    problems.allow(/^error: Failed to load resource: the server responded with a status of 401/)
    await open(page)
    await expect(page.getByRole("heading", { level: 1, name: "The list at a glance" })).toBeVisible()
    await page.getByLabel("Owner secret").fill("not-the-secret")
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/owner/summary") && response.request().method() === "GET")
    await page.getByRole("button", { name: "Open the dashboard" }).click()
    expect((await answer).status()).toBe(401)
    await expect(page.getByRole("alert")).toHaveText("That secret isn't right. Check the owner's secret on the server (OWNER_TOKEN) and try again.")
    await expect(page.getByLabel("Owner secret")).toHaveAttribute("aria-invalid", "true")
    await expect(page.getByText("Confirmed", { exact: true })).toHaveCount(0)
    await expect(page.getByText("maya.first@example.com")).toHaveCount(0)
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.endsWith("owner-secret")))).toEqual([])
    expect(await axeViolations(page)).toEqual([])
  })

  test("a secret typed before the page's JavaScript came is the one checked", async ({ page, problems }) => {
    problems.allow(/^error: Failed to load resource: the server responded with a status of 401/)
    const release = await openBeforeJavaScript(page, `${siteUrl}/owner/`)
    await page.getByLabel("Owner secret").fill("not-the-secret")
    release()
    await waitUntilHydrated(page)
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/owner/summary") && response.request().method() === "GET")
    await page.getByRole("button", { name: "Open the dashboard" }).click()
    expect((await answer).status()).toBe(401)
    await expect(page.getByLabel("Owner secret")).toHaveValue("not-the-secret")
  })

  test("signs in from the keyboard and shows what was made: counts, chart, sources, referrers; keeps the secret for the tab only", async ({
    page,
    browser,
  }) => {
    await open(page)
    await page.locator("body").click({ position: { x: 1, y: 1 } })
    const field = await tabTo(page, "Owner secret")
    expect(field.ring).toBe(true)
    await page.keyboard.type(SECRET)
    await page.keyboard.press("Enter")

    await expect(count(page, "Confirmed")).toHaveText("3")
    await expect(count(page, "Pending")).toHaveText("0")
    await expect(count(page, "Left the list")).toHaveText("0")
    await expect(count(page, "Confirmation rate")).toHaveText("100%")
    await expect(page.getByText("3 of 3 signups")).toBeVisible()
    // Visits, counted without cookies, and the share that signed up: with fewer than 5 signups, no rate that would single them out.
    await expect(count(page, "Visits")).toHaveText("20")
    await expect(count(page, "Visits that signed up").first()).toHaveText("–")
    await expect(page.getByText("fewer than 5 signups from 20 visits")).toBeVisible()
    // The funnel over time: this hour's and today's steps, once each; small counts as "fewer than 5", a pale bar.
    const signupsChart = page.locator("[data-step-chart='signups']")
    await expect(signupsChart).toHaveAttribute("data-total", "3")
    await expect(signupsChart).toContainText("fewer than 5 in this span")
    await expect(signupsChart.locator("rect[data-small]")).toHaveCount(1)
    await expect(page.locator("[data-step-chart='visits']")).toContainText("20 in this span")
    const asTable = page.getByRole("button", { name: "Show the numbers as a table" })
    await asTable.click()
    await expect(asTable).toHaveAttribute("aria-pressed", "true")
    const byHour = page.getByRole("table", { name: "Each step by hour, last 48 hours (UTC)" }).locator("tbody tr")
    await expect(byHour).toHaveCount(48)
    await expect(byHour.filter({ hasText: /20\s*fewer than 5\s*fewer than 5\s*0\s*0\s*0$/ })).toHaveCount(1)
    await page.getByRole("button", { name: "Last 30 days" }).click()
    await expect(page.getByRole("table", { name: "Each step by day, last 30 days (UTC)" }).locator("tbody tr")).toHaveCount(30)
    expect(await axeViolations(page)).toEqual([])
    await asTable.click()
    // Where they came from, step by step, with the rate at each: none on counts this small.
    const sources = page.getByRole("table", { name: "Sources" })
    await expect(sources.getByRole("row", { name: /tiktok/ })).toContainText(/tiktok\s*20\s*fewer than 5\s*–\s*fewer than 5\s*–/)
    await expect(page.getByRole("table", { name: "Campaigns" }).getByRole("row", { name: /drop-1/ })).toContainText(/drop-1\s*0\s*fewer than 5\s*–/)
    await expect(page.getByRole("table", { name: "Referring sites" }).getByRole("row", { name: /news\.example/ })).toContainText(/0\s*fewer than 5\s*–/)
    await expect(page.getByText("No errors: mail is getting through.")).toBeVisible()
    await expect(page.getByText("None: every webhook is delivering.")).toBeVisible()
    await expect(page.getByText("None: every address so far takes our mail.")).toBeVisible()
    const backups = page.getByRole("region", { name: "Backups", exact: true })
    await expect(backups).toContainText(/Last good backup\s*\S.*Signups in it\s*3/)
    await expect(backups.getByRole("status")).toHaveText("Backups are up to date.")
    // Nobody confirmed Ari's address (single opt-in): the referral is on hold until the owner releases it.
    await expect(page.getByText("No one has brought a friend yet.")).toBeVisible()
    const held = page.getByRole("region", { name: "Referrals on hold" })
    await expect(held.getByRole("row", { name: /ari\.friend@example\.com/ })).toContainText(
      /maya\.first@example\.com\s*Nobody confirmed the address: the list does not ask for confirmation/,
    )
    expect(await axeViolations(page)).toEqual([])
    const release = await tabTo(page, "Release: ari.friend@example.com")
    expect(release.ring).toBe(true)
    await page.keyboard.press("Enter")
    await expect(page.getByText("Released: the referral counts for maya.first@example.com.")).toBeVisible()
    await expect(page.getByRole("region", { name: "Top referrers" }).getByRole("row", { name: /maya\.first@example\.com/ })).toContainText(
      /1\s*First look at the drop$/,
    )
    await expect(page.getByText("Nothing on hold: every referral so far counted.")).toBeVisible()
    await expect(page.getByRole("region", { name: "What was done with the list" }).getByRole("row").nth(1)).toContainText(
      /Referrals released\s*1\s*owner's page/,
    )
    expect(await axeViolations(page)).toEqual([])

    // For this tab only: a reload keeps the owner signed in, another tab (a new session) does not.
    await page.reload()
    await waitUntilHydrated(page)
    await expect(count(page, "Confirmed")).toHaveText("3")
    const other = await browser.newContext()
    await answerBuiltApiLocally(other)
    const otherPage = await other.newPage()
    await otherPage.goto(`${siteUrl}/owner/`)
    await waitUntilHydrated(otherPage)
    await expect(otherPage.getByLabel("Owner secret")).toBeVisible()
    await expect(otherPage.getByText("Confirmed", { exact: true })).toHaveCount(0)
    await other.close()
  })

  test("erases an address after asking, from the keyboard, and the counts follow", async ({ page }) => {
    await open(page)
    await page.getByLabel("Owner secret").fill(SECRET)
    await page.getByRole("button", { name: "Open the dashboard" }).click()
    await expect(count(page, "Confirmed")).toHaveText("3")
    const email = page.getByRole("textbox", { name: "Email address", exact: true })
    await email.focus()
    await page.keyboard.type("leo.second@example.com")
    await page.keyboard.press("Enter")
    // Asked first, the safe answer focused; Escape goes back without erasing.
    await expect(page.getByText("Erase leo.second@example.com? Their place, referral link and mail go too. This can't be undone.")).toBeVisible()
    await expect.poll(async () => (await focused(page)).text).toBe("Keep it")
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press("Escape")
    await expect(page.getByText("Nothing was done.")).toBeVisible()
    await expect(count(page, "Confirmed")).toHaveText("3")
    await page.keyboard.press("Enter")
    await expect.poll(async () => (await focused(page)).text).toBe("Keep it")
    await page.keyboard.press("Shift+Tab")
    expect((await focused(page)).text).toBe("Yes, erase it")
    await page.keyboard.press("Enter")
    await expect(page.getByText("Erased leo.second@example.com from the list.")).toBeVisible()
    await expect(count(page, "Confirmed")).toHaveText("2")
    await expect(count(page, "Left the list")).toHaveText("1")
    // Asked again: no one has it now, and it stays off the list.
    await email.fill("leo.second@example.com")
    await page.getByRole("button", { name: "Erase", exact: true }).click()
    await page.getByRole("button", { name: "Yes, erase it" }).click()
    await expect(page.getByText("No one on the list had leo.second@example.com. It's kept off the list all the same.")).toBeVisible()
  })

  test("shows who is next before inviting, then invites them; downloads the CSV after asking; signs out", async ({ page }) => {
    await open(page)
    await page.getByLabel("Owner secret").fill(SECRET)
    await page.getByRole("button", { name: "Open the dashboard" }).click()
    await expect(count(page, "Confirmed")).toHaveText("2")
    await expect(count(page, "Invited")).toHaveText("0")

    // The dry run lists who is next, in place order, and invites no one.
    await page.getByRole("spinbutton", { name: "How many" }).fill("10")
    await page.getByRole("button", { name: "Show who's next" }).click()
    const next = page.getByRole("table", { name: "The next 2 in line" })
    await expect(next).toBeVisible()
    await expect(next.getByRole("row")).toHaveText([/Place\s*Address/, /1\s*maya\.first@example\.com/, /2\s*ari\.friend@example\.com/])
    await expect(page.getByText("Invite these 2 people now? Each gets an email with a single-use code.")).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await expect(count(page, "Invited")).toHaveText("0")
    await page.getByRole("button", { name: "Send the invitations" }).click()
    await expect(page.getByText("Invited 2 people.")).toBeVisible()
    await expect(count(page, "Invited")).toHaveText("2")

    await page.getByRole("button", { name: "Download CSV" }).click()
    await expect(page.getByText("The file holds every address on the list.", { exact: false })).toBeVisible()
    const download = page.waitForEvent("download")
    await page.getByRole("button", { name: "Download it" }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^signups-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = readFileSync(await file.path(), "utf8")
    const lines = csv.trim().split("\r\n")
    expect(lines[0]).toBe(
      '"email","source","status","signed_up_at","received_at","confirmed_at","referral_code","referred_by","confirmed_referrals","position","utm_source","utm_medium","utm_campaign","referrer","consent","consented_at","invited_at","redeemed_at","drops"',
    )
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(['"maya.first@example.com"', '"ari.friend@example.com"'])
    await expect(page.getByText("Saved. Check your downloads.")).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    // Every erasure, wave, export and decision is in the audit, newest first; no erased address is.
    await page.getByRole("button", { name: "Refresh" }).click()
    const audit = page.getByRole("region", { name: "What was done with the list" })
    await expect(audit.getByRole("row")).toHaveText([/When/, /Export\s*1/, /Invitation wave\s*2/, /Erasure\s*1/, /Erasure\s*1/, /Referrals released\s*1/])
    await expect(audit.last()).not.toContainText("leo.second")

    await page.getByRole("button", { name: "Sign out" }).click()
    await expect(page.getByLabel("Owner secret")).toBeFocused()
    await expect(page.getByText("maya.first@example.com")).toHaveCount(0)
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.endsWith("owner-secret")))).toEqual([])
  })

  test("says on its first screen whether it is working, and releases a referrer's held friends at once, from the keyboard", async ({ page }) => {
    // Two more friends through Maya's link: held, since nobody confirmed their addresses.
    for (const email of ["noa.friend@example.com", "kai.friend@example.com"]) await signUpThroughApi(siteUrl, email, { referralCode: mayaCode })
    await signInToOwnerPage(page, siteUrl, SECRET)

    // The first screen: the health line in words, everyone on the list against the goal, the funnel's steps.
    await expect(page.getByRole("heading", { level: 2, name: "Is it working?" })).toBeVisible()
    await expect(page.locator("[data-health]")).toHaveAttribute("data-health", /^(good|warn|problem)$/)
    await expect(page.getByText(/^4 of 1,000 \(/)).toBeVisible()
    await expect(page.locator("[data-step='visits']")).toContainText("20")
    // Mail in the health line: none is sent without a mail server, and the site says what it cannot know.
    await expect(page.locator("[data-mail-sent]")).toHaveText(/^Mail: 0 emails handed to the mail server today \(UTC\)\. The mail server does not tell/)
    // How the list spreads: Maya's link brought no visit, so none of 5 people shared.
    await expect(page.getByRole("term").filter({ hasText: "Share rate" })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])

    // The bar at the top leads to the held referrals; Maya's two held friends are released together.
    const sections = page.getByRole("navigation", { name: "Sections of this page" })
    await expect(sections.getByRole("link")).toHaveCount(9)
    await tabTo(page, "On hold")
    await page.keyboard.press("Enter")
    await expect(page).toHaveURL(/#owner-held$/)
    const release = await tabTo(page, "Release all 2 held for maya.first@example.com")
    expect(release.ring).toBe(true)
    await page.keyboard.press("Enter")
    await expect(page.getByText("Released 2: they count for maya.first@example.com.")).toBeVisible()
    await expect(page.getByText("Nothing on hold: every referral so far counted.")).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
})

test.describe("the owner's page without OWNER_TOKEN", () => {
  let server: ProductionServer

  test.beforeAll(async () => {
    server = await serveProduction({ SIGNUPS_FILE: join(mkdtempSync(join(tmpdir(), "block94-owner-off-")), "signups.db"), OWNER_TOKEN: "" })
  })

  test.afterAll(async () => {
    await server?.stop()
  })

  test("says how to turn it on, and every endpoint answers 404", async ({ page, problems }) => {
    problems.allow(/^error: Failed to load resource: the server responded with a status of 404/)
    await page.goto(`${server.baseUrl}/owner/`)
    await waitUntilHydrated(page)
    await expect(page.getByText(/^This page is off\. To turn it on, give the server an owner's secret: .* OWNER_TOKEN/)).toBeVisible()
    await expect(page.getByLabel("Owner secret")).toHaveCount(0)
    expect(await axeViolations(page)).toEqual([])
    for (const path of ["summary", "export", "forget", "invite"]) {
      expect((await fetch(`${server.baseUrl}/api/owner/${path}`, { headers: { authorization: "Bearer anything" } })).status).toBe(404)
    }
  })
})

test.describe("the owner's endpoints as Gatsby Functions", NO_BROWSER, () => {
  test("answer only with the secret, never cached; the page is noindex and outside the sitemap", async ({ request }) => {
    expect((await request.fetch("/api/owner/summary", { method: "OPTIONS" })).status()).toBe(200)
    const refused = await request.get("/api/owner/summary")
    expect(refused.status()).toBe(401)
    expect(refused.headers()["www-authenticate"]).toBe('Bearer realm="owner"')
    expect(await refused.json()).toEqual({ error: "The owner's secret is missing or wrong", code: "owner_secret_wrong" })
    const summary = await request.get("/api/owner/summary", { headers: { authorization: `Bearer ${E2E_OWNER_TOKEN}` } })
    expect(summary.status()).toBe(200)
    expect(summary.headers()["cache-control"]).toBe("no-store")
    expect(await summary.json()).toMatchObject({ confirmed: expect.any(Number), pending: expect.any(Number), perDay: expect.any(Array), dayZone: "UTC" })
    const csv = await request.get("/api/owner/export", { headers: { authorization: `Bearer ${E2E_OWNER_TOKEN}` } })
    expect(csv.headers()["content-type"]).toMatch(/^text\/csv/)
    expect((await csv.text()).split("\r\n")[0]).toMatch(/^"email","source","status",/)
    const html = await (await request.get("/owner/")).text()
    expect(html).toMatch(/<meta name="robots" content="noindex/)
    expect(await (await request.get("/sitemap-0.xml")).text()).not.toContain("/owner/")
  })
})

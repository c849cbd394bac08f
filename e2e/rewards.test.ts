// Referral rewards in the browser: someone joins, three friends join through their referral link
// (single opt-in on the test server: a signup is confirmed at once, but nobody confirmed the
// friends' addresses, so their referrals wait on hold until the owner releases them), and the
// status page shows two rewards unlocked and the progress to the next, axe clean at both sizes.
import type { Browser, Page } from "@playwright/test"
import type { OwnerSummary } from "../src/signup/owner-summary"
import { E2E_OWNER_TOKEN } from "../tools/dev/serve"
import { answerBuiltApiLocally, axeViolations, expect, signupSection, test, toast, waitUntilHydrated } from "./fixtures"

test.use({ reducedMotion: "reduce" })

/** Signs up on the page a visitor is on, as they do; the endpoint's answer. */
const joinOnPage = async (page: Page, email: string) => {
  const form = signupSection(page).locator("form")
  await form.getByLabel("Email address").fill(email)
  await form.getByRole("checkbox").check()
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/signup"))
  await form.getByRole("button", { name: "Join the Drop" }).click()
  const response = await answer
  await expect(toast(page, "status", "Welcome to Block 94! 🎉")).toBeVisible()
  expect(response.status()).toBe(201)
  return (await response.json()) as { referralUrl: string; statusUrl: string }
}

/** A link of the service's answer on the served site (answers name the public SITE_URL). */
const onSite = (page: Page, url: string) => {
  // The status link's secret is in its fragment: it goes along.
  const { pathname, search, hash } = new URL(url)
  return `${new URL(page.url()).origin}${pathname}${search}${hash}`
}

/** A friend opens the referral link in a browser of their own and joins on that page. */
const friendJoins = async (browser: Browser, referralUrl: string, email: string) => {
  const context = await browser.newContext()
  await answerBuiltApiLocally(context)
  const page = await context.newPage()
  await page.goto(referralUrl)
  await waitUntilHydrated(page)
  await joinOnPage(page, email)
  await context.close()
}

test("three friends through the referral link unlock two rewards, shown on the status page with the progress to the next", async ({
  page,
  app,
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  // Each size project signs up people of its own.
  const who = (name: string) => `${name}.${testInfo.project.name}.${Date.now()}@example.com`
  await app.open("/")
  const sharerEmail = who("sharer")
  const sharer = await joinOnPage(page, sharerEmail)

  const statusPage = onSite(page, sharer.statusUrl)
  const referralLink = onSite(page, sharer.referralUrl)
  await page.goto(statusPage)
  await app.hydrated()
  const rewards = page.getByRole("region", { name: "Rewards for sharing" })
  await expect(rewards.getByRole("progressbar", { name: "0 of 1 friend for First look at the drop" })).toHaveAttribute("aria-valuenow", "0")

  const friends = ["ana", "bo", "cy"].map(who)
  for (const friend of friends) await friendJoins(browser, referralLink, friend)

  // On hold until the owner looks: the status page counts none of them yet.
  await page.reload()
  await app.hydrated()
  await expect(page.getByText("Friends who joined with your link: 0")).toBeVisible()
  const owner = { authorization: `Bearer ${E2E_OWNER_TOKEN}` }
  const summary = (await (await page.request.get("/api/owner/summary", { headers: owner })).json()) as OwnerSummary
  const held = summary.heldReferrals.rows.filter((row) => friends.includes(row.email))
  expect(held.map((row) => [row.email, row.reason, row.referrerEmail])).toEqual(friends.map((friend) => [friend, "unconfirmed", sharerEmail]))
  const released = await page.request.post("/api/owner/referrals", { headers: owner, data: { ids: held.map((row) => row.id), decision: "release" } })
  expect(await released.json()).toMatchObject({ decided: 3 })

  await page.reload()
  await app.hydrated()
  await expect(page.getByText("Friends who joined with your link: 3")).toBeVisible()
  const progress = rewards.getByRole("progressbar", { name: "3 of 10 friends for A free tee" })
  await expect(progress).toHaveAttribute("aria-valuenow", "3")
  await expect(progress).toHaveAttribute("aria-valuemax", "10")
  const tiers = rewards.getByRole("listitem")
  await expect(tiers).toHaveCount(3)
  await expect(tiers.nth(0)).toContainText("1 friend · Unlocked")
  await expect(tiers.nth(0)).toContainText("First look at the drop")
  await expect(tiers.nth(1)).toContainText("3 friends · Unlocked")
  await expect(tiers.nth(1)).toContainText("A sticker pack")
  await expect(tiers.nth(2)).toContainText("10 friends")
  await expect(tiers.nth(2)).not.toContainText("Unlocked")
  // The leaderboard is off unless content/rewards.json switches it on.
  await expect(page.getByRole("region", { name: "Top referrers" })).toHaveCount(0)
  expect(await axeViolations(page)).toEqual([])
})

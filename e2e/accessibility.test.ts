/** axe-core (WCAG 2.1 A/AA) over every page at phone and laptop widths, in the states visitors meet. */
import { axeViolations, cookieNotice, expect, menuToggle, onPhone, PLACE_ANSWER, signupSection, test, toast } from "./fixtures"
import { ROUTES } from "./site"

test.use({ reducedMotion: "reduce" })

test.describe("axe finds no WCAG 2.1 A/AA violations", () => {
  for (const path of ROUTES) {
    test(`${path} with the cookie notice shown, and on phones the menu open`, async ({ page, app }) => {
      await app.open(path)
      await expect(cookieNotice(page)).toBeVisible()
      if (onPhone(page)) {
        await menuToggle(page).click()
        await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "true")
      }
      expect(await axeViolations(page)).toEqual([])
    })
  }

  test("on Home with an error toast showing", async ({ page, app }) => {
    await app.open("/")
    await signupSection(page).getByRole("button", { name: "Join the Drop" }).click()
    await expect(toast(page, "alert", "Missing Information")).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
})

test.describe("the waitlist's own states", () => {
  const answer = (body: unknown, status = 200) => ({ status, contentType: "application/json", body: JSON.stringify(body) })

  test("the place in line after a signup: the form gives way to it, focus on its heading, keyboard-reachable, axe clean", async ({ page, app, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"])
    await page.route("**/api/signup", (route) => route.fulfill(answer(PLACE_ANSWER, 201)))
    await app.open("/")
    const section = signupSection(page)
    await section.getByLabel("Email address").fill("fan@example.com")
    await section.getByRole("checkbox").check()
    await section.getByRole("button", { name: "Join the Drop" }).click()
    const place = section.getByRole("heading", { name: "You're #12 of 5,012" })
    await expect(place).toBeFocused()
    // From the heading, Tab reaches the pass, the referral link, Copy and every share link.
    const reached: string[] = []
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press("Tab")
      reached.push(
        await page.evaluate(
          () => document.activeElement?.getAttribute("aria-label") || document.activeElement?.textContent || document.activeElement?.tagName || "",
        ),
      )
    }
    expect(reached).toEqual(expect.arrayContaining(["Open my pass", "Copy link", "Share on X", "Share on WhatsApp", "Share by email"]))
    await section.getByRole("button", { name: "Copy link" }).click()
    await expect(section.getByText("Link copied")).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(PLACE_ANSWER.referralUrl)
    expect(await axeViolations(page)).toEqual([])
  })

  test("the check-your-inbox note after a pending signup is axe clean", async ({ page, app }) => {
    await page.route("**/api/signup", (route) => route.fulfill(answer({ ok: true, status: "pending" }, 201)))
    await app.open("/about/")
    const section = signupSection(page)
    await section.getByLabel("Email address").fill("fan@example.com")
    await section.getByRole("checkbox").check()
    await section.getByRole("button", { name: "Join the Drop" }).click()
    await expect(section.getByRole("heading", { name: "Check your inbox" })).toBeFocused()
    expect(await axeViolations(page)).toEqual([])
    // "Didn't get the email?" is reached by keyboard and its answer read out (a live region), also clean.
    await page.route("**/api/resend", (route) => route.fulfill(answer({ ok: true }, 202)))
    const again = section.getByRole("button", { name: "Send it again" })
    await again.focus()
    await page.keyboard.press("Enter")
    await expect(section.getByText(/a fresh link is on its way/)).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })

  test("the status page with a place, and with an unknown link, is axe clean", async ({ page, app, problems }) => {
    // The browser reports the lookup's 404 for the unknown link; that is the case under test.
    problems.allow(/^error: Failed to load resource: the server responded with a status of 404/)
    let known = true
    await page.route("**/api/waitlist*", (route) =>
      route.fulfill(
        known
          ? answer({ status: "confirmed", position: 3, total: 5012, referrals: 2, referralCode: "ABCD1234EF", referralUrl: PLACE_ANSWER.referralUrl })
          : answer({ error: "unknown", code: "status_link_unknown" }, 404),
      ),
    )
    await app.open("/waitlist/#token=QmxvY2s5NC1zdGF0dXMtdG9rZW4tZm9yLXRlc3RzLi4u")
    await expect(page.getByRole("heading", { level: 1, name: "You're #3 of 5,012" })).toBeVisible()
    await expect(page.getByText("Friends who joined with your link: 2")).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    known = false
    await page.reload()
    await app.hydrated()
    await expect(page.getByRole("heading", { level: 1, name: "That link didn't work" })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
})

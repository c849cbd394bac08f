// Leaving the list as people do it, at phone and laptop size, against the production server with
// a real SMTP server catching the mail: one person signs up, confirms from the mailed link and
// leaves from the status page with the keyboard alone; another unsubscribes from the link at the
// foot of an email. Every state on the way is axe clean.
import type { Page } from "@playwright/test"
import { axeViolations, expect, inOrderOnOneServer, joinOnHome, linkIn, serveWithInboxAround, test, waitUntilHydrated } from "./fixtures"
import { linkSecret, postJson } from "../test/link-secret"

/** The focused element's text, and whether it shows the focus ring. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    const style = element ? getComputedStyle(element) : null
    return { text: element?.textContent?.trim() ?? "", ring: Boolean(style && style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) }
  })

test.describe("leaving the list", () => {
  inOrderOnOneServer()
  const site = serveWithInboxAround("leaving")

  /** Signs `email` up on Home, confirms from the mailed link, and returns the confirmation email and the status link. */
  const joinAndConfirm = async (page: Page, email: string) => {
    await joinOnHome(page, site.url, email)
    const mail = await site.inbox.waitFor(email, 15_000)
    const confirmed = page.waitForResponse((response) => response.url().endsWith("/api/confirm"))
    await page.goto(linkIn(mail, "/confirm/"))
    const answer = (await (await confirmed).json()) as { statusUrl: string }
    await expect(page.getByText("You're confirmed. Welcome to the drop!")).toBeVisible()
    return { mail, statusUrl: answer.statusUrl }
  }

  const statusOf = async (statusUrl: string) => (await postJson(`${site.url}/api/waitlist`, { token: linkSecret(statusUrl) })).status

  test("from the status page: asks first, leaves with the keyboard alone, and says so", async ({ page }, testInfo) => {
    const email = `leaver.${testInfo.project.name}@example.com`
    const { mail, statusUrl } = await joinAndConfirm(page, email)
    // Every email carries the one-click link (RFC 8058) and a mailto to the team.
    const header = mail.headerLines.find(({ key }) => key === "list-unsubscribe")?.line.replace(/\r\n[ \t]+/g, " ")
    expect(header).toMatch(new RegExp(`^List-Unsubscribe: <${site.url}/api/unsubscribe\\?token=[A-Za-z0-9_-]{43}>, <mailto:[^>]+\\?subject=unsubscribe>$`))

    await page.goto(statusUrl)
    await waitUntilHydrated(page)
    await expect(page.getByRole("heading", { level: 1, name: /^You're (in: |#\d)/ })).toBeVisible()
    const ask = page.getByRole("button", { name: "Leave the list" })
    await expect(ask).toHaveAttribute("aria-expanded", "false")
    expect(await axeViolations(page)).toEqual([])

    // Tab reaches "Leave the list", with a visible focus ring.
    for (let step = 0; step < 60 && (await focused(page)).text !== "Leave the list"; step += 1) await page.keyboard.press("Tab")
    expect(await focused(page)).toEqual({ text: "Leave the list", ring: true })
    await page.keyboard.press("Enter")
    const question = page.getByRole("group", { name: /Leave the list for good\?/ })
    await expect(question).toBeVisible()
    await expect(page.getByRole("button", { name: "Keep my place" })).toBeFocused()
    expect(await axeViolations(page)).toEqual([])
    // Escape keeps the place and puts focus back.
    await page.keyboard.press("Escape")
    await expect(question).toBeHidden()
    await expect(ask).toBeFocused()
    expect(await statusOf(statusUrl)).toBe(200)

    await page.keyboard.press("Enter")
    await expect(page.getByRole("button", { name: "Keep my place" })).toBeFocused()
    await page.keyboard.press("Shift+Tab")
    expect(await focused(page)).toEqual({ text: "Yes, leave the list", ring: true })
    const left = page.waitForResponse((response) => response.url().endsWith("/api/leave"))
    await page.keyboard.press("Enter")
    const response = await left
    expect(response.status()).toBe(200)
    expect(await response.json()).toEqual({ ok: true, status: "left" })
    const message = page.getByText("You've left the list. We deleted your email address and your place in line, and we won't email you again.")
    await expect(message).toBeVisible()
    await expect(message).toBeFocused()
    await expect(page.getByRole("button", { name: "Leave the list" })).toHaveCount(0)
    expect(await axeViolations(page)).toEqual([])

    // Gone: the status link is dead, and the email's one-click link still answers "left".
    expect(await statusOf(statusUrl)).toBe(404)
    const oneClick = /<(https?:[^>]+)>/.exec(header ?? "")?.[1] as string
    const again = await fetch(oneClick, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ ok: true, status: "left" })
  })

  test("from the link at the foot of an email: opening it changes nothing, the button unsubscribes", async ({ page }, testInfo) => {
    const email = `unsubscriber.${testInfo.project.name}@example.com`
    const { mail, statusUrl } = await joinAndConfirm(page, email)
    const unsubscribeLink = linkIn(mail, "/unsubscribe/")
    expect(mail.html).toContain(`href="${unsubscribeLink}"`)

    await page.goto(unsubscribeLink)
    await waitUntilHydrated(page)
    await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible()
    const button = page.getByRole("button", { name: "Unsubscribe and delete my address" })
    await expect(button).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    expect(await statusOf(statusUrl)).toBe(200)

    for (let step = 0; step < 60 && (await focused(page)).text !== "Unsubscribe and delete my address"; step += 1) await page.keyboard.press("Tab")
    expect(await focused(page)).toEqual({ text: "Unsubscribe and delete my address", ring: true })
    const unsubscribed = page.waitForResponse((response) => response.url().endsWith("/api/unsubscribe"))
    await page.keyboard.press("Enter")
    expect((await unsubscribed).status()).toBe(200)
    const message = page.getByText(/^You're off the list\. We deleted your email address/)
    await expect(message).toBeVisible()
    await expect(message).toBeFocused()
    expect(await axeViolations(page)).toEqual([])
    expect(await statusOf(statusUrl)).toBe(404)

    // The same link again (a second click, another tab): the same answer.
    const again = await page.context().newPage()
    await again.goto(unsubscribeLink)
    await waitUntilHydrated(again)
    await again.getByRole("button", { name: "Unsubscribe and delete my address" }).click()
    await expect(again.getByText(/^You're off the list\./)).toBeVisible()
  })
})

// The owner's commonest launch-day question, "I lost my link": the owner finds the person by
// address on the owner's page (masked, whole on request, every lookup in the log but never the
// address) and sends their link again, which arrives in their inbox. Keyboard only, axe clean,
// at phone and laptop size, against the production server with a real SMTP inbox.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Page } from "@playwright/test"
import { freePort, serveProduction, type ProductionServer } from "../tools/dev/serve"
import { startInbox, type Inbox } from "../tools/dev/smtp-inbox"
import { axeViolations, expect, test, waitUntilHydrated } from "./fixtures"

const SECRET = "owner-people-e2e-secret-0123456789"
const MAYA = "maya.first@example.com"
const HOUR_MS = 60 * 60 * 1000

/** The focused element's text or label, and whether it shows the focus ring. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    const style = element ? getComputedStyle(element) : null
    return {
      text: element?.textContent?.trim() ?? "",
      label: element?.getAttribute("aria-label") ?? (element instanceof HTMLInputElement ? (element.labels?.[0]?.textContent ?? "") : ""),
      ring: Boolean(style && style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2),
    }
  })

/** Tabs forward until the focused element's text or label is `name`; fails when it never is. */
const tabTo = async (page: Page, name: string) => {
  for (let step = 0; step < 80; step += 1) {
    const now = await focused(page)
    if (now.text === name || now.label === name) return now
    await page.keyboard.press("Tab")
  }
  throw new Error(`Tab never reached "${name}"`)
}

test.describe("finding someone on the owner's page", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 })
  test.use({ reducedMotion: "reduce" })
  let inbox: Inbox
  let server: ProductionServer
  let siteUrl: string

  test.beforeAll(async () => {
    inbox = await startInbox()
    const port = await freePort()
    siteUrl = `http://127.0.0.1:${port}`
    const env = {
      SIGNUPS_FILE: join(mkdtempSync(join(tmpdir(), "block94-owner-people-")), "signups.db"),
      OWNER_TOKEN: SECRET,
      SITE_URL: siteUrl,
      SMTP_URL: inbox.url,
      MAIL_FROM: "Block 94 <drop@block94.example>",
    }
    server = await serveProduction(env, { port })
    const response = await fetch(`${siteUrl}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: MAYA, source: "website_signup", timestamp: new Date().toISOString() }),
    })
    expect(response.status).toBe(201)
    await inbox.waitFor(MAYA)
    await server.stop()
    // Two hours on, on the same list: past the hour that must pass between two emails to one address.
    server = await serveProduction(env, { port, clockOffsetMs: 2 * HOUR_MS })
  })

  test.afterAll(async () => {
    await server?.stop()
    await inbox?.close()
  })

  test("finds someone by address, masked until asked, and sends their link again, from the keyboard", async ({ page }) => {
    const mailsToMaya = () => inbox.messages.filter((mail) => JSON.stringify(mail.to).includes(MAYA)).length
    const before = mailsToMaya()
    await page.goto(`${siteUrl}/owner/`)
    await waitUntilHydrated(page)
    await page.locator("body").click({ position: { x: 1, y: 1 } })
    await tabTo(page, "Owner secret")
    await page.keyboard.type(SECRET)
    await page.keyboard.press("Enter")
    await expect(page.getByRole("heading", { level: 2, name: "Is it working?" })).toBeVisible()

    await tabTo(page, "Find someone")
    await page.keyboard.press("Enter")
    await expect(page).toHaveURL(/#owner-people$/)
    await tabTo(page, "Their email address")
    await page.keyboard.type(MAYA)
    await page.keyboard.press("Enter")
    const person = page.getByRole("region", { name: "The person found" })
    await expect(person).toContainText("m•••@example.com")
    await expect(person).not.toContainText(MAYA)
    // She never confirmed from the first email: that is the link she lost.
    await expect(person).toContainText(/Status\s*Hasn't confirmed their address yet\s*Place in line\s*None until they confirm/)
    expect(await axeViolations(page)).toEqual([])

    const send = await tabTo(page, "Send their link again")
    expect(send.ring).toBe(true)
    await page.keyboard.press("Enter")
    await expect(page.getByText("Sent: their link is on its way to their inbox.")).toBeVisible()
    await expect.poll(mailsToMaya, { timeout: 20_000 }).toBe(before + 1)

    await tabTo(page, "Show the whole address")
    await page.keyboard.press("Enter")
    await expect(person).toContainText(MAYA)
    expect(await axeViolations(page)).toEqual([])

    // The log says what was done, never to whom.
    await page.getByRole("button", { name: "Refresh" }).press("Enter")
    const log = page.getByRole("region", { name: "What was done with the list" })
    await expect(log.getByRole("row")).toHaveText([/When/, /Address shown\s*1/, /Link sent again\s*1/, /Person looked up\s*1/])
    await expect(log).not.toContainText("maya")
  })
})

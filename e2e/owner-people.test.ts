// The owner's commonest launch-day question, "I lost my link": the owner finds the person by
// address on the owner's page (masked, whole on request, every lookup in the log but never the
// address) and sends their link again, which arrives in their inbox. Keyboard only, axe clean,
// at phone and laptop size, against the production server with a real SMTP inbox.
import { axeViolations, expect, inOrderOnOneServer, serveWithInboxAround, signInToOwnerPage, signUpThroughApi, tabTo, test } from "./fixtures"

const SECRET = "owner-people-e2e-secret-0123456789"
const MAYA = "maya.first@example.com"
const HOUR_MS = 60 * 60 * 1000

test.describe("finding someone on the owner's page", () => {
  inOrderOnOneServer()
  const site = serveWithInboxAround("owner-people", { OWNER_TOKEN: SECRET })

  test.beforeAll(async () => {
    await signUpThroughApi(site.url, MAYA)
    await site.inbox.waitFor(MAYA)
    // Two hours on, on the same list: past the hour that must pass between two emails to one address.
    await site.restart({ clockOffsetMs: 2 * HOUR_MS })
  })

  test("finds someone by address, masked until asked, and sends their link again, from the keyboard", async ({ page }) => {
    const mailsToMaya = () => site.inbox.messages.filter((mail) => JSON.stringify(mail.to).includes(MAYA)).length
    const before = mailsToMaya()
    await signInToOwnerPage(page, site.url, SECRET)
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

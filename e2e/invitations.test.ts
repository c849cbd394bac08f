// Launch day as people see it, at phone and laptop size, against the production server with a
// real SMTP server catching the mail: someone joins and confirms, the owner invites them with
// `npm run waitlist:invite`, and they open the invitation link from the email; their status page
// says they're invited; the shop redeems the code, and the link then says it was used. Every
// state is axe clean.
import { execFile } from "node:child_process"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import type { ParsedMail } from "mailparser"
import site from "../content/site.json"
import invitePage from "../content/pages/invite.json"
import waitlistPage from "../content/pages/waitlist.json"
import { axeViolations, expect, inOrderOnOneServer, linkIn, mailTo, serveWithInboxAround, test, waitUntilHydrated } from "./fixtures"
import { linkSecret } from "../test/link-secret"

const usedText = invitePage.redeemed.replace("{email}", site.emails.general)
const INVITE_API_TOKEN = "e2e-shop-secret-0123456789abcdef"

test.describe("an invitation to the shop", () => {
  inOrderOnOneServer()
  const served = serveWithInboxAround("invite", { INVITE_API_TOKEN })

  /** The first email to `email` whose subject matches, as it arrives. */
  const firstMailTo = async (email: string, subject: RegExp): Promise<ParsedMail> => (await mailTo(served.inbox, email, subject))[0]

  /** Joins (double opt-in), confirms from the mailed link, and returns the status link. */
  const joinAndConfirm = async (email: string): Promise<string> => {
    const joined = await fetch(`${served.url}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, source: "website_signup", timestamp: new Date().toISOString() }),
    })
    expect(joined.status).toBe(201)
    const token = linkSecret(linkIn(await firstMailTo(email, /^Confirm your spot/), "/confirm/"))
    const confirmed = await fetch(`${served.url}/api/confirm`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token }),
    })
    expect(confirmed.status).toBe(200)
    return ((await confirmed.json()) as { statusUrl: string }).statusUrl
  }

  /** `npm run waitlist:invite -- --email <email>` against the server's store, as the owner runs it. */
  const inviteByCommand = async (email: string): Promise<string> => {
    const root = resolve(__dirname, "..")
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", join(root, "tools", "cli", "invite.ts"), "--email", email], {
      cwd: root,
      env: { ...process.env, SIGNUPS_FILE: served.signupsFile, SITE_URL: served.url },
    })
    return stdout
  }

  const redeem = (code: string) =>
    fetch(`${served.url}/api/invite/redeem`, {
      method: "POST",
      headers: { authorization: `Bearer ${INVITE_API_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ code }),
    })

  test("opens the invitation from the email, sees it on the status page, and sees it used once the shop redeemed it", async ({ page }, testInfo) => {
    const email = `invited.${testInfo.project.name}@example.com`
    const statusUrl = await joinAndConfirm(email)
    expect(await inviteByCommand(email)).toMatch(new RegExp(`^Invited 1 person \\(place \\d+\\) from .*:\\n  #\\d+  ${email.replace(/\./g, "\\.")}\\n`))

    const mail = await firstMailTo(email, /^You're in: your Block 94 invitation$/)
    const link = linkIn(mail, "/invite/", "code")
    const code = linkSecret(link, "code") as string
    expect(mail.html).toContain(`href="${link}"`)

    await page.goto(link)
    await waitUntilHydrated(page)
    await expect(page.getByRole("heading", { level: 1, name: invitePage.heading })).toBeVisible()
    await expect(page.getByRole("heading", { level: 2, name: invitePage.valid.heading })).toBeVisible()
    await expect(page.getByText(invitePage.valid.text)).toBeVisible()
    const shop = page.getByRole("link", { name: invitePage.valid.button })
    await expect(shop).toHaveAttribute("href", `${new URL(site.shopUrl).toString()}?code=${code}`)
    expect(await axeViolations(page)).toEqual([])
    // Opening the link used nothing up.
    await expect(page.getByText(usedText)).toHaveCount(0)

    await page.goto(statusUrl)
    await waitUntilHydrated(page)
    await expect(page.getByRole("heading", { level: 2, name: waitlistPage.invited.heading })).toBeVisible()
    await expect(page.getByText(waitlistPage.invited.text)).toBeVisible()
    await expect(page.getByRole("heading", { level: 1, name: /^You're (in: |#\d)/ })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])

    // The shop redeems the code: once.
    const redeemed = await redeem(code)
    expect(redeemed.status).toBe(200)
    expect(await redeemed.json()).toEqual({ redeemed: true, email })
    expect((await redeem(code)).status).toBe(409)

    await page.goto(link)
    await waitUntilHydrated(page)
    await expect(page.getByText(usedText)).toBeVisible()
    await expect(page.getByRole("link", { name: invitePage.valid.button })).toHaveCount(0)
    expect(await axeViolations(page)).toEqual([])

    await page.goto(statusUrl)
    await waitUntilHydrated(page)
    await expect(page.getByText(waitlistPage.invited.redeemed)).toBeVisible()
  })

  test("a link with a code no one has says so, axe clean", async ({ page }) => {
    await page.goto(`${served.url}/invite/#code=${"A".repeat(43)}`)
    await waitUntilHydrated(page)
    await expect(page.getByText(invitePage.notFound)).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
})

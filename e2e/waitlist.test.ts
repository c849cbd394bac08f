// The waitlist loop end to end, as three people go through it, against the production server
// (`serve:prod`) with a real SMTP server catching the mail, for each store:
// C signs up and confirms; A does the same from the captured email; B opens A's referral link,
// signs up and confirms; A's status page then shows one referral and A ahead of C.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser, Page } from "@playwright/test"
import { DatabaseSync } from "node:sqlite"
import pg from "pg"
import { freshDatabase } from "../test/postgres"
import { startInbox, type Inbox } from "../tools/dev/smtp-inbox"
import { startPostgresProcess, type PostgresProcess } from "../tools/dev/postgres-process"
import { freePort, serveProduction, type ProductionServer } from "../tools/dev/serve"
import { answerBuiltApiLocally, expect, test, toast, waitUntilHydrated } from "./fixtures"
import { LAPTOP_ONLY } from "./site"
import { linkSecret, postJson } from "../test/link-secret"

const STORES = ["SQLite", "PostgreSQL"] as const

const confirmLinkIn = async (inbox: Inbox, address: string): Promise<string> => {
  const mail = await inbox.waitFor(address, 15_000)
  expect(mail.subject).toBe("Confirm your spot on the Block 94 list")
  const link = /https?:\/\/[^\s]+\/confirm\/#token=[A-Za-z0-9_-]+/.exec(mail.text ?? "")?.[0]
  expect(link, `a confirmation link in the email to ${address}`).toBeTruthy()
  return link as string
}

/** Opens a page of the site and waits until it has hydrated. */
const open = async (page: Page, url: string) => {
  await page.goto(url)
  await waitUntilHydrated(page)
}

/** Signs up on the page as a visitor does and returns the endpoint's JSON answer. */
const joinOnPage = async (page: Page, email: string) => {
  const form = page.locator("#join-the-drop form")
  await form.getByLabel("Email address").fill(email)
  await form.getByRole("checkbox").check()
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/signup"))
  await form.getByRole("button", { name: "Join the Drop" }).click()
  const response = await answer
  await expect(toast(page, "status", "Welcome to Block 94! 🎉")).toContainText("You'll be the first to know about our launch and exclusive drops.")
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> }
}

/** Opens the confirmation link as the visitor's browser would; returns the confirm endpoint's answer. */
const confirmOnPage = async (page: Page, link: string) => {
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/confirm"))
  await page.goto(link)
  const response = await answer
  await expect(page.getByText("You're confirmed. Welcome to the drop!")).toBeVisible()
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> }
}

const PLACE_ANSWER = {
  ok: true,
  status: "confirmed",
  position: expect.any(Number),
  // No `total`: the list is far smaller than the size the site starts to show (content/site.json).
  referralCode: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{10}$/),
  referralUrl: expect.stringMatching(/\/friend\/\?ref=[0-9A-Z]{10}$/),
  statusUrl: expect.stringMatching(/\/waitlist\/#token=[A-Za-z0-9_-]{43}$/),
}

for (const storeName of STORES) {
  test.describe(`the waitlist loop with ${storeName}`, LAPTOP_ONLY, () => {
    test.describe.configure({ mode: "serial", timeout: 180_000 })
    let inbox: Inbox
    let postgres: PostgresProcess | null = null
    let server: ProductionServer
    let siteUrl: string
    let storage: Record<string, string>

    test.beforeAll(async () => {
      inbox = await startInbox()
      const port = await freePort()
      siteUrl = `http://127.0.0.1:${port}`
      if (storeName === "PostgreSQL") {
        postgres = await startPostgresProcess()
        storage = { DATABASE_URL: await freshDatabase(postgres.url) }
      } else {
        storage = { SIGNUPS_FILE: join(mkdtempSync(join(tmpdir(), "block94-loop-")), "signups.db") }
      }
      // The bot check enforced: every signup and resend below is a browser that solved its challenge.
      const botCheck = { ALTCHA_MODE: "enforce", ALTCHA_HMAC_KEY: "e2e-bot-check-key-0123456789abcdefghij" }
      server = await serveProduction(
        { ...storage, ...botCheck, SMTP_URL: inbox.url, MAIL_FROM: "Block 94 <drop@block94.example>", SITE_URL: siteUrl },
        { port },
      )
    })

    /** Emails ever written to the outbox (delivered or not): what the service decided to send. */
    const emailsQueued = async (): Promise<number> => {
      const text = "select count(*) as n from outbox where kind in ('confirmation', 'status-link')"
      if (storage.DATABASE_URL) {
        const client = new pg.Client({ connectionString: storage.DATABASE_URL })
        await client.connect()
        try {
          return Number((await client.query<{ n: string }>(text)).rows[0].n)
        } finally {
          await client.end()
        }
      }
      const db = new DatabaseSync(storage.SIGNUPS_FILE, { readOnly: true })
      try {
        return Number((db.prepare(text).get() as { n: number }).n)
      } finally {
        db.close()
      }
    }

    test.afterAll(async () => {
      await server?.stop()
      await postgres?.stop()
      await inbox?.close()
    })

    const fresh = async (browser: Browser) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      await answerBuiltApiLocally(context)
      return { context, page: await context.newPage() }
    }

    test("C, A and B join, confirm and share; A's referral puts A ahead of C", async ({ browser }) => {
      // C signs up first and confirms.
      const c = await fresh(browser)
      await open(c.page, `${siteUrl}/`)
      const cJoined = await joinOnPage(c.page, "c.fan@example.com")
      expect(cJoined).toEqual({ status: 201, body: { ok: true, status: "pending" } })
      await expect(c.page.getByText("Check your inbox")).toBeVisible()
      await expect(c.page.getByText(/We sent a confirmation link to c\.fan@example\.com/)).toBeVisible()
      // "Didn't get the email?": asked again at once, while the first is on its way, no second one follows.
      await c.page.getByRole("button", { name: "Send it again" }).click()
      await expect(c.page.getByText(/If c\.fan@example\.com is on the list, a fresh link is on its way/)).toBeVisible()
      const cLink = await confirmLinkIn(inbox, "c.fan@example.com")
      // The outbox is written with the answer: a second email would be a second message there, at once.
      expect(await emailsQueued()).toBe(1)
      expect(inbox.messages.filter((message) => message.subject?.startsWith("Confirm")).length).toBe(1)
      const cConfirmed = await confirmOnPage(c.page, cLink)
      expect(cConfirmed).toEqual({ status: 200, body: { ...PLACE_ANSWER, position: 1 } })
      // A list of one is smaller than the "5,000+" the signup section claims: the place without a number.
      await expect(c.page.getByRole("heading", { name: "You're in: each friend moves you up" })).toBeVisible()

      // The link is single use; nothing is found by a made-up token.
      const post = (path: string, body: unknown) =>
        fetch(`${siteUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
      const cToken = linkSecret(cLink)
      const reused = await post("/api/confirm", { token: cToken })
      expect(reused.status).toBe(410)
      expect(await reused.json()).toEqual({ error: expect.stringContaining("expired or was already used"), code: "confirm_link_expired" })
      expect((await post("/api/confirm", { token: "A".repeat(43) })).status).toBe(404)
      // A script posting straight to the endpoint, without the browser's proof of work, gets nothing.
      const bot = await post("/api/signup", { email: "bot@example.com", source: "website_signup", timestamp: new Date().toISOString() })
      expect(bot.status).toBe(403)

      // A signs up and confirms from the captured email.
      const a = await fresh(browser)
      await open(a.page, `${siteUrl}/about/`)
      expect((await joinOnPage(a.page, "A.Fan+drops@Example.com")).body).toEqual({ ok: true, status: "pending" })
      const aConfirmed = await confirmOnPage(a.page, await confirmLinkIn(inbox, "A.Fan+drops@Example.com"))
      expect(aConfirmed).toEqual({ status: 200, body: { ...PLACE_ANSWER, position: 2 } })
      const aReferralUrl = String(aConfirmed.body.referralUrl)
      const aStatusUrl = String(aConfirmed.body.statusUrl)
      expect(aReferralUrl.startsWith(`${siteUrl}/friend/?ref=`)).toBe(true)
      await expect(a.page.getByLabel("Your referral link")).toHaveValue(aReferralUrl)

      // B opens A's referral link, looks around, signs up on another page and confirms.
      const b = await fresh(browser)
      await open(b.page, aReferralUrl)
      await b.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click()
      await b.page.waitForURL(`${siteUrl}/about/`)
      await waitUntilHydrated(b.page)
      expect((await joinOnPage(b.page, "b.fan@example.com")).body).toEqual({ ok: true, status: "pending" })
      const bConfirmed = await confirmOnPage(b.page, await confirmLinkIn(inbox, "b.fan@example.com"))
      expect(bConfirmed.body).toMatchObject({ position: 3 })
      expect(bConfirmed.body).not.toHaveProperty("total")

      // A's status page: one confirmed referral, and A (2nd signup, moved up 10) ahead of C (1st).
      const aToken = linkSecret(aStatusUrl) as string
      const sent: string[] = []
      a.page.on("request", (request) => sent.push(`${request.url()} ${request.headers().referer ?? ""}`))
      await a.page.goto(aStatusUrl)
      await expect(a.page.getByRole("heading", { level: 1, name: "You're in: each friend moves you up" })).toBeVisible()
      // The secret stays in the fragment: in the address bar for a bookmark, in no request's address or Referer.
      await expect(a.page).toHaveURL(aStatusUrl)
      expect(sent.filter((line) => line.includes(aToken))).toEqual([])
      // A bookmark opened in a new session shows the place; so does an old email's ?token= link, moved into the fragment.
      const bookmark = await fresh(browser)
      await open(bookmark.page, aStatusUrl)
      await expect(bookmark.page.getByRole("heading", { level: 1, name: "You're in: each friend moves you up" })).toBeVisible()
      await open(bookmark.page, `${siteUrl}/waitlist/?token=${aToken}`)
      await expect(bookmark.page).toHaveURL(`${siteUrl}/waitlist/#token=${aToken}`)
      await expect(bookmark.page.getByRole("heading", { level: 1, name: "You're in: each friend moves you up" })).toBeVisible()
      await expect(a.page.getByText("Friends who joined with your link: 1")).toBeVisible()
      const aStatus = await postJson(`${siteUrl}/api/waitlist`, { token: linkSecret(aStatusUrl) })
      expect(aStatus.status).toBe(200)
      expect(await aStatus.json()).toEqual({
        status: "confirmed",
        position: 1,
        referrals: 1,
        waiting: 0,
        // One friend reaches the first reward tier (content/rewards.json).
        milestone: 1,
        referralCode: aConfirmed.body.referralCode,
        referralUrl: aReferralUrl,
        invited: false,
        redeemed: false,
        // No drop entered.
        drops: {},
      })
      const cStatus = await postJson(`${siteUrl}/api/waitlist`, { token: linkSecret(String(cConfirmed.body.statusUrl)) })
      expect(await cStatus.json()).toMatchObject({ position: 2, referrals: 0 })
      expect((await postJson(`${siteUrl}/api/waitlist`, { token: "A".repeat(43) })).status).toBe(404)

      // C signs up again, written differently: the answer anyone gets, which says nothing of the
      // list. Mail went to C less than an hour ago, so no status link follows yet (the hourly
      // resend is tested in src/server/waitlist/__tests__/double-opt-in.test.ts).
      inbox.messages.splice(0)
      await open(c.page, `${siteUrl}/`)
      const queuedBefore = await emailsQueued()
      expect(await joinOnPage(c.page, "C.Fan@Example.com")).toEqual({ status: 201, body: { ok: true, status: "pending" } })
      expect(await emailsQueued()).toBe(queuedBefore)
      expect(inbox.messages).toEqual([])

      // A disposable address is refused with a reason the form shows, the typed address kept.
      await open(c.page, `${siteUrl}/`)
      const form = c.page.locator("#join-the-drop form")
      await form.getByLabel("Email address").fill("throwaway@mailinator.com")
      await form.getByRole("checkbox").check()
      await form.getByRole("button", { name: "Join the Drop" }).click()
      await expect(toast(c.page, "alert", "Check your email")).toContainText("Disposable email addresses can't join the list")
      await expect(form.getByLabel("Email address")).toHaveValue("throwaway@mailinator.com")

      for (const visitor of [a, b, c]) await visitor.context.close()
    })
  })
}

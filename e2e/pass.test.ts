// "You're in", and a pass that lasts, at phone and laptop size, by keyboard alone, axe clean,
// against the production server with a real SMTP server catching the mail: a friend lands from a
// referral link and gets to a confirmed place; a bookmarked pass opens in a new browser; a link
// that does not work offers to email the person their link, which then opens their pass.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser, Locator, Page } from "@playwright/test"
import { startInbox, type Inbox } from "../tools/dev/smtp-inbox"
import { freePort, serveProduction, type ProductionServer } from "../tools/dev/serve"
import { openEmbeddedStore } from "../src/server/store/open-store"
import { hashToken } from "../src/server/keys/codes"
import { emailKey } from "../src/server/waitlist/email-key"
import { answerBuiltApiLocally, axeViolations, expect, test, waitUntilHydrated } from "./fixtures"
import { linkSecret, postJson } from "../test/link-secret"

/** Someone on the list since before the test, who has had no mail for a long time: "email me my link" may send them one. */
const SEEDED = "seeded.fan@example.com"
const PLACE_UNTOLD = "You're in: each friend moves you up"

const linkIn = async (inbox: Inbox, address: string, path: "confirm" | "waitlist"): Promise<string> => {
  const mail = await inbox.waitFor(address, 15_000)
  const link = new RegExp(`https?://[^\\s]+/${path}/#token=[A-Za-z0-9_-]+`).exec(mail.text ?? "")?.[0]
  expect(link, `a /${path}/ link in the email to ${address}`).toBeTruthy()
  return link as string
}

/** Presses Tab until `target` has the focus, as a keyboard user moves through the page; fails if it never does. */
const tabTo = async (page: Page, target: Locator, most = 60) => {
  for (let presses = 0; presses < most; presses += 1) {
    await page.keyboard.press("Tab")
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error(`Tab never reached ${target.toString()}`)
}

const expectAxeClean = async (page: Page) => expect(await axeViolations(page)).toEqual([])

test.describe("the pass", () => {
  test.describe.configure({ mode: "serial", timeout: 180_000 })
  let inbox: Inbox
  let server: ProductionServer
  let siteUrl: string

  test.beforeAll(async () => {
    inbox = await startInbox()
    const port = await freePort()
    siteUrl = `http://127.0.0.1:${port}`
    const signupsFile = join(mkdtempSync(join(tmpdir(), "block94-pass-")), "signups.db")
    // One person on the list before the server starts, confirmed, their last email long gone.
    const store = openEmbeddedStore(signupsFile, 10)
    const at = "2026-10-01T12:00:00.000Z"
    await store.add({
      email: SEEDED,
      emailKey: emailKey(SEEDED),
      source: "website_signup",
      timestamp: at,
      receivedAt: at,
      status: "confirmed",
      referralCode: "SEEDED0000",
      referredBy: null,
      statusTokenHash: hashToken("the seeded person's lost link"),
      confirmToken: null,
      attribution: null,
      consent: null,
      mail: null,
      network: null,
    })
    await store.close()
    // As behind one proxy: the tests say where each request comes from (X-Forwarded-For).
    server = await serveProduction(
      { SIGNUPS_FILE: signupsFile, SMTP_URL: inbox.url, MAIL_FROM: "Block 94 <drop@block94.example>", SITE_URL: siteUrl, TRUST_PROXY: "loopback" },
      { port },
    )
  })
  test.afterAll(async () => {
    await server?.stop()
    await inbox?.close()
  })

  /** A new browser, at the size of the test's project, as a person opening a link from elsewhere (`from`: their address). */
  const fresh = async (browser: Browser, viewport: { width: number; height: number } | null, from = "198.51.100.20") => {
    const context = await browser.newContext({
      viewport: viewport ?? undefined,
      hasTouch: (viewport?.width ?? 1280) < 640,
      extraHTTPHeaders: { "X-Forwarded-For": from },
    })
    await answerBuiltApiLocally(context)
    const page = await context.newPage()
    return { context, page }
  }
  const open = async (page: Page, url: string) => {
    await page.goto(url)
    await waitUntilHydrated(page)
  }

  test("a friend lands from a referral link and gets to a confirmed place; the referrer sees them waiting, not as nothing", async ({ browser, page }) => {
    const viewport = page.viewportSize()
    // The referrer joins and confirms from home (their browser is not what this test watches).
    const home = { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.7" }
    const post = (path: string, body: unknown) => fetch(`${siteUrl}${path}`, { method: "POST", headers: home, body: JSON.stringify(body) })
    expect((await post("/api/signup", { email: "ref.fan@example.com", source: "website_signup", timestamp: new Date().toISOString() })).status).toBe(201)
    const referrerConfirm = await post("/api/confirm", { token: linkSecret(await linkIn(inbox, "ref.fan@example.com", "confirm")) })
    const referrer = (await referrerConfirm.json()) as { referralUrl: string; statusUrl: string }
    expect(referrer.referralUrl).toMatch(/\/friend\/\?ref=[0-9A-Z]{10}$/)

    // The friend opens the link on the referrer's home network: a page that says a friend saved
    // them a spot, with the form right there.
    const friend = await fresh(browser, viewport, "203.0.113.8")
    await open(friend.page, referrer.referralUrl)
    await expect(friend.page.getByRole("heading", { level: 1, name: "A friend saved you a spot" })).toBeVisible()
    await expectAxeClean(friend.page)
    const form = friend.page.locator("#join-the-drop form")
    await tabTo(friend.page, form.getByLabel("Email address"))
    await friend.page.keyboard.type("friend.fan@example.com")
    await tabTo(friend.page, form.getByRole("checkbox"))
    await friend.page.keyboard.press("Space")
    await tabTo(friend.page, form.getByRole("button", { name: "Join the Drop" }))
    await friend.page.keyboard.press("Enter")
    // The form gives way to what happens next, and the focus goes there.
    const inboxHeading = friend.page.getByRole("heading", { name: "Check your inbox" })
    await expect(inboxHeading).toBeFocused()
    await expect(form).toHaveCount(0)
    await expectAxeClean(friend.page)

    // The confirmation link from the email: the place, told without a number on a list this small, and a large button to the pass.
    await open(friend.page, await linkIn(inbox, "friend.fan@example.com", "confirm"))
    await expect(friend.page.getByRole("heading", { level: 2, name: PLACE_UNTOLD })).toBeVisible()
    await expectAxeClean(friend.page)
    await tabTo(friend.page, friend.page.getByRole("link", { name: "Open my pass" }))
    await friend.page.keyboard.press("Enter")
    await expect(friend.page).toHaveURL(/\/waitlist\/#token=[A-Za-z0-9_-]{43}$/)
    await expect(friend.page.getByRole("heading", { level: 1, name: PLACE_UNTOLD })).toBeVisible()
    await expect(friend.page.getByText(/#\d/)).toHaveCount(0)
    await friend.context.close()

    // From the referrer's own network, the friend is held for the owner's review: the referrer reads them as waiting.
    const pass = await fresh(browser, viewport)
    await open(pass.page, referrer.statusUrl)
    await expect(pass.page.getByText("Friends who joined with your link: 0")).toBeVisible()
    await expect(pass.page.getByText("1 more joined with your link and wait for a quick check by our team.")).toBeVisible()
    await pass.context.close()
  })

  test("a bookmarked pass opens in a new browser, its place first and the privacy note in small print after it", async ({ browser, page }) => {
    expect(
      (await postJson(`${siteUrl}/api/signup`, { email: "bookmark.fan@example.com", source: "website_signup", timestamp: new Date().toISOString() })).status,
    ).toBe(201)
    const confirmed = await postJson(`${siteUrl}/api/confirm`, { token: linkSecret(await linkIn(inbox, "bookmark.fan@example.com", "confirm")) })
    const { statusUrl, referralUrl } = (await confirmed.json()) as { statusUrl: string; referralUrl: string }

    const later = await fresh(browser, page.viewportSize())
    await open(later.page, statusUrl)
    const place = later.page.getByRole("heading", { level: 1, name: PLACE_UNTOLD })
    await expect(place).toBeVisible()
    // The link stays in the address bar: a bookmark made now opens the pass again.
    await expect(later.page).toHaveURL(statusUrl)
    const smallPrint = later.page.getByText(/This page is yours alone/)
    expect(
      await place.evaluate(
        (heading, note) => Boolean(note && heading.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING),
        await smallPrint.elementHandle(),
      ),
    ).toBe(true)
    await expect(later.page.getByRole("textbox", { name: "Your referral link" })).toHaveValue(referralUrl)
    await tabTo(later.page, later.page.getByRole("button", { name: "Copy link" }))
    await expectAxeClean(later.page)
    await later.context.close()
  })

  test("a link that did not work says so plainly and emails the person their link, which opens their pass", async ({ browser, page }) => {
    const lost = await fresh(browser, page.viewportSize())
    await open(lost.page, `${siteUrl}/waitlist/#token=${"A".repeat(43)}`)
    await expect(lost.page.getByRole("heading", { level: 1, name: "That link didn't work" })).toBeVisible()
    await expectAxeClean(lost.page)
    await tabTo(lost.page, lost.page.getByLabel("Your email address"))
    await lost.page.keyboard.type(SEEDED)
    await tabTo(lost.page, lost.page.getByRole("button", { name: "Email me my link" }))
    await lost.page.keyboard.press("Enter")
    await expect(lost.page.getByText(`If ${SEEDED} is on the list, a fresh link is on its way. Check your inbox.`)).toBeVisible()
    await expectAxeClean(lost.page)

    // The same words for an address not on the list, and no mail to it.
    await lost.page.getByLabel("Your email address").fill("nobody.here@example.com")
    await lost.page.getByLabel("Your email address").press("Enter")
    await expect(lost.page.getByText("If nobody.here@example.com is on the list, a fresh link is on its way. Check your inbox.")).toBeVisible()

    const link = await linkIn(inbox, SEEDED, "waitlist")
    await open(lost.page, link)
    await expect(lost.page.getByRole("heading", { level: 1, name: PLACE_UNTOLD })).toBeVisible()
    expect(inbox.messages.filter((message) => JSON.stringify(message).includes("nobody.here@example.com"))).toEqual([])
    await lost.context.close()
  })
})

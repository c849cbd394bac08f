// Fixtures and page helpers of the browser tests. Import `test` and `expect` from here.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import AxeBuilder from "@axe-core/playwright"
import { test as base, expect, type BrowserContext, type Locator, type Page, type Response } from "@playwright/test"
import type { ParsedMail } from "mailparser"
import { PHONE } from "../tools/dev/chromium"
import { freePort, serveProduction, type ProductionServer } from "../tools/dev/serve"
import { startInbox, type Inbox } from "../tools/dev/smtp-inbox"

export { expect }

export interface SiteOptions {
  /** The served site's signup store (set in playwright.config.ts from the port). */
  signupsFile: string
}

/** Console errors and warnings and uncaught errors of the test's page, as `type: text`. */
export class PageProblems {
  readonly all: string[] = []
  private readonly allowed: Array<RegExp | string> = []

  /** Problems the test causes on purpose (a request it makes fail, the 404 warning): patterns or exact texts. */
  allow(...problems: Array<RegExp | string>): void {
    this.allowed.push(...problems)
  }

  unexpected(): string[] {
    return this.all.filter((problem) => !this.allowed.some((allowed) => (typeof allowed === "string" ? allowed === problem : allowed.test(problem))))
  }
}

export interface App {
  /** Loads a path of the site and waits until the app has hydrated it. */
  open(path: string): Promise<Response | null>
  /** Waits until the app has hydrated the page now loaded (after a reload or a full page load). */
  hydrated(): Promise<void>
}

export interface SignupStore {
  /** The stored addresses, in order; none when nothing has been stored yet. */
  emails(): string[]
}

/**
 * Preact (the browser build) keeps its tree on the root element under `__k`; React, under
 * `__reactContainer...`. Once it is there, the page's own requests finish.
 */
export const waitUntilHydrated = async (page: Page): Promise<void> => {
  await page.waitForFunction(() => {
    const root = document.getElementById("___gatsby")
    return Boolean(root && ("__k" in root || Object.keys(root).some((key) => key.startsWith("__reactContainer"))))
  })
  await page.waitForLoadState("networkidle")
}

/**
 * The API's address when the site was built for a host without Functions (GATSBY_SIGNUP_ENDPOINT
 * an absolute URL, as the deploy workflow builds it), or null for the site's own /api/.
 */
export const builtApiBase = (endpoint = process.env.GATSBY_SIGNUP_ENDPOINT): string | null =>
  endpoint && /^https?:\/\//.test(endpoint) ? endpoint.replace(/signup\/?$/, "") : null

/**
 * Sends what a page built for another API address asks of it to the server that served the page,
 * so the browser tests check the very build that is deployed. Without such a build: nothing to do.
 */
export const answerBuiltApiLocally = async (context: BrowserContext): Promise<void> => {
  const apiBase = builtApiBase()
  if (!apiBase) return
  await context.route(`${apiBase}**`, async (route) => {
    const request = route.request()
    const site = new URL(request.frame().url()).origin
    // A test that ended or stopped its server meanwhile: the browser sees a refused connection.
    const response = await route.fetch({ url: `${site}/api/${request.url().slice(apiBase.length)}` }).catch(() => null)
    // Playwright answers the browser's CORS checks for a routed request; the answer is the local server's.
    await (response ? route.fulfill({ response }) : route.abort("connectionrefused")).catch(() => undefined)
  })
}

export const test = base.extend<{ problems: PageProblems; app: App; signups: SignupStore }, SiteOptions>({
  signupsFile: ["", { option: true, scope: "worker" }],

  problems: async ({}, use) => {
    await use(new PageProblems())
  },

  context: async ({ context }, use) => {
    await answerBuiltApiLocally(context)
    await use(context)
    await context.unrouteAll({ behavior: "ignoreErrors" })
  },

  /** The page, recording its problems; any the test did not allow fails it. */
  page: async ({ page, problems }, use) => {
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.all.push(`${message.type()}: ${message.text()}`)
    })
    page.on("pageerror", (error) => problems.all.push(`pageerror: ${error.message}`))
    await use(page)
    expect(problems.unexpected(), "console errors, warnings and uncaught errors on the page").toEqual([])
  },

  app: async ({ page, problems }, use) => {
    await use({
      open: async (path) => {
        const response = await page.goto(path)
        // An unknown path: the 404 answer and the 404 page's warning naming the path are expected.
        if (response?.status() === 404) {
          problems.allow(/^error: Failed to load resource: the server responded with a status of 404/, `warning: 404: no page at ${path}`)
        }
        await waitUntilHydrated(page)
        return response
      },
      hydrated: () => waitUntilHydrated(page),
    })
  },

  signups: async ({ signupsFile }, use) => {
    await use({
      emails: () => {
        try {
          // The store is a SQLite file; a read-only connection sees what the server committed.
          const db = new DatabaseSync(signupsFile, { readOnly: true })
          try {
            return db
              .prepare("select email from signups order by id")
              .all()
              .map((row) => String(row.email))
          } finally {
            db.close()
          }
        } catch {
          // No file yet, or no table yet: nothing stored.
          return []
        }
      },
    })
  },
})

/** Whether the test runs at phone size (the phone project), where the nav sits behind the menu toggle. */
export const onPhone = (page: Page): boolean => page.viewportSize()?.width === PHONE.width

export const mainNav = (page: Page): Locator => page.getByRole("navigation", { name: "Main" })
export const menuToggle = (page: Page): Locator => page.getByRole("button", { name: "Menu" })
export const cookieNotice = (page: Page): Locator => page.locator("aside[aria-label='Cookie notice']")
export const signupSection = (page: Page): Locator => page.locator("#join-the-drop")
/** The carousel slide on show; its label reads "2 of 3". */
export const visibleSlide = (page: Page): Locator => page.locator('[aria-roledescription="slide"][aria-hidden="false"]')
/** Waits until the carousel's code has come (once the browser is idle) and runs it: its hidden slides get their pictures then. */
export const carouselRunning = (page: Page): Promise<void> => expect(page.locator('[aria-roledescription="slide"] img')).toHaveCount(3)
export const toast = (page: Page, role: "status" | "alert", text: string): Locator => page.getByRole(role).filter({ hasText: text })

/** Signs `email` up with Home's form at `siteUrl` (the browser solving any bot check) and waits for the welcome. */
export const joinOnHome = async (page: Page, siteUrl: string, email: string): Promise<void> => {
  await page.goto(`${siteUrl}/`)
  await waitUntilHydrated(page)
  const form = page.locator("#join-the-drop form")
  await form.getByLabel("Email address").fill(email)
  await form.getByRole("checkbox").check()
  await form.getByRole("button", { name: "Join the Drop" }).click()
  await expect(toast(page, "status", "Welcome to Block 94! 🎉")).toBeVisible()
}

/**
 * Waits until the element's top edge sits between `from` and `to`, as fractions of the window
 * height (0 the top of the window, 1 its bottom): the page has scrolled to it.
 */
export const expectTopWithin = async (element: Locator, from: number, to: number): Promise<void> => {
  await expect(async () => {
    const top = await element.evaluate((node) => node.getBoundingClientRect().top / window.innerHeight)
    expect(top).toBeGreaterThanOrEqual(from)
    expect(top).toBeLessThan(to)
  }).toPass({ timeout: 5000 })
}

/** The layout shifts a page made, as Lighthouse's CLS adds them up (none caused by input), and what moved outside the header. */
export interface LayoutShifts {
  cls: number
  /** The part of `cls` from shifts that moved something outside the header. */
  answerShift: number
  /** Each element outside the header that moved, as `tag.class`. */
  moved: string[]
}

/**
 * Records the page's layout shifts from its first paint (call before opening it). The heading
 * font, when it comes after the first paint, can nudge the header's tilted logo by under a
 * pixel; what the server's answer fills in must move nothing outside the header.
 */
export const watchLayoutShifts = async (page: Page): Promise<void> => {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node | null }> }
    const shifts = { cls: 0, answerShift: 0, moved: [] as string[] }
    const add = (entries: PerformanceEntryList) => {
      for (const entry of entries as Shift[]) {
        if (entry.hadRecentInput) continue
        shifts.cls += entry.value
        let outsideHeader = false
        for (const { node } of entry.sources) {
          const element = node instanceof Element ? node : (node?.parentElement ?? null)
          if (element?.closest("header")) continue
          outsideHeader = true
          shifts.moved.push(element ? `${element.tagName.toLowerCase()}.${element.className}` : String(node))
        }
        if (outsideHeader) shifts.answerShift += entry.value
      }
    }
    const observer = new PerformanceObserver((list) => add(list.getEntries()))
    observer.observe({ type: "layout-shift", buffered: true })
    // What the next frames painted, taken at once rather than waiting for the observer's callback.
    Object.assign(window, { layoutShiftsNow: () => (add(observer.takeRecords()), shifts) })
  })
}

/** The shifts recorded by `watchLayoutShifts`, once what the page shows now has been painted (two frames on). */
export const layoutShifts = (page: Page): Promise<LayoutShifts> =>
  page.evaluate(async () => {
    await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)))
    return (window as unknown as { layoutShiftsNow(): LayoutShifts }).layoutShiftsNow()
  })

/** Whether an <img> has loaded its picture, not only stands in the page. */
export const imageLoaded = (image: Locator): Promise<boolean> => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)

/** axe-core's WCAG 2.1 A/AA violations on the page as it is now, a line each (rule: where). */
export const axeViolations = async (page: Page): Promise<string[]> => {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)
}

/** The focused element's text and label, and whether it shows the focus ring. */
export const focused = (page: Page) =>
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
export const tabTo = async (page: Page, name: string, most = 80) => {
  for (let step = 0; step < most; step += 1) {
    const now = await focused(page)
    if (now.text === name || now.label === name) return now
    await page.keyboard.press("Tab")
  }
  throw new Error(`Tab never reached "${name}"`)
}

/** What the signup and confirmation endpoints answer someone confirmed at place 12, for tests that stand in for them. */
export const PLACE_ANSWER = {
  ok: true,
  status: "confirmed",
  position: 12,
  total: 5012,
  referralCode: "ABCD1234EF",
  referralUrl: "https://block94.example/?ref=ABCD1234EF",
  statusUrl: "https://block94.example/waitlist/#token=QmxvY2s5NC1zdGF0dXMtdG9rZW4tZm9yLXRlc3RzLi4u",
}

/** The describe block's tests run one after another against one server it starts: serial, two minutes each, motion reduced. */
export const inOrderOnOneServer = (): void => {
  test.describe.configure({ mode: "serial", timeout: 120_000 })
  test.use({ reducedMotion: "reduce" })
}

/** Opens the owner's page and signs in from the keyboard: Tab from the top to the secret field, type `secret`, Enter. */
export const signInToOwnerPage = async (page: Page, siteUrl: string, secret: string): Promise<void> => {
  await page.goto(`${siteUrl}/owner/`)
  await waitUntilHydrated(page)
  await page.locator("body").click({ position: { x: 1, y: 1 } })
  await tabTo(page, "Owner secret")
  await page.keyboard.type(secret)
  await page.keyboard.press("Enter")
}

/**
 * Opens `url` with the page's JavaScript held back, as on a slow network: the server's form is there
 * and takes typing. Returns what lets the JavaScript come.
 */
export const openBeforeJavaScript = async (page: Page, url: string): Promise<() => void> => {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/app-[0-9a-f]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto(url, { waitUntil: "domcontentloaded" })
  return release
}

/** Signs `email` up through the public API, as the signup form would; returns their referral code and status link. */
export const signUpThroughApi = async (
  siteUrl: string,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<{ referralCode: string; statusUrl: string }> => {
  const response = await fetch(`${siteUrl}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, source: "website_signup", timestamp: new Date().toISOString(), ...extra }),
  })
  expect(response.status).toBe(201)
  return (await response.json()) as { referralCode: string; statusUrl: string }
}

/** A new person's status link on the site under test: the path to open, fragment included. */
export const newStatusPath = async (siteUrl: string, label: string): Promise<string> => {
  const { statusUrl } = await signUpThroughApi(siteUrl, `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`)
  const url = new URL(statusUrl)
  return `${url.pathname}${url.search}${url.hash}`
}

/** The emails to `email` whose subject matches, once at least `count` of them have arrived. */
export const mailTo = async (inbox: Inbox, email: string, subject: RegExp, count = 1): Promise<ParsedMail[]> => {
  let found: ParsedMail[] = []
  await expect(async () => {
    found = inbox.messages.filter((mail) => mail.subject !== undefined && subject.test(mail.subject) && JSON.stringify(mail.to).includes(email))
    expect(found.length, `${count} email(s) "${subject.source}" to ${email}`).toBeGreaterThanOrEqual(count)
  }).toPass({ timeout: 30_000 })
  return found
}

/** The link to `path` in an email, its secret after `#token=` or `#code=`; fails the test when there is none. */
export const linkIn = (mail: ParsedMail, path: string, name: "token" | "code" = "token"): string => {
  const link = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, "\\$&")}#${name}=[A-Za-z0-9_-]{43}`).exec(mail.text ?? "")?.[0]
  expect(link, `a ${path} link in the email`).toBeTruthy()
  return link as string
}

/** The production server on a store of its own, its mail caught by a local SMTP inbox. */
export interface MailedSite {
  url: string
  inbox: Inbox
  /** The store's file, for a command the owner runs against it. */
  signupsFile: string
  /** Stops the server and starts it again on the same store and port, its clock moved on by `clockOffsetMs`. */
  restart(options: { clockOffsetMs: number }): Promise<void>
  stop(): Promise<void>
}

/** Starts a local SMTP inbox and the production server mailing to it, on a fresh store named after `name`. */
export const serveWithInbox = async (name: string, env: Record<string, string> = {}): Promise<MailedSite> => {
  const inbox = await startInbox()
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const settings = {
    SIGNUPS_FILE: join(mkdtempSync(join(tmpdir(), `block94-${name}-`)), "signups.db"),
    SITE_URL: url,
    SMTP_URL: inbox.url,
    MAIL_FROM: "Block 94 <drop@block94.example>",
    ...env,
  }
  let server: ProductionServer = await serveProduction(settings, { port })
  return {
    url,
    inbox,
    signupsFile: settings.SIGNUPS_FILE,
    async restart({ clockOffsetMs }) {
      await server.stop()
      server = await serveProduction(settings, { port, clockOffsetMs })
    },
    async stop() {
      await server.stop()
      await inbox.close()
    },
  }
}

/** `serveWithInbox` for the describe block it is called in: served before its first test, stopped after its last. */
export const serveWithInboxAround = (name: string, env: Record<string, string> = {}): MailedSite => {
  // Filled in by the block's first hook, so its tests and later hooks read it as they run.
  const site = {} as MailedSite
  let served = false
  test.beforeAll(async () => {
    Object.assign(site, await serveWithInbox(name, env))
    served = true
  })
  test.afterAll(async () => {
    if (served) await site.stop()
  })
  return site
}

import type { Browser, BrowserContext, Page } from "playwright-core"

export interface WatchedPage {
  page: Page
  context: BrowserContext
  /** Console errors and warnings, and uncaught page errors, as text. */
  problems: string[]
}

/** A fresh context and page that records every console error/warning and uncaught error. */
export const openPage = async (
  browser: Browser,
  options: { viewport?: { width: number; height: number }; reducedMotion?: "reduce" | "no-preference"; hasTouch?: boolean } = {},
): Promise<WatchedPage> => {
  const context = await browser.newContext({ viewport: options.viewport, reducedMotion: options.reducedMotion, hasTouch: options.hasTouch })
  const page = await context.newPage()
  const problems: string[] = []
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`))
  return { page, context, problems }
}

/**
 * Waits until the app has hydrated the page: Preact (the browser build) keeps its tree on the
 * root element under `__k`; React, under `__reactContainer...`.
 */
export const waitForApp = async (page: Page): Promise<void> => {
  await page.waitForFunction(() => {
    const root = document.getElementById("___gatsby")
    return Boolean(root && ("__k" in root || Object.keys(root).some((key) => key.startsWith("__reactContainer"))))
  })
  await page.waitForLoadState("networkidle")
}

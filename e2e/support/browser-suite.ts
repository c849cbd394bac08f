import type { Browser } from "playwright-core"
import { launchBrowser } from "../../tools/chromium"

/** One Chromium for the whole test file: launched before its tests, closed after them. */
export const useBrowser = (): (() => Browser) => {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error("the browser is not running yet")
    return browser
  }
}

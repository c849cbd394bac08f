import { chromium, type Browser } from "playwright-core"

/** Debian's Chromium unless CHROME_PATH names another; flags that keep it off the network. */
export const chromePath = (): string => process.env.CHROME_PATH || "/usr/bin/chromium"

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: chromePath(),
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  })

export const PHONE = { width: 390, height: 844 }
export const LAPTOP = { width: 1280, height: 800 }

import { chromium, type Browser } from "playwright-core"

/** Debian's Chromium unless CHROME_PATH names another. */
export const chromePath = (): string => process.env.CHROME_PATH || "/usr/bin/chromium"

/** Flags that work on these machines and keep Chromium off the network. */
export const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
]

export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath: chromePath(), args: CHROMIUM_FLAGS })

export const PHONE = { width: 390, height: 844 }
export const LAPTOP = { width: 1280, height: 800 }

// `npm run screenshots [base-url]`: full-page PNGs of every route at phone and laptop widths,
// into screenshots/ (git-ignored), for a look at what visitors see. Needs `npm run serve`.
import { mkdirSync } from "node:fs"
import { launchBrowser, LAPTOP, PHONE } from "./chromium"

const base = process.argv[2] ?? "http://localhost:9000"
const routes = {
  home: "/",
  about: "/about/",
  contact: "/contact/",
  privacy: "/privacy/",
  waitlist: "/waitlist/",
  // A status link nobody has: the page's message under its intro.
  "waitlist-unknown": `/waitlist/#token=${"A".repeat(43)}`,
  confirm: "/confirm/",
  unsubscribe: "/unsubscribe/",
  invite: "/invite/",
  drop: "/drop/",
  // Where a referral link lands: a friend saved them a spot.
  friend: "/friend/?ref=ABCD1234EF",
  "not-found": "/no-such-page/",
}

const main = async () => {
  mkdirSync("screenshots", { recursive: true })
  const browser = await launchBrowser()
  for (const [width, viewport] of [
    [390, PHONE],
    [1280, LAPTOP],
  ] as const) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 })
    const page = await context.newPage()
    page.on("console", (message) => console.log(`[${width}] console.${message.type()}: ${message.text()}`))
    for (const [name, path] of Object.entries(routes)) {
      await page.goto(base + path, { waitUntil: "networkidle" })
      await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true })
      console.log(`screenshots/${name}-${width}.png`)
    }
    await context.close()
  }
  await browser.close()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})

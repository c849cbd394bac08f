// Browser tests against the built site: `npm run test:e2e` (after `npm run build`).
// This module runs in the main process and again in every worker: keep it deterministic.
import { existsSync } from "node:fs"
import { join } from "node:path"
import { defineConfig } from "@playwright/test"
import { chromePath, CHROMIUM_FLAGS, LAPTOP, PHONE } from "./tools/dev/chromium"
import { testSite } from "./tools/dev/serve"
import type { SiteOptions } from "./e2e/fixtures"
import { LAPTOP_ONLY, NO_BROWSER, PHONE_ONLY } from "./e2e/site"

if (!existsSync(join(__dirname, "public", "index.html"))) {
  throw new Error("public/index.html is missing: run `npm run build` before the browser tests")
}

const site = testSite()
const tagged = (...tags: Array<{ tag: string }>) => new RegExp(tags.map(({ tag }) => tag).join("|"))

export default defineConfig<SiteOptions>({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: "list",
  timeout: 60_000,
  // Two workers share two cores with a test that builds the site beside them: an answer from
  // `gatsby serve` (a Function loaded anew for each request, after the bot check) can take over 5 s.
  expect: { timeout: 10_000 },
  use: {
    baseURL: site.baseUrl,
    signupsFile: site.signupsFile,
    launchOptions: { executablePath: chromePath(), args: CHROMIUM_FLAGS },
  },
  webServer: {
    command: "npx tsx tools/dev/serve.ts",
    env: { E2E_PORT: String(site.port) },
    url: `${site.baseUrl}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
  // A browser test runs in both size projects unless its tag pins it to one (e2e/site.ts).
  projects: [
    { name: "no-browser", grep: tagged(NO_BROWSER) },
    { name: "phone", grepInvert: tagged(NO_BROWSER, LAPTOP_ONLY), use: { viewport: PHONE, hasTouch: true } },
    { name: "laptop", grepInvert: tagged(NO_BROWSER, PHONE_ONLY), use: { viewport: LAPTOP } },
  ],
})

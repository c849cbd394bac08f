// The editors' web UI at /admin/ (Decap CMS) on the built site, served by the production server
// with the headers of _headers (the /admin/ Content-Security-Policy among them), saving through
// decap-server to a temporary copy of content/: an edit lands in the file on disk and still
// passes the content check; an edit the build would refuse cannot be saved.
import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import type { Page } from "@playwright/test"
import { freePort, serveProduction, type ProductionServer } from "../tools/dev/serve"
import { axeViolations, expect, imageLoaded, test } from "./fixtures"
import { LAPTOP_ONLY } from "./site"

const ROOT = resolve(__dirname, "..")

test.describe("the editors' sign-in page", () => {
  test("shows the brand's wordmark in the site's colours, axe clean", async ({ page }) => {
    // As on the live site: signing in with GitHub, the only way the built configuration offers.
    await page.route("**/admin/config.json", async (route) => {
      const response = await route.fetch()
      const config = (await response.json()) as Record<string, unknown>
      expect(config).not.toHaveProperty("local_backend")
      expect(config.logo_url).toBe("/admin/logo.svg")
      await route.fulfill({ response, body: JSON.stringify(config) })
    })
    await page.goto("/admin/")
    const signIn = page.getByRole("button", { name: "Login with GitHub" })
    await expect(signIn).toBeVisible()
    const logo = page.locator('img[src="/admin/logo.svg"]')
    await expect(logo).toBeVisible()
    expect(await imageLoaded(logo)).toBe(true)
    // Decap's own logo gives way to the brand's.
    await expect(page.locator('[class*="-DecapLogoIcon"]')).toHaveCount(0)
    await expect(page.locator('[class*="-StyledAuthenticationPage"]')).toHaveCSS("background-color", "rgb(13, 13, 13)")
    await expect(signIn).toHaveCSS("background-color", "rgb(212, 255, 58)")
    expect(await axeViolations(page)).toEqual([])
  })
})

test.describe("the editors' web UI", LAPTOP_ONLY, () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 })
  let repo: string
  let decapServer: ChildProcess
  let decapPort: number
  let site: ProductionServer

  test.beforeAll(async () => {
    decapPort = await freePort()
    // The built policy names no local address (production never talks to decap-server); the
    // editor's own computer lets /admin/ reach it, so this site's copy of the build does too.
    const publicDir = join(mkdtempSync(join(tmpdir(), "block94-cms-site-")), "public")
    cpSync(join(ROOT, "public"), publicDir, { recursive: true })
    const headers = readFileSync(join(publicDir, "_headers"), "utf8")
    expect(headers).not.toMatch(/localhost|127\.0\.0\.1/)
    writeFileSync(join(publicDir, "_headers"), headers.replace(/(\/admin\/\*[\s\S]*?connect-src 'self')/, `$1 http://localhost:${decapPort}`))
    site = await serveProduction({ PUBLIC_DIR: publicDir, SIGNUPS_FILE: join(mkdtempSync(join(tmpdir(), "block94-cms-signups-")), "signups.db") })
    // A throwaway "repository": decap-server reads and writes its content/ folder.
    repo = mkdtempSync(join(tmpdir(), "block94-cms-"))
    cpSync(join(ROOT, "content"), join(repo, "content"), { recursive: true })
    // The editing server `npm run cms` starts: decap-server's backend behind its Host check.
    decapServer = spawn(
      process.execPath,
      ["--import", "tsx", join(ROOT, "tools/dev/cms-backend.ts"), "--port", String(decapPort), "--repo", repo, "--log-level", "error"],
      {
        env: process.env,
        stdio: "ignore",
      },
    )
    await expect(async () =>
      expect(
        (await fetch(`http://127.0.0.1:${decapPort}/api/v1`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } })).status,
      ).toBeLessThan(500),
    ).toPass({ timeout: 20_000 })
  })

  test.afterAll(async () => {
    decapServer?.kill()
    await site?.stop()
  })

  /**
   * Opens /admin/ as an editor does on their computer (`npm run cms`), talking to this test's
   * decap-server. The built site offers no local backend, so the test adds it, as `npm run cms`
   * does.
   */
  const openAdmin = async (page: Page) => {
    const local = `http://localhost:${decapPort}`
    await page.route("**/admin/config.json", async (route) => {
      const response = await route.fetch()
      const config = (await response.json()) as Record<string, unknown>
      expect(config).not.toHaveProperty("local_backend")
      await route.fulfill({ response, body: JSON.stringify({ ...config, local_backend: { url: `${local}/api/v1` } }) })
    })
    await page.addInitScript(() => {
      const violations: string[] = []
      ;(window as unknown as { cspViolations: string[] }).cspViolations = violations
      document.addEventListener("securitypolicyviolation", (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`))
    })
    const response = await page.goto(`${site.baseUrl.replace("127.0.0.1", "localhost")}/admin/`)
    expect(response?.headers()["content-security-policy"]).toContain("'wasm-unsafe-eval'")
    expect(response?.headers()["content-security-policy"]).toContain(`connect-src 'self' ${local}`)
    await page.getByRole("button", { name: "Login" }).click()
    await expect(page.getByRole("heading", { name: "Collections" })).toBeVisible()
  }

  const slidesOnDisk = () =>
    JSON.parse(readFileSync(join(repo, "content", "slides.json"), "utf8")) as { $schema: string; slides: Array<{ caption: string; alt: string }> }

  test("edits the second slide's caption into content/slides.json, which still passes the content check", async ({ page }) => {
    await openAdmin(page)
    await page.getByText("Carousel slides").click()
    const captions = page.getByLabel("Caption")
    await expect(captions).toHaveCount(3)
    await captions.nth(1).fill("Caps, bags and tech gear: pieces picked for the block, edited in the browser.")
    await page.getByRole("button", { name: "Publish" }).click()
    await page.getByRole("menuitem", { name: "Publish now" }).click()
    await expect(page.getByText("Entry saved", { exact: false })).toBeVisible()

    const before = JSON.parse(readFileSync(join(ROOT, "content", "slides.json"), "utf8")) as Record<string, unknown>
    const saved = slidesOnDisk()
    // The file keeps its shape: same keys in the same order, $schema first, for editors' IDEs.
    expect(Object.keys(saved)).toEqual(Object.keys(before))
    expect(saved.slides.map((slide) => Object.keys(slide))).toEqual([0, 1, 2].map(() => ["image", "caption", "alt"]))
    expect(readFileSync(join(repo, "content", "slides.json"), "utf8").endsWith("\n")).toBe(true)
    expect(saved.slides[1].caption).toBe("Caps, bags and tech gear: pieces picked for the block, edited in the browser.")
    expect(saved.$schema).toBe("./schemas/slides.schema.json")
    const check = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "tools/build/check-content.ts"), join(repo, "content")], {
      cwd: ROOT,
      encoding: "utf8",
    })
    expect(check.stderr).toBe("")
    expect(check.status).toBe(0)
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([])
  })

  test("edits the reward tiers and switches the leaderboard on in content/rewards.json, which still passes the content check", async ({ page }) => {
    await openAdmin(page)
    await page.getByText("Site-wide", { exact: true }).click()
    await page.getByText("Referral rewards and leaderboard").click()
    const friends = page.getByLabel("Friends needed")
    await expect(friends).toHaveCount(3)
    await friends.nth(2).fill("12")
    await page.getByLabel("Show the leaderboard").click()
    await page.getByRole("button", { name: "Publish" }).click()
    await page.getByRole("menuitem", { name: "Publish now" }).click()
    await expect(page.getByText("Entry saved", { exact: false })).toBeVisible()

    const saved = JSON.parse(readFileSync(join(repo, "content", "rewards.json"), "utf8")) as {
      $schema: string
      tiers: Array<{ referrals: unknown }>
      showLeaderboard: unknown
    }
    expect(saved.$schema).toBe("./schemas/rewards.schema.json")
    // Saved as a number and a true/false, as the build reads them, not as text.
    expect(saved.tiers.map((tier) => tier.referrals)).toEqual([1, 3, 12])
    expect(saved.showLeaderboard).toBe(true)
    const check = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "tools/build/check-content.ts"), join(repo, "content")], {
      cwd: ROOT,
      encoding: "utf8",
    })
    expect(check.stderr).toBe("")
    expect(check.status).toBe(0)
  })

  /** The slide pictures the editor shows, as the browser decoded them. */
  const thumbnails = (page: Page) =>
    page
      .locator("img[role=presentation]")
      .evaluateAll((images) => images.map((image) => ({ src: (image as HTMLImageElement).src, width: (image as HTMLImageElement).naturalWidth })))

  test("shows each slide's picture, and a picture chosen from the media library is saved as images/<name>", async ({ page }) => {
    await openAdmin(page)
    await page.getByText("Carousel slides").click()
    // Real pictures (1920 px wide), one per slide, not the blank stand-in shown while they load.
    await expect(async () => {
      const shown = await thumbnails(page)
      expect(shown.map((image) => image.width)).toEqual([1920, 1920, 1920])
      expect(new Set(shown.map((image) => image.src)).size).toBe(3)
    }).toPass({ timeout: 15_000 })

    await page.getByRole("button", { name: "Choose different image" }).first().click()
    await page.getByText("slide-home.jpg", { exact: true }).click()
    await page.getByRole("button", { name: "Choose selected" }).click()
    await expect(async () => expect((await thumbnails(page))[0].src).toBe((await thumbnails(page))[2].src)).toPass({ timeout: 10_000 })
    await page.getByRole("button", { name: "Publish" }).click()
    await page.getByRole("menuitem", { name: "Publish now" }).click()
    await expect(page.getByText("Entry saved", { exact: false })).toBeVisible()
    expect((slidesOnDisk().slides[0] as { image?: string }).image).toBe("images/slide-home.jpg")
  })

  test("refuses to save a slide without alt text, and says why", async ({ page, problems }) => {
    // Decap rejects its own save with no reason when validation stops it: that is the refusal.
    problems.allow("pageerror: undefined")
    await openAdmin(page)
    await page.getByText("Carousel slides").click()
    const before = readFileSync(join(repo, "content", "slides.json"), "utf8")
    await page.getByLabel("Alt text (what the picture shows)").first().fill("")
    await page.getByRole("button", { name: "Publish" }).click()
    await page.getByRole("menuitem", { name: "Publish now" }).click()
    await expect(page.getByText("Oops, you've missed a required field.", { exact: false })).toBeVisible()
    await expect(page.getByText("Alt text (what the picture shows) is required.")).toBeVisible()
    expect(readFileSync(join(repo, "content", "slides.json"), "utf8")).toBe(before)
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([])
  })
})

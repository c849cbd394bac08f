/**
 * The site works under its own Content-Security-Policy: every page is loaded with the headers
 * from the built `_headers` file applied, and must hydrate and run without a CSP violation.
 */
import { readFileSync } from "node:fs"
import type { Page } from "@playwright/test"
import { builtApiBase, expect, test } from "./fixtures"
import { LAPTOP_ONLY, NO_BROWSER, ROUTES } from "./site"

/** The headers that `_headers` gives every path ("/*" block). */
const headersForAllPaths = (): Record<string, string> => {
  const text = readFileSync("public/_headers", "utf8")
  const block = text.split(/\n\n/).find((part) => part.startsWith("/*\n")) ?? ""
  return Object.fromEntries(
    block
      .split("\n")
      .slice(1)
      .map(
        (line) =>
          line
            .trim()
            .split(/:\s(.+)/)
            .slice(0, 2) as [string, string],
      ),
  )
}

const withHeaders = async (page: Page, headers: Record<string, string>) => {
  await page.route("**/*", async (route) => {
    if (route.request().resourceType() !== "document") return route.fallback()
    const response = await route.fetch()
    await route.fulfill({ response, headers: { ...response.headers(), ...headers } })
  })
  await page.addInitScript(() => {
    const violations: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = violations
    document.addEventListener("securitypolicyviolation", (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`))
  })
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)

const headers = headersForAllPaths()

test.describe("security headers", NO_BROWSER, () => {
  test("declare a strict policy with no eval, no third-party origins and no framing", () => {
    const csp = headers["Content-Security-Policy"]
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain("unsafe-eval")
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    // The one outside origin a page may call is the API's, where the site was built for a host without Functions.
    const apiBase = builtApiBase()
    expect(csp.match(/https?:\/\/[^\s;]+/g) ?? []).toEqual(apiBase ? [new URL(apiBase).origin] : [])
    expect(headers["Strict-Transport-Security"]).toMatch(/max-age=\d{8}/)
    expect(headers["X-Content-Type-Options"]).toBe("nosniff")
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin")
    expect(headers["Permissions-Policy"]).toContain("camera=()")
  })

  test("cache hashed assets for a year and HTML not at all", () => {
    const text = readFileSync("public/_headers", "utf8")
    expect(text).toMatch(/\/\*\.js\n {2}Cache-Control: public, max-age=31536000, immutable/)
    expect(text).toMatch(/\/static\/\*\n {2}Cache-Control: public, max-age=31536000, immutable/)
    expect(headers["Cache-Control"]).toBe("public, max-age=0, must-revalidate")
  })
})

test.describe("the Content-Security-Policy", LAPTOP_ONLY, () => {
  // Any console error or warning fails these tests too, "Refused to ..." CSP reports among them.
  // The drop and status pages also start a worker as they load (static/warm-formatters.js).
  for (const path of [...ROUTES, "/drop/", "/waitlist/"]) {
    test(`${path} runs under the policy without violations`, async ({ page, app }) => {
      await withHeaders(page, headers)
      await app.open(path)
      // Client-side navigation loads page data and chunks after the first paint.
      await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).click()
      await expect(page).toHaveURL("/privacy/")
      await app.hydrated()
      expect(await violations(page)).toEqual([])
    })
  }
})

/**
 * Byte budgets of the built site, from public/ alone: they do not depend on machine speed.
 * `npm run bench` prints the same figures in full.
 */
import { allPagesJavaScript, homeWeight, largestStaticImage } from "../tools/bench/bundle-weights"
import { expect, test } from "./fixtures"
import { NO_BROWSER } from "./site"

const KB = 1024
const PUBLIC_DIR = "public"

const BUDGETS = {
  /** Compressed JavaScript a page loads before and right after it becomes interactive. */
  pageJavaScriptGzip: 100 * KB,
  /** Any single optimised image. */
  largestImage: 150 * KB,
  /** Everything Home needs on first load: HTML with inline CSS, JS, images, fonts, data. */
  homeTotalGzip: 450 * KB,
  /**
   * The JavaScript Home loads on opening (script tags and its chunk group, not what comes once
   * idle or on a visitor's action): no more than before the drop's link joined the header.
   */
  homeOpeningJavaScriptGzip: 47_711,
}

test.describe("byte budgets", NO_BROWSER, () => {
  test("every page ships at most 100 KB of compressed JavaScript", () => {
    const pages = allPagesJavaScript(PUBLIC_DIR)
    expect(pages.map(({ path }) => path)).toEqual(expect.arrayContaining(["/", "/about/", "/contact/", "/privacy/"]))
    const overBudget = pages
      .filter(({ withOnMount }) => withOnMount.gzip > BUDGETS.pageJavaScriptGzip)
      .map(({ path, withOnMount }) => `${path}: ${(withOnMount.gzip / KB).toFixed(1)} KB`)
    expect(overBudget).toEqual([])
  })

  test("Home opens with at most 47,711 bytes of compressed JavaScript", () => {
    const { javascript } = homeWeight(PUBLIC_DIR)
    expect(javascript.htmlScripts.length).toBeGreaterThan(0)
    expect(javascript.componentScripts.length).toBeGreaterThan(0)
    expect(javascript.initial.gzip).toBeLessThanOrEqual(BUDGETS.homeOpeningJavaScriptGzip)
  })

  test("no image is larger than 150 KB", () => {
    const image = largestStaticImage(PUBLIC_DIR)
    expect(image).toBeDefined()
    expect(image!.bytes).toBeLessThanOrEqual(BUDGETS.largestImage)
  })

  test("Home weighs at most 450 KB on first load", () => {
    const weight = homeWeight(PUBLIC_DIR)
    expect(weight.images.length).toBeGreaterThan(0)
    expect(weight.fonts.length).toBeGreaterThan(0)
    expect(weight.total.gzip).toBeLessThanOrEqual(BUDGETS.homeTotalGzip)
  })
})

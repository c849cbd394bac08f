/**
 * The post-build touches reached every built page, and the compile hint sits on exactly the
 * start-up chunks. Reads public/ only: a change in Gatsby's or emotion's markup that made a
 * rewrite do nothing fails here (and already in the build).
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { hasCompileHint } from "../plugins/post-build/compile-hint"
import { hasHoistedStyles } from "../plugins/post-build/critical-styles"
import { builtPages } from "../plugins/post-build/finish-pages"
import { deferredScriptSources } from "../plugins/post-build/first-paint-scripts"
import { chunkFilesFromRuntime } from "../tools/bench/bundle-weights"
import { expect, test } from "./fixtures"
import { NO_BROWSER } from "./site"

const PUBLIC_DIR = "public"
const pages = builtPages(PUBLIC_DIR)
const readScript = (name: string) => readFileSync(join(PUBLIC_DIR, name), "utf8")

/** This build's scripts (public/ keeps older builds' files): named chunks, then those the runtime loads by id. */
const currentScripts = (): string[] => {
  const stats = JSON.parse(readFileSync(join(PUBLIC_DIR, "webpack.stats.json"), "utf8")) as { assetsByChunkName: Record<string, string[]> }
  const named = Object.values(stats.assetsByChunkName)
    .flat()
    .filter((name) => name.endsWith(".js"))
  const runtime = named.find((name) => name.startsWith("webpack-runtime-")) ?? ""
  const loadedById = [...chunkFilesFromRuntime(readScript(runtime)).values()].map((file) => file.replace(/^\//, ""))
  return [...new Set([...named, ...loadedById])]
}
const scripts = currentScripts()

test.describe("built pages", NO_BROWSER, () => {
  test("include every route", () => {
    expect(pages.map((file) => file.slice(PUBLIC_DIR.length))).toEqual(
      expect.arrayContaining(["/index.html", "/about/index.html", "/contact/index.html", "/privacy/index.html", "/404.html"]),
    )
  })

  for (const file of pages) {
    test(`${file} carries its styles in the head and starts its scripts after the first paint`, () => {
      const html = readFileSync(file, "utf8")
      expect(hasHoistedStyles(html)).toBe(true)
      expect(deferredScriptSources(html)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\/webpack-runtime-/), expect.stringMatching(/^\/framework-/), expect.stringMatching(/^\/app-/)]),
      )
      expect(html).not.toMatch(/<script src="[^"]+" async/)
    })
  }
})

test.describe("the compile hint", NO_BROWSER, () => {
  test("starts the runtime, framework and app chunks", () => {
    const startUp = scripts.filter((name) => /^(webpack-runtime|framework|app)-/.test(name))
    expect(startUp).toHaveLength(3)
    for (const name of startUp) expect([name, hasCompileHint(readScript(name))]).toEqual([name, true])
  })

  test("is not on chunks loaded later, such as the toast library's", () => {
    const later = scripts.filter((name) => !/^(webpack-runtime|framework|app)-/.test(name))
    const toastChunk = later.find((name) => readScript(name).includes("Toastify"))
    expect(toastChunk).toBeDefined()
    for (const name of later) expect([name, hasCompileHint(readScript(name))]).toEqual([name, false])
  })
})

test.describe("the Gatsby Functions", NO_BROWSER, () => {
  // Gatsby's adapters deploy each Function's own file and nothing beside it (Netlify's lists only
  // that file, with no bundler of its own), so code a Function loads later must live in that file.
  test("are each one file, with no chunk beside them for a Function to load later", () => {
    const functionsDir = join(".cache", "functions")
    const manifest = JSON.parse(readFileSync(join(functionsDir, "manifest.json"), "utf8")) as Array<{ relativeCompiledFilePath: string }>
    const compiled = readdirSync(functionsDir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".js"))
    expect(compiled.sort()).toEqual(manifest.map(({ relativeCompiledFilePath }) => relativeCompiledFilePath).sort())
    expect(compiled).toContain("signup.js")
  })
})

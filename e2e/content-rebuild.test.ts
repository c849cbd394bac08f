/**
 * An editor's change to content shows up after a rebuild, and hostile text stays text.
 * Builds a copy of the project with edited content in a temporary folder (about a minute).
 */
import { execFile, execFileSync } from "node:child_process"
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { promisify } from "node:util"
import { expect, test } from "./fixtures"
import { NO_BROWSER } from "./site"

const ROOT = resolve(__dirname, "..")
const HOSTILE = `Fresh "fits" & <b>bold</b> </script><script>alert(1)</script> 🎉 東京`

const copyProject = (target: string) => {
  // The working tree as it is, tracked or new, without what git ignores (node_modules, builds).
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((file) => file && existsSync(join(ROOT, file)))
  for (const file of files) cpSync(join(ROOT, file), join(target, file), { recursive: true })
  symlinkSync(join(ROOT, "node_modules"), join(target, "node_modules"), "dir")
}

const editJson = (workDir: string, file: string, edit: (data: Record<string, unknown>) => void) => {
  const path = join(workDir, "content", file)
  const data = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>
  edit(data)
  writeFileSync(path, JSON.stringify(data, null, 2))
}

/** Copies the project, applies the edits and builds the copy; returns the built Home page. */
const buildEditedCopy = async (workDir: string): Promise<string> => {
  copyProject(workDir)
  editJson(workDir, "slides.json", (data) => {
    const slides = data.slides as Array<Record<string, string>>
    slides[0].caption = HOSTILE
    slides[0].image = "images/slide-home.jpg"
  })
  editJson(workDir, "pages/home.json", (data) => {
    ;(data.seo as Record<string, string>).title = `Block 94 </script><script>alert("x")</script>`
  })
  try {
    await promisify(execFile)("npx", ["gatsby", "build"], { cwd: workDir, env: { ...process.env, CI: "true" }, maxBuffer: 64 * 1024 * 1024 })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`build of the edited copy failed:\n${stdout}\n${stderr}`, { cause: error })
  }
  return readFileSync(join(workDir, "public", "index.html"), "utf8")
}

/** The text of an HTML fragment: tags removed, entities decoded. */
const textOf = (fragment: string): string =>
  fragment
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")

// One build for all three checks; soft assertions, so one failure does not hide the others.
// Booleans rather than `toContain`, so a failure does not print the whole page.
test("after an editor changes slides.json and rebuilds", NO_BROWSER, async () => {
  // A whole build from a clean copy (no cache), beside the other tests: minutes on a 2-core machine.
  test.setTimeout(600_000)
  const workDir = mkdtempSync(join(tmpdir(), "block94-rebuild-"))
  try {
    const html = await buildEditedCopy(workDir)
    const firstSlide = html.split('aria-roledescription="slide"')[1]

    await test.step("shows the new caption, escaped as text", () => {
      const caption = /<p[^>]*>([^<]*(?:&lt;[^<]*)*)<\/p>/.exec(firstSlide)?.[1] ?? ""
      expect.soft(textOf(caption)).toBe(HOSTILE)
      expect.soft(html.includes("<b>bold</b>")).toBe(false)
      expect.soft(html.includes("<script>alert(1)</script>")).toBe(false)
    })

    await test.step("shows the newly chosen picture in the first slide", () => {
      // Gatsby names processed images after their source file.
      expect.soft(firstSlide).toMatch(/\/static\/[a-f0-9]+\/[a-f0-9]+\/slide-home\.(jpg|webp|avif)/)
    })

    await test.step("keeps the JSON-LD valid and inert with a hostile page title", () => {
      const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
      expect(scripts).toHaveLength(1)
      expect.soft(scripts[0][1]).not.toContain("<")
      const data = JSON.parse(scripts[0][1]) as { "@graph": Array<{ "@type": string }> }
      expect.soft(data["@graph"].map((node) => node["@type"])).toEqual(["Organization", "WebSite"])
      expect.soft(html.includes('<script>alert("x")</script>')).toBe(false)
      expect.soft(textOf(/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? "")).toBe(`Block 94 </script><script>alert("x")</script>`)
    })
  } finally {
    if (dirname(workDir) === tmpdir()) rmSync(workDir, { recursive: true, force: true })
  }
})

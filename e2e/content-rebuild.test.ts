/**
 * An editor's change to content shows up after a rebuild, and hostile text stays text.
 * Builds a copy of the project with edited content in a temporary folder (about a minute).
 */
import { execFileSync, spawnSync } from "node:child_process"
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"

const ROOT = resolve(__dirname, "..")
const HOSTILE = `Fresh "fits" & <b>bold</b> </script><script>alert(1)</script> 🎉 東京`

let workDir: string
let html: string

const copyProject = (target: string) => {
  // The working tree as it is, tracked or new, without what git ignores (node_modules, builds).
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((file) => file && existsSync(join(ROOT, file)))
  for (const file of files) cpSync(join(ROOT, file), join(target, file), { recursive: true })
  symlinkSync(join(ROOT, "node_modules"), join(target, "node_modules"), "dir")
}

const editJson = (file: string, edit: (data: Record<string, unknown>) => void) => {
  const path = join(workDir, "content", file)
  const data = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>
  edit(data)
  writeFileSync(path, JSON.stringify(data, null, 2))
}

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), "block94-rebuild-"))
  copyProject(workDir)
  editJson("slides.json", (data) => {
    const slides = data.slides as Array<Record<string, string>>
    slides[0].caption = HOSTILE
    slides[0].image = "images/slide-home.jpg"
  })
  editJson("pages/home.json", (data) => {
    ;(data.seo as Record<string, string>).title = `Block 94 </script><script>alert("x")</script>`
  })
  const build = spawnSync("npx", ["gatsby", "build"], { cwd: workDir, encoding: "utf8", env: { ...process.env, CI: "true" } })
  if (build.status !== 0) throw new Error(`build of the edited copy failed:\n${build.stdout}\n${build.stderr}`)
  html = readFileSync(join(workDir, "public", "index.html"), "utf8")
}, 300_000)

afterAll(() => {
  if (workDir && dirname(workDir) === tmpdir()) rmSync(workDir, { recursive: true, force: true })
})

/** The text of an HTML fragment: tags removed, entities decoded. */
const textOf = (fragment: string): string =>
  fragment
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")

// Booleans rather than `toContain`, so a failure does not print the whole page.
describe("after an editor changes slides.json and rebuilds", () => {
  it("shows the new caption, escaped as text", () => {
    const firstSlide = html.split('aria-roledescription="slide"')[1]
    const caption = /<p[^>]*>([^<]*(?:&lt;[^<]*)*)<\/p>/.exec(firstSlide)?.[1] ?? ""
    expect(textOf(caption)).toBe(HOSTILE)
    expect(html.includes("<b>bold</b>")).toBe(false)
    expect(html.includes("<script>alert(1)</script>")).toBe(false)
  })

  it("shows the newly chosen picture in the first slide", () => {
    const firstSlide = html.split('aria-roledescription="slide"')[1]
    // Gatsby names processed images after their source file.
    expect(firstSlide).toMatch(/\/static\/[a-f0-9]+\/[a-f0-9]+\/slide-home\.(jpg|webp|avif)/)
  })

  it("keeps the JSON-LD valid and inert with a hostile page title", () => {
    const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    expect(scripts).toHaveLength(1)
    expect(scripts[0][1]).not.toContain("<")
    const data = JSON.parse(scripts[0][1]) as { "@graph": Array<{ "@type": string }> }
    expect(data["@graph"].map((node) => node["@type"])).toEqual(["Organization", "WebSite"])
    expect(html.includes('<script>alert("x")</script>')).toBe(false)
    expect(textOf(/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? "")).toBe(`Block 94 </script><script>alert("x")</script>`)
  })
})

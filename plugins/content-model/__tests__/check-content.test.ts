// `npm run check:content` as an editor runs it: exit code and what is printed.
import { spawnSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { staleGeneratedFiles, writeGeneratedFiles } from "../generate"
import { REAL_CONTENT_DIR, copyContent, removeCopies, setField } from "../../../test/fixtures/content-fixture"

const PROJECT_DIR = resolve(__dirname, "../../..")
/** A stack trace line as Node prints it: "    at fn (file:line:col)". */
const STACK_LINE = /^\s+at\s/m

const checkContent = (contentDir: string) =>
  spawnSync("npx", ["tsx", "tools/build/check-content.ts", contentDir], { cwd: PROJECT_DIR, encoding: "utf8", timeout: 60_000 })

afterEach(removeCopies)

describe("npm run check:content", () => {
  it("exits 1 on broken content and prints the editor's message without a stack trace", () => {
    const dir = copyContent()
    setField(dir, "slides.json", ["slides", 1, "alt"], "")
    setField(dir, "site.json", ["siteUrl"], "block94.com")

    const run = checkContent(dir)

    expect(run.status).toBe(1)
    expect(run.stderr).toContain(
      [
        "Content check failed: 2 problems to fix in content/",
        '  - content/site.json: siteUrl "block94.com" is not a valid web address - expected a full URL starting with https://',
        "  - content/slides.json: slides[1].alt is empty - every slide needs alt text for screen readers",
      ].join("\n"),
    )
    expect(`${run.stdout}\n${run.stderr}`).not.toMatch(STACK_LINE)
    expect(run.stderr).not.toMatch(/ZodError|SyntaxError|node:internal/)
    expect(run.stdout).not.toContain("Content check passed")
  }, 60_000)

  it("exits 1 on a file that is not valid JSON, naming the line, without a stack trace", () => {
    const dir = copyContent()
    writeFileSync(join(dir, "values.json"), '{\n  "values": [\n')

    const run = checkContent(dir)

    expect(run.status).toBe(1)
    expect(run.stderr).toContain(
      "  - content/values.json is not valid JSON at line 3, column 1: Unexpected end of JSON input - check for a missing or extra comma, quote or bracket near there",
    )
    expect(`${run.stdout}\n${run.stderr}`).not.toMatch(STACK_LINE)
  }, 60_000)

  it("exits 0 on the real content and says so", () => {
    const run = checkContent(REAL_CONTENT_DIR)

    expect(run.stderr).not.toContain("Content check failed")
    expect(run.status).toBe(0)
    expect(run.stdout).toContain("Content check passed: every file in content/ is valid.")
  }, 60_000)
})

describe("generated files out of date", () => {
  it("are named by staleGeneratedFiles (what `check:content --check` fails on), and none once written", () => {
    const root = mkdtempSync(join(tmpdir(), "block94-generated-"))
    expect(staleGeneratedFiles(root)).toContain("plugins/content-model/generated/content-types.graphql")
    writeGeneratedFiles(root)
    expect(staleGeneratedFiles(root)).toEqual([])
    writeFileSync(join(root, "content", "schemas", "site.schema.json"), "{}\n")
    expect(staleGeneratedFiles(root)).toEqual([join("content", "schemas", "site.schema.json")])
  })

  it("are none in the repository: what is committed is what the model makes", () => {
    expect(staleGeneratedFiles(PROJECT_DIR)).toEqual([])
  })
})

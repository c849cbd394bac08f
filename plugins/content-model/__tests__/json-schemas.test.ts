// The files generated from the content model are committed: the JSON Schemas in content/schemas/
// (editors' IDEs: autocomplete and red underlines) and the pinned GraphQL types (what reviewers
// read). Builds and `npm run check:content` rewrite them; these tests catch a stale copy.
import { existsSync, readFileSync, readdirSync } from "node:fs"
import { dirname, join, posix } from "node:path"
import { generatedFiles, jsonSchemaFileName } from "../generate"
import { CONTENT_FILES } from "../model"
import { REAL_CONTENT_DIR } from "../../../test/fixtures/content-fixture"

const SITE_ROOT = join(REAL_CONTENT_DIR, "..")
const SCHEMAS_DIR = join(REAL_CONTENT_DIR, "schemas")

describe("generated files", () => {
  it.each(generatedFiles().map(({ path, text }) => [path, text] as const))("%s is up to date (npm run schemas)", (path, text) => {
    expect(existsSync(join(SITE_ROOT, path))).toBe(true)
    expect(readFileSync(join(SITE_ROOT, path), "utf8")).toBe(text)
  })

  it("include no JSON Schema for a content file that no longer exists", () => {
    const expected = CONTENT_FILES.map(jsonSchemaFileName).sort()
    expect(
      readdirSync(SCHEMAS_DIR)
        .filter((name) => name.endsWith(".schema.json"))
        .sort(),
    ).toEqual(expected)
  })
})

describe("every content file", () => {
  it.each(CONTENT_FILES.map((entry) => [entry.file, entry] as const))('%s names its own JSON Schema in "$schema"', (file, entry) => {
    const data = JSON.parse(readFileSync(join(REAL_CONTENT_DIR, file), "utf8")) as { $schema?: unknown }
    const expected = posix.relative(posix.dirname(file), `schemas/${jsonSchemaFileName(entry)}`)
    const withDot = expected.startsWith(".") ? expected : `./${expected}`
    expect(data.$schema).toBe(withDot)
    expect(existsSync(join(REAL_CONTENT_DIR, dirname(file), String(data.$schema)))).toBe(true)
  })
})

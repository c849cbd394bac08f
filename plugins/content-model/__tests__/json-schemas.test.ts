/** @jest-environment node */
// The JSON Schemas in content/schemas/ give editors autocomplete and red underlines in their IDE.
// They must say what the zod content model says, or the IDE and the build disagree.
import { existsSync, readFileSync, readdirSync } from "node:fs"
import { basename, dirname, join, posix } from "node:path"
import { z } from "zod"
import { CONTENT_FILES, createContentSchemas } from "../model"
import { REAL_CONTENT_DIR } from "../../../test/fixtures/content-fixture"

const SCHEMAS_DIR = join(REAL_CONTENT_DIR, "schemas")

/** Exactly what `npm run schemas` (tools/write-schemas.ts) writes for one content file. */
const generatedSchemaText = (file: string, schema: (typeof CONTENT_FILES)[number]["schema"]): string => {
  const schemas = createContentSchemas({ imageExists: () => true })
  const jsonSchema = { title: `Block 94 content: ${file}`, ...z.toJSONSchema(schemas[schema], { io: "input", unrepresentable: "any" }) }
  return `${JSON.stringify(jsonSchema, null, 2)}\n`
}

const schemaFileName = (file: string) => `${basename(file, ".json")}.schema.json`

describe("content/schemas/", () => {
  it.each(CONTENT_FILES.map(({ file, schema }) => [file, schema] as const))(
    "has an up-to-date JSON Schema for %s (run `npm run schemas` after changing plugins/content-model/model.ts)",
    (file, schema) => {
      const path = join(SCHEMAS_DIR, schemaFileName(file))
      expect(existsSync(path)).toBe(true)
      expect(readFileSync(path, "utf8")).toBe(generatedSchemaText(file, schema))
    },
  )

  it("holds no schema for a content file that no longer exists", () => {
    const expected = CONTENT_FILES.map(({ file }) => schemaFileName(file)).sort()
    const present = readdirSync(SCHEMAS_DIR)
    expect(present.filter((name) => name.endsWith(".schema.json")).sort()).toEqual(expected)
  })
})

describe("every content file", () => {
  it.each(CONTENT_FILES.map(({ file }) => file))("%s names its own JSON Schema in \"$schema\"", (file) => {
    const data = JSON.parse(readFileSync(join(REAL_CONTENT_DIR, file), "utf8")) as { $schema?: unknown }
    const expected = posix.relative(posix.dirname(file), `schemas/${schemaFileName(file)}`)
    const withDot = expected.startsWith(".") ? expected : `./${expected}`

    expect(data.$schema).toBe(withDot)
    expect(existsSync(join(REAL_CONTENT_DIR, dirname(file), String(data.$schema)))).toBe(true)
  })
})

// The content model's checks of single files and fields: every field's messages, JSON syntax
// errors pointed at, field paths, line and column, and the report's wording.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { CONTENT_FILES, createContentSchemas } from "../model"
import { checkContentSource, findJsonErrorOffset, formatContentReport, formatFieldPath, lineAndColumn } from "../validation"
import { REAL_CONTENT_DIR, fieldAt, fieldPaths, readFixture, withField, withoutField, type FieldPath } from "../../../test/fixtures/content-fixture"

describe("every field of every content file", () => {
  const schemas = createContentSchemas({ imageExists: () => true })
  const ZOD_WORDING = /Invalid input|expected [a-z]+, received|Too (big|small)|"undefined"|"null"|\[object Object\]/

  const cases = CONTENT_FILES.flatMap(({ file, schema }) => {
    const data = JSON.parse(readFileSync(join(REAL_CONTENT_DIR, file), "utf8")) as unknown
    return fieldPaths(data).map((path) => ({ file, schema, data, path, value: fieldAt(data, path) }))
  })
  const label = (file: string, path: FieldPath) => `${file} ${formatFieldPath(path)}`

  it.each(cases.filter(({ path }) => typeof path[path.length - 1] === "string" && path[path.length - 1] !== "$schema"))(
    "names $file's missing field in one editor-worded message ($path)",
    ({ file, schema, data, path }) => {
      const messages = checkContentSource(file, JSON.stringify(withoutField(data, path)), schemas[schema])
      expect({ field: label(file, path), messages }).toEqual({
        field: label(file, path),
        messages: [expect.stringMatching(new RegExp(`^content/${file}: ${escape(formatFieldPath(path))} is missing - `))],
      })
      expect(messages[0]).not.toMatch(ZOD_WORDING)
    },
  )

  it.each(cases.filter(({ value }) => typeof value === "string"))(
    "asks for text in quotes when $file has a number at $path",
    ({ file, schema, data, path }) => {
      const messages = checkContentSource(file, JSON.stringify(withField(data, path, 94)), schemas[schema])
      expect(messages).toEqual([expect.stringMatching(new RegExp(`^content/${file}: ${escape(formatFieldPath(path))} must be text in "quotes", not a number`))])
      expect(messages[0]).not.toMatch(ZOD_WORDING)
    },
  )

  it.each(cases.filter(({ value, path }) => typeof value === "string" && path[0] !== "$schema"))(
    "reports an empty $path in $file in one message",
    ({ file, schema, data, path }) => {
      const messages = checkContentSource(file, JSON.stringify(withField(data, path, "")), schemas[schema])
      expect(messages).toHaveLength(1)
      expect(messages[0]).toMatch(new RegExp(`^content/${file}: ${escape(formatFieldPath(path))} `))
      expect(messages[0]).not.toMatch(ZOD_WORDING)
    },
  )

  it.each(cases.filter(({ value }) => typeof value === "object" && value !== null))(
    "reports $file's $path given as a number in one editor-worded message",
    ({ file, schema, data, path }) => {
      const messages = checkContentSource(file, JSON.stringify(withField(data, path, 94)), schemas[schema])
      expect(messages).toHaveLength(1)
      expect(messages[0]).toMatch(new RegExp(`^content/${file}: ${escape(formatFieldPath(path))} must be `))
      expect(messages[0]).not.toMatch(ZOD_WORDING)
    },
  )
})

/** Escapes a literal for use inside a RegExp. */
function escape(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
}

describe("checkContentSource", () => {
  const schemas = createContentSchemas({ imageExists: () => true })
  const slides = schemas.slides

  it.each([
    [
      "reports the missing comma of the fixture at the end of line 6, where it belongs",
      "slides.json",
      readFixture("slides-missing-comma.json"),
      "line 6, column 98: Expected ',' or '}' after property value",
    ],
    [
      "points at a missing comma between list items on one line",
      "x.json",
      '{\n  "paragraphs": ["One." "Two."]\n}',
      "line 2, column 24: Expected ',' or ']' after array element",
    ],
    ["points at a trailing comma after the last list item", "slides.json", '{\n  "slides": [\n    "a",\n  ]\n}', "line 4, column 3: Unexpected token ']'"],
    ["points at a trailing comma after the last field", "slides.json", '{\n  "slides": [],\n}', "line 3, column 1: Expected double-quoted property name"],
    ["points at text in 'single quotes'", "slides.json", '{\n  "slides": [\n    { "caption": \'Hi\' }\n  ]\n}', "line 3, column 18: Unexpected token '''"],
    ["points at the end of a file that stops early", "slides.json", '{\n  "slides": [\n', "line 3, column 1: Unexpected end of JSON input"],
  ])("%s", (_test, file, source, where) => {
    expect(checkContentSource(file, source, slides)).toEqual([
      `content/${file} is not valid JSON at ${where} - check for a missing or extra comma, quote or bracket near there`,
    ])
  })

  it("counts lines in files saved with Windows line endings", () => {
    const source = readFixture("slides-missing-comma.json").replace(/\n/g, "\r\n")
    expect(checkContentSource("slides.json", source, slides)[0]).toContain("at line 6, column 98:")
  })

  it("explains an empty file", () => {
    expect(checkContentSource("values.json", " \n", schemas.values)).toEqual(["content/values.json is empty - it must hold the value cards as JSON { ... }"])
  })

  it("explains an invisible byte order mark instead of pointing at an invisible character", () => {
    const source = `\uFEFF${readFileSync(join(REAL_CONTENT_DIR, "values.json"), "utf8")}`
    expect(checkContentSource("values.json", source, schemas.values)).toEqual([
      'content/values.json starts with an invisible byte order mark (BOM) - save the file as "UTF-8" without BOM',
    ])
  })

  it("reports a list where the whole file should be an object", () => {
    expect(checkContentSource("slides.json", "[]", slides)).toEqual(["content/slides.json: must be an object { ... }, not a list - the carousel slides"])
  })

  it("returns no messages for valid content", () => {
    expect(checkContentSource("slides.json", readFileSync(join(REAL_CONTENT_DIR, "slides.json"), "utf8"), slides)).toEqual([])
  })
})

describe("findJsonErrorOffset", () => {
  it("finds nothing wrong in valid JSON", () => {
    for (const { file } of CONTENT_FILES) expect(findJsonErrorOffset(readFileSync(join(REAL_CONTENT_DIR, file), "utf8"))).toBe(-1)
    expect(findJsonErrorOffset(' {"a": [1, -2.5e+3, 0, "\\u00e9\\n", true, false, null, {}, []]} ')).toBe(-1)
  })

  it.each([
    ['{"a": x}', 6],
    ["{\"a\": 'b'}", 6],
    ["[1,]", 3],
    ['{"a": tru}', 6],
    ['{"a": 1 // note\n}', 8],
    ["", 0],
  ])("finds where %j breaks when JSON.parse does not say", (source, offset) => {
    expect(findJsonErrorOffset(source)).toBe(offset)
  })
})

describe("formatFieldPath", () => {
  it.each([
    [[], ""],
    [["siteUrl"], "siteUrl"],
    [["slides", 1, "alt"], "slides[1].alt"],
    [["emails", "general"], "emails.general"],
    [["sections", 2, "paragraphs", 0], "sections[2].paragraphs[0]"],
    [[0], "[0]"],
    [["grid", 0, 1], "grid[0][1]"],
  ])("writes %j as %j", (path, expected) => {
    expect(formatFieldPath(path)).toBe(expected)
  })
})

describe("lineAndColumn", () => {
  const source = "ab\ncd\n\nef"

  it.each([
    [0, 1, 1],
    [1, 1, 2],
    [2, 1, 3],
    [3, 2, 1],
    [4, 2, 2],
    [6, 3, 1],
    [7, 4, 1],
    [9, 4, 3],
  ])("puts offset %i at line %i, column %i", (offset, line, column) => {
    expect(lineAndColumn(source, offset)).toEqual({ line, column })
  })

  it("keeps offsets outside the text inside it", () => {
    expect(lineAndColumn(source, -5)).toEqual({ line: 1, column: 1 })
    expect(lineAndColumn(source, 999)).toEqual({ line: 4, column: 3 })
  })

  it("counts a Windows line break (\\r\\n) as one line break", () => {
    expect(lineAndColumn("ab\r\ncd\r\nef", 9)).toEqual({ line: 3, column: 2 })
  })
})

describe("formatContentReport", () => {
  it("words a single problem in the singular", () => {
    expect(formatContentReport(["content/site.json: brand is empty - the shop's name"])).toBe(
      "Content check failed: 1 problem to fix in content/\n  - content/site.json: brand is empty - the shop's name",
    )
  })

  it("lists several problems, one per line", () => {
    expect(formatContentReport(["content/a.json is missing - x", "content/b.json is missing - y"])).toBe(
      ["Content check failed: 2 problems to fix in content/", "  - content/a.json is missing - x", "  - content/b.json is missing - y"].join("\n"),
    )
  })
})

/**
 * Checks content files against the content schema and words every mistake for an editor:
 * "<file>: <field> <what is wrong> - <what is expected>".
 */
import { parse as parseJson, type ParseError } from "jsonc-parser"
import { existsSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import type { z } from "zod"
import { CONTENT_FILES, createContentSchemas } from "./model"

/** `["slides", 1, "alt"]` -> `slides[1].alt`. */
export const formatFieldPath = (path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>((out, key) => (typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), "")

/** Line and column (1-based) of a character offset. */
export const lineAndColumn = (source: string, offset: number): { line: number; column: number } => {
  const before = source.slice(0, Math.max(0, Math.min(offset, source.length)))
  const lines = before.split("\n")
  return { line: lines.length, column: lines[lines.length - 1].length + 1 }
}

/**
 * Where a JSON text first breaks the JSON grammar (a character offset), or -1 when it is valid.
 * Used when JSON.parse names no position, as for "Unexpected token" errors (single quotes,
 * a comma before "]", a bare word), which are the commonest editor mistakes. jsonc-parser, in
 * strict JSON mode, reports the offset of the token that breaks it.
 */
export const findJsonErrorOffset = (source: string): number => {
  const errors: ParseError[] = []
  parseJson(source, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false })
  return errors.length > 0 ? errors[0].offset : -1
}

/** Just after the last non-space character before `offset`: where a forgotten comma belongs. */
const endOfPreviousValue = (source: string, offset: number): number => {
  let end = offset
  while (end > 0 && /\s/.test(source[end - 1])) end--
  return end
}

/** Turns a JSON.parse error into "line L, column C: reason". */
export const describeJsonSyntaxError = (source: string, error: SyntaxError): string => {
  const position = /at position (\d+)/.exec(error.message)
  const lineColumn = /\(line (\d+) column (\d+)\)/.exec(error.message)
  const reason = error.message
    .replace(/\s*\(line \d+ column \d+\)/, "")
    .replace(/\s*in JSON at position \d+/, "")
    .replace(/, (?:\.{3})?"[\s\S]*"(?:\.{3})? is not valid JSON$/, "")
  const found = findJsonErrorOffset(source)
  let offset = position ? Number(position[1]) : found >= 0 ? found : undefined
  // "Expected ',' or '}'" is raised at the next field; the comma is missing after the previous one.
  if (offset !== undefined && /^Expected ',' or/.test(reason)) offset = endOfPreviousValue(source, offset)
  let where: { line: number; column: number }
  if (offset !== undefined) where = lineAndColumn(source, offset)
  else if (lineColumn) where = { line: Number(lineColumn[1]), column: Number(lineColumn[2]) }
  else where = lineAndColumn(source, source.length)
  return `is not valid JSON at line ${where.line}, column ${where.column}: ${reason} - check for a missing or extra comma, quote or bracket near there`
}

/** Validates one file's text against its schema; returns editor-facing messages (empty when fine). */
export const checkContentSource = (file: string, source: string, schema: z.ZodType): string[] => {
  if (source.startsWith("\uFEFF")) {
    return [`content/${file} starts with an invisible byte order mark (BOM) - save the file as "UTF-8" without BOM`]
  }
  if (source.trim() === "") {
    return [`content/${file} is empty - it must hold ${schema.description ?? "the content"} as JSON { ... }`]
  }
  let data: unknown
  try {
    data = JSON.parse(source)
  } catch (error) {
    return [`content/${file} ${describeJsonSyntaxError(source, error as SyntaxError)}`]
  }
  const result = schema.safeParse(data)
  if (result.success) return []
  // One message per field: the first problem found (a list given as text is not also "0 slides").
  const seen = new Set<string>()
  return result.error.issues.flatMap((issue) => {
    const field = formatFieldPath(issue.path)
    if (issue.code !== "unrecognized_keys") {
      if (seen.has(field)) return []
      seen.add(field)
    }
    return [`content/${file}: ${field ? `${field} ` : ""}${issue.message}`]
  })
}

const isFile = (path: string): boolean => existsSync(path) && statSync(path).isFile()

/** Validates every content file in a content folder; returns all messages (empty when fine). */
export const validateContentDir = (contentDir: string): string[] => {
  const schemas = createContentSchemas({ imageExists: (relativePath) => isFile(join(contentDir, relativePath)) })
  return CONTENT_FILES.flatMap(({ file, schema }) => {
    const path = join(contentDir, file)
    if (!isFile(path)) return [`content/${file} is missing - the site needs this file`]
    return checkContentSource(file, readFileSync(path, "utf8"), schemas[schema])
  })
}

/** The report shown when content is broken. */
export const formatContentReport = (messages: string[]): string =>
  [
    `Content check failed: ${messages.length} ${messages.length === 1 ? "problem" : "problems"} to fix in content/`,
    ...messages.map((message) => `  - ${message}`),
  ].join("\n")

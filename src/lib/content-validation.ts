/**
 * Checks content files against the content schema and words every mistake for an editor:
 * "<file>: <field> <what is wrong> - <what is expected>".
 */
import { existsSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import type { z } from "zod"
import { CONTENT_FILES, createContentSchemas } from "../content-schema"

/** `["slides", 1, "alt"]` -> `slides[1].alt`. */
export const formatFieldPath = (path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>((out, key) => (typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), "")

/** Line and column (1-based) of a character offset. */
export const lineAndColumn = (source: string, offset: number): { line: number; column: number } => {
  const before = source.slice(0, Math.max(0, Math.min(offset, source.length)))
  const lines = before.split("\n")
  return { line: lines.length, column: lines[lines.length - 1].length + 1 }
}

/** Turns a JSON.parse error into "line L, column C: reason". */
export const describeJsonSyntaxError = (source: string, error: SyntaxError): string => {
  const position = /at position (\d+)/.exec(error.message)
  const lineColumn = /\(line (\d+) column (\d+)\)/.exec(error.message)
  const reason = error.message
    .replace(/\s*\(line \d+ column \d+\)/, "")
    .replace(/\s*in JSON at position \d+/, "")
    .replace(/, "[\s\S]*" is not valid JSON$/, "")
  let where: { line: number; column: number }
  if (lineColumn) where = { line: Number(lineColumn[1]), column: Number(lineColumn[2]) }
  else if (position) where = lineAndColumn(source, Number(position[1]))
  else where = lineAndColumn(source, source.length)
  return `is not valid JSON at line ${where.line}, column ${where.column}: ${reason} - check for a missing comma, quote or bracket near there`
}

/** Validates one file's text against its schema; returns editor-facing messages (empty when fine). */
export const checkContentSource = (file: string, source: string, schema: z.ZodType): string[] => {
  let data: unknown
  try {
    data = JSON.parse(source)
  } catch (error) {
    return [`content/${file} ${describeJsonSyntaxError(source, error as SyntaxError)}`]
  }
  const result = schema.safeParse(data)
  if (result.success) return []
  return result.error.issues.map((issue) => {
    const field = formatFieldPath(issue.path)
    return `content/${file}: ${field ? `${field} ` : ""}${issue.message}`
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

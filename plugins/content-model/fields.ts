/**
 * The building blocks of the content model: one builder per kind of field. Each is a zod schema
 * whose messages are written for editors ("<field> is empty - every slide needs a caption"),
 * plus the facts the generators need (kind, GraphQL type name, multi-line text) in `contentMeta`.
 * The `what` of a field is its description: the end of its error messages and its hint.
 */
import { z } from "zod"

/** What a field is beyond its zod type, for the generators (GraphQL, JSON Schema, CMS). */
export interface ContentMeta {
  /** A path to a picture in content/images/, text that runs over several lines, or an instant in UTC. */
  kind?: "image" | "multiline" | "instant"
  /** The GraphQL name of an object or a fixed set of values. */
  typeName?: string
  /** The field's label in the editors' UI, where the one made from its key would be poor. */
  label?: string
  /** What to tell an editor whose text does not match the field's patterns. */
  patternMessage?: string
  /** Written by a command, never by an editor: kept as it is, out of sight in the editors' UI. */
  hidden?: boolean
}

export const contentMeta = z.registry<ContentMeta>()

const withMeta = <Schema extends z.ZodType>(schema: Schema, meta: ContentMeta): Schema => {
  contentMeta.add(schema, { ...contentMeta.get(schema), ...meta })
  return schema
}

/** A field whose label in the editors' UI should not be the one made from its key. */
export const labelled = <Schema extends z.ZodType>(schema: Schema, label: string): Schema => withMeta(schema, { label })

export const IMAGE_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp", ".avif"]

const describeInput = (input: unknown): string => {
  if (Array.isArray(input)) return "a list"
  if (input === null) return "null"
  switch (typeof input) {
    case "object":
      return "an object"
    case "number":
      return "a number"
    case "boolean":
      return "true/false"
    case "string":
      return "text"
    default:
      return typeof input
  }
}

/**
 * The message for a value that is missing, not text, or only spaces; undefined for real text.
 * Shared by every text-like field, so `94` (a number) is never reported as the text "94".
 */
export const textProblem = (input: unknown, what: string): string | undefined => {
  if (input === undefined) return `is missing - ${what}`
  if (typeof input !== "string") return `must be text in "quotes", not ${describeInput(input)} - ${what}`
  if (input.trim() === "") return `is empty - ${what}`
  return undefined
}

/** One line of text. */
export const text = (what: string) =>
  z
    .string({ error: (issue) => textProblem(issue.input, what) })
    .trim()
    .min(1, `is empty - ${what}`)
    .describe(what)

/** Text that may run over several lines (a text area in the editors' UI). */
export const longText = (what: string) => withMeta(text(what), { kind: "multiline" })

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** Text with "{name}" placeholders that must stay in it, or the page loses what they stand for. */
export const template = (what: string, placeholders: Record<string, string>) =>
  withMeta(
    Object.entries(placeholders).reduce<z.ZodString>(
      (schema, [name, meaning]) => schema.regex(new RegExp(escapeRegExp(`{${name}}`)), `must contain {${name}} - ${meaning}`),
      text(what),
    ),
    {
      patternMessage: `Keep ${Object.keys(placeholders)
        .map((name) => `{${name}}`)
        .join(" and ")} in the text: the site fills ${Object.keys(placeholders).length > 1 ? "them" : "it"} in`,
    },
  )

/** Text with placeholders that may run over several lines. */
export const longTemplate = (what: string, placeholders: Record<string, string>) => withMeta(template(what, placeholders), { kind: "multiline" })

/** Text in a fixed format, like a language code. */
export const formatted = (what: string, pattern: RegExp, problem: string) =>
  withMeta(
    z
      .string({ error: (issue) => textProblem(issue.input, what) })
      .regex(pattern, problem)
      .describe(what),
    { patternMessage: problem.replace(/^must/, "Must") },
  )

export const paragraphs = (what: string) =>
  z
    .array(longText(what), { error: (issue) => (issue.input === undefined ? `is missing - ${what}` : `must be a list ["...", "..."] - ${what}`) })
    .min(1, `is an empty list - ${what}`)
    .describe(what)

export const email = (what: string) =>
  withMeta(
    z
      .email({
        error: (issue) => textProblem(issue.input, what) ?? `"${String(issue.input)}" is not a valid email address - expected something like hello@block94.com`,
      })
      .describe(what),
    { patternMessage: "Must be an email address like hello@block94.com" },
  )

export const webUrl = (what: string) =>
  z
    .url({
      protocol: /^https?$/,
      hostname: z.regexes.domain,
      error: (issue) => textProblem(issue.input, what) ?? `"${String(issue.input)}" is not a valid web address - expected a full URL starting with https://`,
    })
    .describe(what)

export const calendarDate = (what: string, example: string) =>
  z.iso.date({ error: (issue) => textProblem(issue.input, `${what}, like "${example}"`) ?? `must be a date like "${example}"` }).describe(what)

/**
 * A moment in time, in UTC: ISO 8601 with seconds and a final Z, like "2026-12-04T17:00:00Z"
 * (a date and time picker in UTC in the editors' UI).
 */
export const instant = (what: string, example: string) =>
  withMeta(
    z.iso
      .datetime({
        error: (issue) =>
          textProblem(issue.input, `${what}, like "${example}"`) ??
          `"${String(issue.input)}" is not a time in UTC - write it like "${example}" (date, T, hours:minutes:seconds, Z)`,
      })
      .describe(what),
    { kind: "instant" },
  )

/** A short name for addresses and code: lowercase letters, digits and hyphens, like "drop-01". */
export const slug = (what: string) =>
  formatted(what, /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, 'must be lowercase letters, digits and hyphens (not first or last), at most 40, like "drop-01"')

export const positiveMs = (what: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `is missing - ${what}` : `must be a number without quotes - ${what}`) })
    .int(`must be a whole number of milliseconds - ${what}`)
    .min(100, `is too short - ${what} (at least 100 ms)`)
    .max(60000, `is too long - ${what} (at most 60000 ms)`)
    .describe(what)

/** A whole number between `min` and `max`, written without quotes. */
export const wholeNumber = (what: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `is missing - ${what}` : `must be a number without quotes - ${what}`) })
    .int(`must be a whole number - ${what}`)
    .min(min, `is too small - ${what} (at least ${min})`)
    .max(max, `is too large - ${what} (at most ${max})`)
    .describe(what)

/** A setting that is on or off: true or false, written without quotes. */
export const yesNo = (what: string) =>
  z.boolean({ error: (issue) => (issue.input === undefined ? `is missing - ${what}` : `must be true or false without quotes - ${what}`) }).describe(what)

/** One of a fixed set of values (a GraphQL enum, a select in the editors' UI). */
export const choice = <Options extends readonly [string, ...string[]]>(
  options: Options,
  typeName: string,
  messages: { missing: string; unknown: (input: string) => string; hint: string },
) =>
  withMeta(z.enum(options, { error: (issue) => textProblem(issue.input, messages.missing) ?? messages.unknown(String(issue.input)) }).describe(messages.hint), {
    typeName,
  })

/** A picture: a path relative to content/ that must name an existing image file. */
export const image = (what: string, imageExists: (relativePath: string) => boolean) =>
  withMeta(
    text(what)
      .refine((path) => IMAGE_EXTENSIONS.some((extension) => path.toLowerCase().endsWith(extension)), {
        error: (issue) =>
          `"${String(issue.input)}" is not a picture - use a ${IMAGE_EXTENSIONS.slice(0, -1).join(", ")} or ${IMAGE_EXTENSIONS[IMAGE_EXTENSIONS.length - 1]} file`,
      })
      .refine((path) => imageExists(path), {
        error: (issue) => `"${String(issue.input)}" does not exist - put the picture in content/images/ and write its path like "images/my-photo.jpg"`,
      }),
    { kind: "image" },
  )

/** An object that rejects unknown fields, which are most often typos of known ones. */
export const record = <Shape extends z.ZodRawShape>(shape: Shape, what: string, meta: ContentMeta = {}) =>
  withMeta(
    z
      .strictObject(shape, {
        error: (issue) => {
          if (issue.code === "unrecognized_keys") {
            const keys = issue.keys.map((key) => `"${key}"`).join(", ")
            const allowed = Object.keys(shape).filter((key) => key !== "$schema")
            return `has an unknown field ${keys} - check the spelling or remove it (allowed fields: ${allowed.join(", ")})`
          }
          return issue.input === undefined ? `is missing - ${what}` : `must be an object { ... }, not ${describeInput(issue.input)} - ${what}`
        },
      })
      .describe(what),
    meta,
  )

const SCHEMA_PATH_HINT = 'the path to this file\'s JSON Schema, like "./schemas/site.schema.json"'

/** The one field every content file may have besides its content: the path of its JSON Schema. */
export const SCHEMA_FIELD = "$schema"

/** A whole content file: a record that may also name its JSON Schema for the editor's IDE. */
export const contentFile = <Shape extends z.ZodRawShape>(shape: Shape, what: string) =>
  record(
    {
      [SCHEMA_FIELD]: z
        .string({ error: (issue) => textProblem(issue.input, SCHEMA_PATH_HINT) })
        .optional()
        .describe("Path to this file's JSON Schema, for editors' IDEs"),
      ...shape,
    },
    what,
  )

/** A list of exactly three (slides, cards): the design has room for three. */
export const exactlyThree = <Item extends z.ZodType>(item: Item, noun: string) =>
  z
    .array(item, { error: (issue) => (issue.input === undefined ? `is missing - list the ${noun}` : `must be a list [ ... ] of ${noun}`) })
    .length(3, {
      error: (issue) => `has ${Array.isArray(issue.input) ? issue.input.length : 0} ${noun} - there must be exactly 3 ${noun}`,
    })
    .describe(`exactly 3 ${noun}`)

/** A list of `min` to `max` items; `why` says the bounds in the editor's words ("a drop has 1 to 6 pieces"). */
export const listOf = <Item extends z.ZodType>(item: Item, { min, max, noun, why }: { min: number; max: number; noun: string; why: string }) =>
  z
    .array(item, { error: (issue) => (issue.input === undefined ? `is missing - list the ${noun}` : `must be a list [ ... ] of ${noun}`) })
    .min(min, {
      error: (issue) => (Array.isArray(issue.input) && issue.input.length > 0 ? `has ${issue.input.length} ${noun} - ${why}` : `is an empty list - ${why}`),
    })
    .max(max, { error: (issue) => `has ${Array.isArray(issue.input) ? issue.input.length : 0} ${noun} - ${why}` })
    .describe(noun)

/** A list of at least one. */
export const atLeastOne = <Item extends z.ZodType>(item: Item, noun: string, what: string) =>
  z
    .array(item, { error: (issue) => (issue.input === undefined ? `is missing - list the ${noun}` : `must be a list [ ... ] of ${noun}`) })
    .min(1, `is an empty list - ${what}`)
    .describe(noun)

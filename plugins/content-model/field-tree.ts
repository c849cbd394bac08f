/**
 * The content model as a small tree of fields: what every generator (GraphQL types, the editors'
 * web UI) reads instead of zod's internals. It is built from zod's JSON Schema output, a
 * documented format, plus the facts in `contentMeta` (which text is an image path or runs over
 * several lines, the GraphQL names).
 */
import { z } from "zod"
import { contentMeta, SCHEMA_FIELD, type ContentMeta } from "./fields"

export type TextFormat = "plain" | "multiline" | "email" | "url" | "date" | "instant" | "image"

export type FieldNode =
  /**
   * `patterns`: regular expressions the text must all match (placeholders that must stay, a
   * format), and what to tell an editor whose text does not.
   */
  | { kind: "text"; format: TextFormat; patterns: string[]; patternMessage?: string }
  | { kind: "integer"; minimum?: number; maximum?: number }
  | { kind: "boolean" }
  | { kind: "choice"; typeName: string; options: string[] }
  | { kind: "list"; item: FieldNode; minItems?: number; maxItems?: number }
  | { kind: "object"; typeName: string; fields: Field[] }

export interface Field {
  key: string
  /** For people: from the model's `label`, else from the key ("primaryButton" -> "Primary button"). */
  label: string
  /** The model's description of the field. */
  hint?: string
  required: boolean
  /** Written by a command, never by an editor (see ContentMeta's `hidden`). */
  hidden?: boolean
  node: FieldNode
}

interface JsonSchema {
  type?: string
  description?: string
  format?: string
  pattern?: string
  allOf?: JsonSchema[]
  enum?: string[]
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
  "x-content"?: ContentMeta
}

/** "primaryButton" -> "Primary button", "seo" -> "Seo". */
export const labelFromKey = (key: string): string => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const pascal = (key: string): string => key.charAt(0).toUpperCase() + key.slice(1)

const textFormat = (schema: JsonSchema): TextFormat => {
  const kind = schema["x-content"]?.kind
  if (kind === "image" || kind === "multiline" || kind === "instant") return kind
  if (schema.format === "email") return "email"
  if (schema.format === "uri") return "url"
  if (schema.format === "date") return "date"
  return "plain"
}

/** The node for one JSON Schema; `typeName` names it if it is an object or a fixed set without a name of its own. */
const toNode = (schema: JsonSchema, typeName: string): FieldNode => {
  const name = schema["x-content"]?.typeName ?? typeName
  if (schema.enum) return { kind: "choice", typeName: name, options: schema.enum }
  switch (schema.type) {
    case "string": {
      // zod's date and date-time patterns are implied by the format (a picker writes them); the rest count.
      const implied = schema.format === "date" || schema.format === "date-time"
      const patterns = [
        ...(schema.pattern && !implied ? [schema.pattern] : []),
        ...(schema.allOf ?? []).flatMap((part) => (part.pattern ? [part.pattern] : [])),
      ]
      const patternMessage = schema["x-content"]?.patternMessage
      return { kind: "text", format: textFormat(schema), patterns, ...(patternMessage ? { patternMessage } : {}) }
    }
    case "integer":
      return { kind: "integer", minimum: schema.minimum, maximum: schema.maximum }
    case "boolean":
      return { kind: "boolean" }
    case "array":
      if (!schema.items) throw new Error(`${typeName}: a list needs an item type`)
      return { kind: "list", item: toNode(schema.items, `${typeName}Item`), minItems: schema.minItems, maxItems: schema.maxItems }
    case "object":
      return { kind: "object", typeName: name, fields: toFields(schema, name) }
    default:
      throw new Error(`${typeName}: the content model has no field kind for JSON Schema type "${String(schema.type)}"`)
  }
}

const toFields = (schema: JsonSchema, typeName: string): Field[] => {
  const prefix = typeName.replace(/Json$/, "")
  return Object.entries(schema.properties ?? {})
    .filter(([key]) => key !== SCHEMA_FIELD)
    .map(([key, property]) => ({
      key,
      label: property["x-content"]?.label ?? labelFromKey(key),
      hint: property.description,
      required: schema.required?.includes(key) ?? false,
      ...(property["x-content"]?.hidden ? { hidden: true } : {}),
      node: toNode(property, `${prefix}${pascal(key)}`),
    }))
}

/** The JSON Schema of a model schema with the model's own facts under "x-content". */
const annotatedJsonSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, {
    io: "output",
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      const meta = contentMeta.get(zodSchema)
      if (meta) (jsonSchema as JsonSchema)["x-content"] = meta
    },
  }) as JsonSchema

/** The fields of a content file's schema (without `$schema`), under the file's node type name. */
export const contentFields = (schema: z.ZodType, typeName: string): Field[] => toFields(annotatedJsonSchema(schema), typeName)

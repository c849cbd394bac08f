/**
 * GraphQL type definitions for Gatsby, generated from the content model's field tree: text ->
 * String!, whole number -> Int!, list -> [T!]!, fixed set -> enum, image path ->
 * File! @fileByRelativePath, date and instant -> Date! @dateformat, object -> a named type. Every content file
 * is a node type with `@dontInfer`, so what an editor writes never changes the schema.
 */
import type { Field, FieldNode } from "./field-tree"

export interface NodeType {
  typeName: string
  fields: Field[]
}

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/

/**
 * Collects named types in the order they are first met; a name claimed by two different shapes
 * is a mistake in the model.
 */
class TypeRegistry {
  private readonly definitions = new Map<string, string>()
  private readonly blocks: string[] = []

  add(name: string, definition: string): void {
    const existing = this.definitions.get(name)
    if (existing === definition) return
    if (existing !== undefined) {
      throw new Error(`The content model gives two different shapes the GraphQL name ${name}:\n${existing}\n${definition}`)
    }
    this.definitions.set(name, definition)
    this.blocks.push(definition)
  }

  /** Adds `definition` in front of the types added while `build` ran (a file before its parts). */
  addBefore(name: string, build: () => string): void {
    const start = this.blocks.length
    const definition = build()
    this.add(name, definition)
    this.blocks.splice(start, 0, this.blocks.pop() as string)
  }

  text(): string {
    return this.blocks.join("\n\n")
  }
}

interface FieldType {
  type: string
  /** Gatsby's directive that resolves the value: a File from a path, a formatted Date. */
  directive?: string
}

const typeOf = (node: FieldNode, types: TypeRegistry): FieldType => {
  switch (node.kind) {
    case "text":
      if (node.format === "image") return { type: "File!", directive: "@fileByRelativePath" }
      if (node.format === "date" || node.format === "instant") return { type: "Date!", directive: "@dateformat" }
      return { type: "String!" }
    case "integer":
      return { type: "Int!" }
    case "boolean":
      return { type: "Boolean!" }
    case "choice": {
      const invalid = node.options.filter((option) => !GRAPHQL_NAME.test(option) || ["true", "false", "null"].includes(option))
      if (invalid.length > 0) throw new Error(`${node.typeName}: ${invalid.join(", ")} cannot be GraphQL enum values`)
      types.add(node.typeName, `enum ${node.typeName} {\n${node.options.map((option) => `  ${option}`).join("\n")}\n}`)
      return { type: `${node.typeName}!` }
    }
    case "list": {
      const item = typeOf(node.item, types)
      return { type: `[${item.type}]!`, directive: item.directive }
    }
    case "object":
      types.addBefore(node.typeName, () => `type ${node.typeName} {\n${fieldLines(node.fields, types)}\n}`)
      return { type: `${node.typeName}!` }
  }
}

const fieldLines = (fields: Field[], types: TypeRegistry): string =>
  fields
    .map(({ key, node, required }) => {
      const { type, directive } = typeOf(node, types)
      return `  ${key}: ${required ? type : type.replace(/!$/, "")}${directive ? ` ${directive}` : ""}`
    })
    .join("\n")

/** The type definitions of every content file, for `createTypes`. */
export const graphqlTypeDefs = (nodeTypes: readonly NodeType[]): string => {
  const types = new TypeRegistry()
  for (const { typeName, fields } of nodeTypes) {
    types.addBefore(typeName, () => `type ${typeName} implements Node @dontInfer {\n${fieldLines(fields, types)}\n}`)
  }
  return `${types.text()}\n`
}

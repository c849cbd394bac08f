/**
 * Everything generated from the content model, in one place: the GraphQL types Gatsby gets, the
 * JSON Schemas editors' IDEs read (content/schemas/), and the pinned copy of the GraphQL types
 * reviewers read. Written when the content plugin starts (build, develop) and by
 * `npm run check:content`, only where the text changed, so a model change needs no extra step.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { basename, dirname, join } from "node:path"
import { z } from "zod"
import { cmsCollections } from "./cms-config"
import { contentFields } from "./field-tree"
import { graphqlTypeDefs } from "./graphql"
import { CONTENT_FILES, createContentSchemas, nodeTypeName, type ContentFile } from "./model"

/** The model with every image taken to exist: for generating, not validating. */
const modelSchemas = () => createContentSchemas({ imageExists: () => true })

/** The field tree of every content file, under its node type name. */
export const contentNodeTypes = () => {
  const schemas = modelSchemas()
  return CONTENT_FILES.map((entry) => ({
    ...entry,
    typeName: nodeTypeName(entry.schema),
    fields: contentFields(schemas[entry.schema], nodeTypeName(entry.schema)),
  }))
}

export const contentTypeDefs = (): string => graphqlTypeDefs(contentNodeTypes())

export const jsonSchemaFileName = ({ file }: { file: string }): string => `${basename(file, ".json")}.schema.json`

/** A content file's JSON Schema, as its editor's IDE reads it. */
export const jsonSchemaText = (entry: ContentFile): string => {
  const jsonSchema = {
    title: `Block 94 content: ${entry.file}`,
    ...z.toJSONSchema(modelSchemas()[entry.schema], { io: "input", unrepresentable: "any" }),
  }
  return `${JSON.stringify(jsonSchema, null, 2)}\n`
}

/** The editors' web UI's collections: every content file, with the rules the build checks. */
export const contentCollections = () => cmsCollections(contentNodeTypes(), jsonSchemaFileName)

/** Where the pinned GraphQL types and UI collections live, relative to the site's root. */
export const TYPE_DEFS_FILE = "plugins/content-model/generated/content-types.graphql"
export const CMS_COLLECTIONS_FILE = "plugins/content-model/generated/cms-collections.json"

/** Every generated file: path relative to the site's root, and its text. */
export const generatedFiles = (): Array<{ path: string; text: string }> => [
  ...CONTENT_FILES.map((entry) => ({ path: join("content", "schemas", jsonSchemaFileName(entry)), text: jsonSchemaText(entry) })),
  { path: TYPE_DEFS_FILE, text: contentTypeDefs() },
  { path: CMS_COLLECTIONS_FILE, text: `${JSON.stringify(contentCollections(), null, 2)}\n` },
]

/** The generated files under `siteRoot` whose text is not what the model makes now. */
export const staleGeneratedFiles = (siteRoot: string): string[] =>
  generatedFiles().flatMap(({ path, text }) => {
    const target = join(siteRoot, path)
    return existsSync(target) && readFileSync(target, "utf8") === text ? [] : [path]
  })

/** Writes the generated files that changed under `siteRoot`; returns their paths. */
export const writeGeneratedFiles = (siteRoot: string): string[] =>
  generatedFiles().flatMap(({ path, text }) => {
    const target = join(siteRoot, path)
    if (existsSync(target) && readFileSync(target, "utf8") === text) return []
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, text)
    return [path]
  })

// `npm run schemas`: writes content/schemas/*.schema.json from src/content-schema.ts,
// so editors' IDEs autocomplete and underline mistakes. Run it after changing the schema.
import { writeFileSync, mkdirSync } from "node:fs"
import { basename } from "node:path"
import { z } from "zod"
import { CONTENT_FILES, createContentSchemas } from "../plugins/content-model/model"

const schemas = createContentSchemas({ imageExists: () => true })
mkdirSync("content/schemas", { recursive: true })
for (const { file, schema } of CONTENT_FILES) {
  const name = basename(file, ".json")
  const jsonSchema = { title: `Block 94 content: ${file}`, ...z.toJSONSchema(schemas[schema], { io: "input", unrepresentable: "any" }) }
  writeFileSync(`content/schemas/${name}.schema.json`, `${JSON.stringify(jsonSchema, null, 2)}\n`)
}
console.log(`Wrote ${CONTENT_FILES.length} JSON Schemas to content/schemas/`)

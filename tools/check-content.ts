// `npm run check:content`: validates everything under content/ in seconds, without a build.
import { resolve } from "node:path"
import { writeGeneratedFiles } from "../plugins/content-model/generate"
import { formatContentReport, validateContentDir } from "../plugins/content-model/validation"

const contentDir = resolve(process.argv[2] ?? "content")
// The JSON Schemas editors' IDEs read follow the model without a step of their own.
if (!process.argv[2]) for (const path of writeGeneratedFiles(resolve(__dirname, ".."))) console.log(`Wrote ${path}`)
const messages = validateContentDir(contentDir)
if (messages.length > 0) {
  console.error(formatContentReport(messages))
  process.exit(1)
}
console.log("Content check passed: every file in content/ is valid.")

// `npm run check:content`: validates everything under content/ in seconds, without a build.
import { resolve } from "node:path"
import { formatContentReport, validateContentDir } from "../plugins/content-model/validation"

const contentDir = resolve(process.argv[2] ?? "content")
const messages = validateContentDir(contentDir)
if (messages.length > 0) {
  console.error(formatContentReport(messages))
  process.exit(1)
}
console.log("Content check passed: every file in content/ is valid.")

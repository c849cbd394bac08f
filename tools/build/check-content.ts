// `npm run check:content`: validates everything under content/ in seconds, without a build, and
// brings the files generated from the content model up to date. With --check (as `npm test` and
// CI run it) a generated file that is out of date fails the check instead: what is committed must
// be what the model makes.
import { resolve } from "node:path"
import { staleGeneratedFiles, writeGeneratedFiles } from "../../plugins/content-model/generate"
import { formatContentReport, validateContentDir } from "../../plugins/content-model/validation"

const args = process.argv.slice(2)
const checkOnly = args.includes("--check")
const dir = args.find((arg) => !arg.startsWith("--"))
const contentDir = resolve(dir ?? "content")
const root = resolve(__dirname, "..", "..")
if (!dir && checkOnly) {
  const stale = staleGeneratedFiles(root)
  if (stale.length > 0) {
    console.error(
      `These files generated from the content model are out of date:\n${stale.map((path) => `  ${path}`).join("\n")}\nRun \`npm run schemas\` and commit them.`,
    )
    process.exit(1)
  }
} else if (!dir) {
  // The JSON Schemas editors' IDEs read follow the model without a step of their own.
  for (const path of writeGeneratedFiles(root)) console.log(`Wrote ${path}`)
}
const messages = validateContentDir(contentDir)
if (messages.length > 0) {
  console.error(formatContentReport(messages))
  process.exit(1)
}
console.log("Content check passed: every file in content/ is valid.")

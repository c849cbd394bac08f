// `npm run signups:export [-- out.csv]`: writes the stored signups as CSV to the given file,
// or to stdout. The store is SIGNUPS_FILE (default .data/signups.jsonl), as for the endpoint.
import { existsSync } from "node:fs"
import { writeFile } from "node:fs/promises"
import { resolve } from "node:path"
import { readSignupSettings } from "../src/server/signup/settings"
import { createSignupStore } from "../src/server/signup/store"
import { signupsToCsv } from "../src/server/signup/csv"

const main = async (): Promise<void> => {
  const { signupsFile } = readSignupSettings()
  if (!existsSync(signupsFile)) console.error(`No signups yet: ${signupsFile} does not exist.`)
  const entries = await createSignupStore(signupsFile).list()
  const csv = signupsToCsv(entries)
  // npm runs scripts from the project root; INIT_CWD is where the command was typed.
  const outputPath = process.argv[2] && resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2])
  if (outputPath) {
    await writeFile(outputPath, csv, "utf8")
    console.error(`Exported ${entries.length} signups from ${signupsFile} to ${outputPath}.`)
  } else {
    process.stdout.write(csv)
    console.error(`Exported ${entries.length} signups from ${signupsFile}.`)
  }
}

main().catch((error: unknown) => {
  console.error("Export failed:", error instanceof Error ? error.message : error)
  process.exit(1)
})

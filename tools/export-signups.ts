// `npm run signups:export [-- out.csv]`: writes the list as CSV (status, times, referral codes,
// referrals, position, attribution) to the given file, or to stdout. It reads the store the
// service uses: PostgreSQL with DATABASE_URL, else the file at SIGNUPS_FILE.
import { writeFile } from "node:fs/promises"
import { resolve } from "node:path"
import { signupsToCsv } from "../src/server/signup/csv"
import { openStore, SITE_FACTS } from "../src/server/signup/runtime"
import { readSignupSettings } from "../src/server/signup/settings"

const main = async (): Promise<void> => {
  const settings = readSignupSettings(SITE_FACTS)
  const store = openStore(settings)
  try {
    const rows = await store.exportRows(settings.referralBoost)
    const csv = signupsToCsv(rows)
    const from = settings.databaseUrl ? "PostgreSQL (DATABASE_URL)" : settings.signupsFile
    // npm runs scripts from the project root; INIT_CWD is where the command was typed.
    const outputPath = process.argv[2] && resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2])
    if (outputPath) {
      await writeFile(outputPath, csv, "utf8")
      console.error(`Exported ${rows.length} signups from ${from} to ${outputPath}.`)
    } else {
      process.stdout.write(csv)
      console.error(`Exported ${rows.length} signups from ${from}.`)
    }
  } finally {
    await store.close()
  }
}

main().catch((error: unknown) => {
  console.error("Export failed:", error instanceof Error ? error.message : error)
  process.exit(1)
})

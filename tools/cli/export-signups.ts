// `npm run signups:export [-- out.csv]`: writes the list as CSV (status, times, referral codes,
// referrals, position, attribution) to the given file, or to stdout. It reads the store the
// service uses (PostgreSQL with DATABASE_URL, else the SQLite file at SIGNUPS_FILE) from one
// snapshot, a page at a time, and writes nothing to it, so it runs safely beside a live server.
import { createWriteStream } from "node:fs"
import { resolve } from "node:path"
import { once } from "node:events"
import type { Writable } from "node:stream"
import { CSV_HEADER_LINE, csvLine } from "../../src/server/waitlist/csv"
import { openStore, SITE_FACTS } from "../../src/server/runtime/runtime"
import { readSignupSettings } from "../../src/server/settings/settings"
import { COMMAND_LINE_ACTOR } from "../../src/signup/owner-summary"
import { keepNewFilesPrivate } from "../../src/server/runtime/private-files"

const write = async (out: Writable, text: string): Promise<void> => {
  if (!out.write(text)) await once(out, "drain")
}

const main = async (): Promise<void> => {
  keepNewFilesPrivate()
  const settings = readSignupSettings(SITE_FACTS)
  const store = openStore(settings)
  const from = settings.databaseUrl ? "PostgreSQL (DATABASE_URL)" : settings.signupsFile
  // npm runs scripts from the project root; INIT_CWD is where the command was typed.
  const outputPath = process.argv[2] && resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2])
  const out = outputPath ? createWriteStream(outputPath, { encoding: "utf8", mode: 0o600 }) : process.stdout
  let count = 0
  try {
    await store.recordAudit({ actor: COMMAND_LINE_ACTOR, action: "export", count: 1, detail: null }, new Date())
    await write(out, CSV_HEADER_LINE)
    for await (const row of store.exportRows()) {
      await write(out, csvLine(row))
      count += 1
    }
  } finally {
    await store.close()
  }
  if (outputPath) {
    out.end()
    await once(out, "finish")
  }
  console.error(`Exported ${count} signups from ${from}${outputPath ? ` to ${outputPath}` : ""}.`)
}

main().catch((error: unknown) => {
  console.error("Export failed:", error instanceof Error ? error.message : error)
  process.exit(1)
})

// `npm run signups:export [-- out.csv]`: writes the list as CSV (status, times, referral codes,
// referrals, position, attribution) to the given file, or to stdout. It reads the store the
// service uses (PostgreSQL with DATABASE_URL, else the SQLite file at SIGNUPS_FILE) from one
// snapshot, a page at a time, and writes nothing to it, so it runs safely beside a live server.
import { createWriteStream } from "node:fs"
import { resolve } from "node:path"
import { once } from "node:events"
import type { Writable } from "node:stream"
import { CSV_HEADER_LINE, csvLine } from "../../src/server/waitlist/csv"
import { COMMAND_LINE_ACTOR } from "../../src/signup/owner-summary"
import { isArgumentError, readCommandLine, runWhenMain, type CommandContext } from "./command"

const write = async (out: Writable, text: string): Promise<void> => {
  if (!out.write(text)) await once(out, "drain")
}

function parseExport(args: readonly string[]): { output: string | null } | { error: string } {
  const line = readCommandLine("signups:export", {}, args)
  if (isArgumentError(line)) return line
  if (line.positionals.length > 1) return { error: "give at most one file to write to" }
  return { output: line.positionals[0] ?? null }
}

async function exportSignups({ output }: { output: string | null }, { where, store: openStore }: CommandContext): Promise<void> {
  const store = openStore()
  // npm runs scripts from the project root; INIT_CWD is where the command was typed.
  const outputPath = output && resolve(process.env.INIT_CWD ?? process.cwd(), output)
  const out = outputPath ? createWriteStream(outputPath, { encoding: "utf8", mode: 0o600 }) : process.stdout
  let count = 0
  await store.recordAudit({ actor: COMMAND_LINE_ACTOR, action: "export", count: 1, detail: null }, new Date())
  await write(out, CSV_HEADER_LINE)
  for await (const row of store.exportRows()) {
    await write(out, csvLine(row))
    count += 1
  }
  if (outputPath) {
    out.end()
    await once(out, "finish")
  }
  console.error(`Exported ${count} signups from ${where}${outputPath ? ` to ${outputPath}` : ""}.`)
}

runWhenMain(module, { name: "signups:export", usage: "Usage: npm run signups:export [-- out.csv]", parse: parseExport, run: exportSignups })

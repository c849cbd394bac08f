// The drop's draw from the command line, beside a live server (the store the service uses:
// DATABASE_URL, else SIGNUPS_FILE):
//   npm run drop:commit -- DROP   before the window opens: makes the secret seed, keeps it in
//                                 DROP_SEED_DIR (never in the database) and commits to its hash
//   npm run drop:draw -- DROP     after the close: freezes the entries, reveals the seed, draws,
//                                 and queues the winners' codes (and "not this time") in the outbox;
//                                 --seed HEX when the seed is not kept on this machine
//   npm run drop:verify -- DROP   recomputes the winners from what the site publishes and says
//                                 whether they match (--from https://... for another site)
// DROP is a drop's id in content/drops.json.
import { COMMAND_LINE_ACTOR } from "../src/signup/owner-summary"
import { withoutTrailingSlash } from "../src/signup/site-url"
import { isCheckable, publishedDraw, type PublishedDrop } from "../src/drop/contract"
import { verifyDraw } from "../src/drop/draw"
import { dropCatalog, dropsContent, findDrop } from "../src/server/drop/catalog"
import { createDropService, nodeTicketHasher } from "../src/server/drop/service"
import { openStore } from "../src/server/runtime/runtime"
import { readSignupSettings } from "../src/server/settings/settings"
import { SITE_FACTS } from "../src/server/runtime/runtime"

export const USAGE = `Usage:
  npm run drop:commit -- DROP              commit to a new secret seed (before the window opens)
  npm run drop:draw -- DROP [--seed HEX]   draw the winners (after the window closes)
  npm run drop:verify -- DROP [--from URL] check the published draw (the site's address by default)
DROP is a drop's id in content/drops.json: ${
  dropCatalog(dropsContent(readSignupSettings(SITE_FACTS).dropsFile))
    .drops.map((drop) => drop.id)
    .join(", ") || "(none declared)"
}`

type Command = { action: "commit" | "draw" | "verify"; drop: string; seed: string | null; from: string | null }

/** The command line as a command, or what is wrong with it. */
export const parseDropArguments = (action: string | undefined, args: readonly string[]): Command | { error: string } => {
  if (action !== "commit" && action !== "draw" && action !== "verify") return { error: `"${action ?? ""}" is not one of commit, draw, verify` }
  let drop: string | undefined
  let seed: string | null = null
  let from: string | null = null
  for (let at = 0; at < args.length; at += 1) {
    const arg = args[at]
    if (arg === "--seed" && action === "draw") seed = args[(at += 1)] ?? ""
    else if (arg === "--from" && action === "verify") from = args[(at += 1)] ?? ""
    else if (!arg.startsWith("--") && drop === undefined) drop = arg
    else return { error: `"${arg}" is not an option of drop:${action}` }
  }
  if (!drop) return { error: "say which drop: its id in content/drops.json" }
  if (seed === "") return { error: "--seed needs the seed (64 hex characters) saved when the drop was committed" }
  if (from === "") return { error: "--from needs the site's address, like https://block94.example" }
  return { action, drop, seed, from }
}

const fetchText = async (url: string): Promise<string> => {
  const response = await fetch(url)
  const text = await response.text()
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 200)}`)
  return text
}

/** Checks a drop's draw from its published record and entry list, as any visitor could. */
const verify = async (site: string, drop: string): Promise<number> => {
  const base = withoutTrailingSlash(site)
  const record = JSON.parse(await fetchText(`${base}/api/drop?${new URLSearchParams({ drop })}`)) as PublishedDrop
  if (!isCheckable(record)) {
    console.log(`${drop} is ${record.phase}: its draw has not been published yet, so there is nothing to check.`)
    return 1
  }
  const entryList = await fetchText(`${base}/api/drop/entries?${new URLSearchParams({ drop })}`)
  const started = performance.now()
  const check = await verifyDraw(publishedDraw(record, entryList), nodeTicketHasher(record.seed))
  const entries = entryList === "" ? 0 : entryList.split("\n").length - 1
  console.log(`Checked ${drop} from ${base}: ${entries} entries, seed ${record.seed}, list ${record.listHash} (${Math.round(performance.now() - started)} ms).`)
  if (check.ok) {
    console.log(
      "The draw checks out: the seed matches the hash published before entries opened, the list matches its hash, and every winner follows from them.",
    )
    return 0
  }
  console.log("The draw does NOT check out:")
  for (const problem of check.problems) console.log(`  - ${problem}`)
  return 3
}

const main = async (): Promise<number> => {
  const command = parseDropArguments(process.argv[2], process.argv.slice(3))
  if ("error" in command) {
    console.error(`drop: ${command.error}\n\n${USAGE}`)
    return 1
  }
  const settings = readSignupSettings(SITE_FACTS)
  if (command.action === "verify") return verify(command.from ?? settings.siteUrl, command.drop)
  const catalog = dropCatalog(dropsContent(settings.dropsFile))
  if (!findDrop(catalog, command.drop)) {
    console.error(`drop: there is no drop "${command.drop}" in content/drops.json\n\n${USAGE}`)
    return 1
  }
  const store = openStore(settings)
  const seedDir = settings.dropSeedDir
  const drops = createDropService({ store, catalog, siteUrl: settings.siteUrl, mail: null, seedDir })
  const now = new Date()
  try {
    if (command.action === "commit") {
      const committed = await drops.commit(command.drop, now)
      switch (committed.kind) {
        case "committed":
          await store.recordAudit({ actor: COMMAND_LINE_ACTOR, action: "drop commitment", count: 1, detail: command.drop }, now)
          console.log(`Committed ${command.drop}: its seed's SHA-256, now on the drop page, is ${committed.seedHash}.`)
          console.log(committed.seedFile ? `The seed is kept in ${committed.seedFile}; keep a copy somewhere safe until the draw.` : "")
          console.log(`The seed (keep it secret until the draw, and do not lose it: without it there is no draw): ${committed.seed}`)
          return 0
        case "alreadyCommitted":
          console.error(`drop:commit: ${command.drop} was committed already; its seed cannot change.`)
          return 2
        case "tooLate":
          console.error(`drop:commit: ${command.drop}'s window has opened; a seed is committed before entries open.`)
          return 2
        case "unknownDrop":
          return 1
      }
    }
    const drawn = await drops.draw(command.drop, command.seed, now)
    switch (drawn.kind) {
      case "drawn": {
        const won = drawn.result.bySize.reduce((sum, size) => sum + size.winners.length, 0)
        const notified = drawn.notified + (await drops.notifyNotWon(command.drop, now))
        await store.recordAudit({ actor: COMMAND_LINE_ACTOR, action: "drop draw", count: won, detail: command.drop }, now)
        console.log(`Drew ${command.drop} in ${Math.round(drawn.drawMs)} ms:`)
        for (const size of drawn.result.bySize)
          console.log(
            `  ${size.size}: ${size.entrants} entered, ${size.winners.length} of ${size.pieces} pieces won, ${size.reserve.length} on the reserve list`,
          )
        console.log(
          `${won} winners' codes${notified ? ` and ${notified} "not this time" emails` : ""} are in the outbox: a running server sends them within seconds; on serverless hosts, run \`npm run mail:send\`.`,
        )
        console.log(`Anyone can check it now: npm run drop:verify -- ${command.drop}`)
        return 0
      }
      case "notCommitted":
        console.error(`drop:draw: ${command.drop} was never committed (npm run drop:commit), so it cannot be drawn.`)
        return 2
      case "notClosed":
        console.error(`drop:draw: ${command.drop}'s entries close at ${drawn.closesAt}; draw after that.`)
        return 2
      case "alreadyDrawn":
        console.error(`drop:draw: ${command.drop} was drawn already.`)
        return 2
      case "noSeed":
        console.error(`drop:draw: the seed is not kept here${seedDir ? ` (${seedDir})` : ""}: give it with --seed.`)
        return 2
      case "seedMismatch":
        console.error("drop:draw: that seed does not match the hash published before entries opened.")
        return 2
      case "unknownDrop":
        return 1
    }
  } finally {
    await store.close()
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error("drop:", error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}

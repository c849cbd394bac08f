// The drop's draw from the command line, beside a live server (the store the service uses:
// DATABASE_URL, else SIGNUPS_FILE):
//   npm run drop:commit -- DROP   before the window opens: makes the secret seed, keeps it in
//                                 DROP_SEED_DIR (never in the database), fixes the beacon round
//                                 (the first after the close), records the commitment and writes
//                                 it into the drops content (DROPS_FILE, else content/drops.json):
//                                 build and deploy the site with it before entries open
//   npm run drop:draw -- DROP     after the close: freezes the entries, takes the beacon round's
//                                 value (waiting for it, and trying again while it cannot be had),
//                                 reveals the seed, draws, and queues the winners' codes (and "not
//                                 this time") in the outbox; --seed HEX when the seed is not kept
//                                 here; --beacon HEX to give the round's signature by hand (it is
//                                 checked against the chain's key all the same); --tries N
//   npm run drop:verify -- DROP   checks the published draw against the commitment this checkout's
//                                 drops content carries (--content FILE for another), from the
//                                 site's address (--from https://... for another site)
// DROP is a drop's id in content/drops.json.
import { resolve } from "node:path"
import { roundUrl } from "../../src/drop/beacon"
import { isCheckable, type PublishedDrop } from "../../src/drop/contract"
import { checkDrop } from "../../src/drop/verify"
import { COMMAND_LINE_ACTOR } from "../../src/signup/owner-summary"
import { withoutTrailingSlash } from "../../src/signup/site-url"
import { drandBeacons } from "../../src/server/drop/beacon-client"
import { dropCatalog, dropsContent, findDrop } from "../../src/server/drop/catalog"
import { createDropService, nodeTicketHasher, type DrawAnswer, type DropService } from "../../src/server/drop/service"
import { SITE_FACTS } from "../../src/server/runtime/runtime"
import { readSignupSettings } from "../../src/server/settings/settings"
import { isArgumentError, readCommandLine, runWhenMain, type CommandContext } from "./command"
import { writeCommitment } from "./drop-content"

const CONTENT_FILE = resolve(__dirname, "../../content/drops.json")

export const USAGE = `Usage:
  npm run drop:commit -- DROP                                  commit to a new secret seed and beacon round (before the window opens)
  npm run drop:draw -- DROP [--seed HEX] [--beacon HEX] [--tries N]   draw the winners (after the window closes)
  npm run drop:verify -- DROP [--from URL] [--content FILE]    check the published draw (the site's address by default)
DROP is a drop's id in content/drops.json: ${
  dropCatalog(dropsContent(readSignupSettings(SITE_FACTS).dropsFile))
    .drops.map((drop) => drop.id)
    .join(", ") || "(none declared)"
}`

type Command = {
  action: "commit" | "draw" | "verify"
  drop: string
  seed: string | null
  beacon: string | null
  from: string | null
  content: string | null
  tries: number
}

/** How often the draw asks for the beacon before it says how to give it by hand. */
const DEFAULT_TRIES = 6

/** Each option of the draw's commands, and the action it belongs to. */
const OPTIONS = {
  seed: { type: "string", needs: "the seed (64 hex characters) saved when the drop was committed", for: "draw" },
  beacon: { type: "string", needs: "the beacon round's signature (hex), as its relay publishes it", for: "draw" },
  tries: { type: "string", needs: "a whole number of at least 1", for: "draw" },
  from: { type: "string", needs: "the site's address, like https://block94.example", for: "verify" },
  content: { type: "string", needs: "the drops content file the site was built with", for: "verify" },
} as const

/** The command line as a command, or what is wrong with it. */
export function parseDropArguments(action: string | undefined, args: readonly string[]): Command | { error: string } {
  if (action !== "commit" && action !== "draw" && action !== "verify") return { error: `"${action ?? ""}" is not one of commit, draw, verify` }
  const own = Object.fromEntries(Object.entries(OPTIONS).filter(([, option]) => option.for === action))
  const line = readCommandLine(`drop:${action}`, own, args)
  if (isArgumentError(line)) return line
  const [drop, ...extra] = line.positionals
  if (extra.length > 0) return { error: `"${extra[0]}" is not an option of drop:${action}` }
  if (!drop) return { error: "say which drop: its id in content/drops.json" }
  const value = (name: keyof typeof OPTIONS): string | null => (typeof line.values[name] === "string" ? (line.values[name] as string) : null)
  const tries = value("tries")
  if (tries !== null && !/^[1-9][0-9]*$/.test(tries)) return { error: `--tries needs ${OPTIONS.tries.needs}` }
  return {
    action,
    drop,
    seed: value("seed"),
    beacon: value("beacon"),
    from: value("from"),
    content: value("content"),
    tries: tries === null ? DEFAULT_TRIES : Number(tries),
  }
}

const fetchText = async (url: string): Promise<string> => {
  const response = await fetch(url)
  const text = await response.text()
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 200)}`)
  return text
}

/** Checks a drop's draw from its published record and entry list, as any visitor could, held to the built commitment. */
const verify = async (site: string, contentFile: string, drop: string): Promise<number> => {
  const built = findDrop(dropCatalog(dropsContent(contentFile)), drop)
  if (!built) {
    console.error(`drop:verify: ${contentFile} declares no drop "${drop}"`)
    return 1
  }
  const chain = dropCatalog(dropsContent(contentFile)).chain
  const base = withoutTrailingSlash(site)
  const record = JSON.parse(await fetchText(`${base}/api/drop?${new URLSearchParams({ drop })}`)) as PublishedDrop
  if (!isCheckable(record)) {
    console.log(`${drop} is ${record.phase}: its draw has not been published yet, so there is nothing to check.`)
    return 1
  }
  const entryList = await fetchText(`${base}/api/drop/entries?${new URLSearchParams({ drop })}`)
  const started = performance.now()
  const check = await checkDrop({ commitment: built.commitment, window: built, chain }, record, entryList, nodeTicketHasher)
  const entries = entryList === "" ? 0 : entryList.split("\n").length - 1
  const beacon = record.beacon ? `beacon round ${record.beacon.round}` : "no beacon"
  console.log(
    `Checked ${drop} from ${base} against ${contentFile}: ${entries} entries, seed ${record.seed}, ${beacon}, list ${record.listHash} (${Math.round(performance.now() - started)} ms).`,
  )
  if (check.ok) {
    console.log(
      "The draw checks out: the commitment is the one published with the site before entries opened, the seed and the list match their hashes, " +
        `the beacon's value is signed by ${chain.name}'s key, and every winner follows from them.`,
    )
    return 0
  }
  console.log("The draw does NOT check out:")
  for (const problem of check.problems) console.log(`  - ${problem}`)
  return 3
}

const commit = async (drops: DropService, contentFile: string, drop: string, record: (count: number) => Promise<void>): Promise<number> => {
  const committed = await drops.commit(drop, new Date())
  switch (committed.kind) {
    case "committed":
    case "alreadyCommitted": {
      if (committed.kind === "committed") {
        await record(1)
        console.log(`Committed ${drop}: its seed's SHA-256 is ${committed.commitment.seedHash}; its draw waits for beacon round ${committed.commitment.round}.`)
        if (committed.seedFile) console.log(`The seed is kept in ${committed.seedFile}; keep a copy somewhere safe until the draw.`)
        console.log(`The seed (keep it secret until the draw, and do not lose it: without it there is no draw): ${committed.seed}`)
      } else {
        console.log(
          `${drop} was committed already (seed hash ${committed.commitment.seedHash}, beacon round ${committed.commitment.round}): that commitment stands.`,
        )
      }
      const written = writeCommitment(contentFile, drop, committed.commitment)
      if (written === "noDrop") {
        console.error(`drop:commit: ${contentFile} declares no drop "${drop}": put this under it as "commitment": ${JSON.stringify(committed.commitment)}`)
        return 2
      }
      console.log(
        `${written === "written" ? "Written into" : "Already in"} ${contentFile}. Entries open only once the site is built and deployed with it: do that before ${committed.commitment.opensAt}.`,
      )
      return 0
    }
    case "notReplaceable":
      console.error(`drop:commit: ${drop} was committed for another window and people entered under it; put its window back in ${contentFile}.`)
      return 2
    case "tooLate":
      console.error(`drop:commit: ${drop}'s window has opened; a seed is committed before entries open.`)
      return 2
    case "unknownDrop":
      return 1
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** The draw, waiting for the beacon round's value when it is not out yet, and asking again while no relay answers. */
const drawWithBeacon = async (drops: DropService, command: Command): Promise<DrawAnswer> => {
  for (let attempt = 1; ; attempt += 1) {
    const drawn = await drops.draw(command.drop, { seed: command.seed, beacon: command.beacon }, new Date())
    if (drawn.kind === "beaconNotYet") {
      console.log(`Beacon round ${drawn.round} comes out at ${drawn.at}: waiting for it.`)
      await sleep(Math.max(0, Date.parse(drawn.at) - Date.now()) + 1_000)
      continue
    }
    if (drawn.kind !== "beaconUnreachable" || attempt >= command.tries) return drawn
    const wait = Math.min(60_000, 5_000 * 2 ** (attempt - 1))
    console.log(`Beacon round ${drawn.round} could not be fetched (${drawn.reasons.join("; ")}); trying again in ${wait / 1000} s.`)
    await sleep(wait)
  }
}

const draw = async (drops: DropService, catalogChainRelay: (round: number) => string | null, command: Command, record: (count: number) => Promise<void>) => {
  const drawn = await drawWithBeacon(drops, command)
  switch (drawn.kind) {
    case "drawn": {
      const won = drawn.result.bySize.reduce((sum, size) => sum + size.winners.length, 0)
      const notified = drawn.notified + (await drops.notifyNotWon(command.drop, new Date()))
      await record(won)
      console.log(`Drew ${command.drop} with beacon round ${drawn.beacon.round} in ${Math.round(drawn.drawMs)} ms:`)
      for (const size of drawn.result.bySize)
        console.log(`  ${size.size}: ${size.entrants} entered, ${size.winners.length} of ${size.pieces} pieces won, ${size.reserve.length} on the reserve list`)
      console.log(
        `${won} winners' codes${notified ? ` and ${notified} "not this time" emails` : ""} are in the outbox: a running server sends them within seconds; on serverless hosts, run \`npm run mail:send\`.`,
      )
      console.log(`Anyone can check it now: npm run drop:verify -- ${command.drop}`)
      return 0
    }
    case "beaconUnreachable":
    case "beaconInvalid": {
      const where = catalogChainRelay(drawn.round)
      const why = drawn.kind === "beaconUnreachable" ? "could not be fetched" : "given is not the round's value, signed by the chain's key"
      console.error(`drop:draw: beacon round ${drawn.round} ${why}: ${drawn.reasons.join("; ")}.`)
      console.error(`Give its signature by hand${where ? ` (from ${where})` : ""} with --beacon; it is checked against the chain's key all the same.`)
      return 2
    }
    case "notCommitted":
      console.error(`drop:draw: ${command.drop} was never committed (npm run drop:commit), so it cannot be drawn.`)
      return 2
    case "commitmentDiffers":
      console.error(`drop:draw: the drops content does not carry ${command.drop}'s commitment as the store has it; run npm run drop:commit and deploy first.`)
      return 2
    case "notClosed":
      console.error(`drop:draw: ${command.drop}'s entries close at ${drawn.closesAt}; draw after that.`)
      return 2
    case "alreadyDrawn":
      console.error(`drop:draw: ${command.drop} was drawn already.`)
      return 2
    case "noSeed":
      console.error("drop:draw: the seed is not kept here: give it with --seed.")
      return 2
    case "seedMismatch":
      console.error("drop:draw: that seed does not match the hash published before entries opened.")
      return 2
    case "beaconNotYet":
    case "unknownDrop":
      return 1
  }
}

async function runDrop(command: Command, { settings, store: openStore }: CommandContext): Promise<number> {
  const contentFile = settings.dropsFile ? resolve(settings.dropsFile) : CONTENT_FILE
  if (command.action === "verify") return verify(command.from ?? settings.siteUrl, command.content ?? contentFile, command.drop)
  const catalog = dropCatalog(dropsContent(settings.dropsFile))
  if (!findDrop(catalog, command.drop)) {
    console.error(`drop: there is no drop "${command.drop}" in content/drops.json\n\n${USAGE}`)
    return 1
  }
  const store = openStore()
  const drops = createDropService({
    store,
    catalog,
    siteUrl: settings.siteUrl,
    mail: null,
    seedDir: settings.dropSeedDir,
    beacons: drandBeacons(),
    listDir: settings.dropListDir,
  })
  const record = (action: "drop commitment" | "drop draw") => (count: number) =>
    store.recordAudit({ actor: COMMAND_LINE_ACTOR, action, count, detail: command.drop }, new Date())
  if (command.action === "commit") return commit(drops, contentFile, command.drop, record("drop commitment"))
  return draw(drops, (round) => roundUrl(catalog.chain, round), command, record("drop draw"))
}

runWhenMain(module, {
  name: "drop",
  usage: USAGE,
  parse: (args) => parseDropArguments(args[0], args.slice(1)),
  usageExitCode: 1,
  run: runDrop,
})

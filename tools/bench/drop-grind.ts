// bench:abuse's part on the drop: the grind of whoever holds a drop's seed (and the server). They
// enter puppet entries and, before the close, keep the combination under which a chosen entry
// wins, then freeze that list. Printed:
//   - the odds, over many drops drawn with the rule itself: with the seed alone deciding (as before
//     the beacon) against the beacon's round in the key, unknown at the close (goal: chance);
//   - one committed drop on `serve:prod` from its commitment to its draw (a local beacon stand-in
//     as the chain's relay, the server's clock moved rather than waited for), checked as a
//     visitor checks it, then what the holder could still publish after the beacon is out: a
//     changed list, a made-up beacon value, another seed, a list frozen again (goal: each flagged).
import { createHash, createHmac } from "node:crypto"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { bls12_381 } from "@noble/curves/bls12-381"
import drops from "../../content/drops.json"
import { roundTime } from "../../src/drop/beacon"
import type { DropCommitment } from "../../src/drop/commitment"
import { isCheckable, type DrawnRecord, type PublishedDrop } from "../../src/drop/contract"
import { drawKey, drawWinners, type TicketHasher } from "../../src/drop/draw"
import { checkMyEntry, entryListHash, entryListText, parseEntryList, type DrawEntry } from "../../src/drop/entry-list"
import { checkDrop, type BuiltDrop } from "../../src/drop/verify"
import { SIGNUP_SOURCE } from "../../src/signup/rules"
import { signRound, startBeaconStandIn } from "../dev/beacon-stand-in"
import { writeCommitment } from "../cli/drop-content"
import { serveProduction, type ProductionServer } from "../dev/serve"
import { benchArgs } from "./args"
import { table } from "./format"
import { HOUR_MS } from "../../src/signup/durations"

export interface GrindReading {
  attack: string
  figure: string
  goal: string
  met: boolean | null
}

const hex = (text: string): string => createHash("sha256").update(text).digest("hex")
const hasher =
  (key: string): TicketHasher =>
  (message) =>
    createHmac("sha256", key).update(message).digest("hex")
const percent = (part: number, whole: number): string => `${((100 * part) / whole).toFixed(1)}%`

const SIZE = "cap/One size"
const CHOSEN: DrawEntry = { id: "chosen0000000000", size: SIZE, tickets: 1 }

/** Whether the chosen entry wins a draw of `entries` with `key`. */
const chosenWins = async (entries: DrawEntry[], key: string, pieces: number, chosen = CHOSEN.id): Promise<boolean> => {
  const result = await drawWinners({ entries, stock: [{ size: SIZE, pieces }], key, listHash: await entryListHash(entries), hasher: hasher(key) })
  return result.bySize[0].winners.includes(chosen)
}

/** The holder's grind: of every list they can freeze (the puppets kept or withdrawn), the first under which the chosen entry wins with `key`. */
const grind = async (base: DrawEntry[], puppets: DrawEntry[], key: string, pieces: number, chosen = CHOSEN.id): Promise<DrawEntry[]> => {
  for (let mask = 0; mask < 2 ** puppets.length; mask += 1) {
    const list = [...base, ...puppets.filter((_, i) => mask & (1 << i))]
    if (await chosenWins(list, key, pieces, chosen)) return list
  }
  return base
}

/** The grind over `trials` drops: how often the chosen entry wins with the seed alone, with the beacon, and by chance. */
export const grindOdds = async ({ trials, honest, pieces, puppets }: { trials: number; honest: number; pieces: number; puppets: number }) => {
  const puppetEntries = Array.from({ length: puppets }, (_, i): DrawEntry => ({ id: `puppet${String(i).padStart(10, "0")}`, size: SIZE, tickets: 1 }))
  let seedOnly = 0
  let withBeacon = 0
  let chance = 0
  for (let trial = 0; trial < trials; trial += 1) {
    const seed = hex(`bench grind ${trial}`)
    const base = [...Array.from({ length: honest }, (_, i): DrawEntry => ({ id: `h${hex(`${trial}:${i}`).slice(0, 15)}`, size: SIZE, tickets: 1 })), CHOSEN]
    const seedKey = drawKey(seed, hex(`known ${trial}`))
    if (await chosenWins(await grind(base, puppetEntries, seedKey, pieces), seedKey, pieces)) seedOnly += 1
    // With the beacon in the key, the holder chooses the list with a guess at its value; the real one comes after the close.
    const frozen = await grind(base, puppetEntries, drawKey(seed, hex(`guess ${trial}`)), pieces)
    if (await chosenWins(frozen, drawKey(seed, hex(`beacon ${trial}`) + hex(`${trial}`).slice(0, 32)), pieces)) withBeacon += 1
    chance += pieces / frozen.length
  }
  return { seedOnly, withBeacon, chance }
}

const postJson = async (baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** A status link's token, wherever the link carries it. */
const tokenOf = (statusUrl: unknown): string => /[?#&]token=([A-Za-z0-9_-]{43})/.exec(String(statusUrl))?.[1] ?? ""

/** A committed drop on serve:prod, ground before its close by the seed's holder, then drawn and checked; then what the holder could publish after. */
const grindOnServer = async ({ honest, pieces, puppets }: { honest: number; pieces: number; puppets: number }): Promise<GrindReading[]> => {
  const dir = mkdtempSync(join(tmpdir(), "block94-bench-grind-"))
  const now = Date.now()
  const window = { opensAt: new Date(now + HOUR_MS), closesAt: new Date(now + 2 * HOUR_MS), resultsAt: new Date(now + 3 * HOUR_MS) }
  // A chain with a period of 30 s, a round due exactly at the close: the draw's is 30 s after it, time for the freeze.
  const period = 30
  const relayClock = { offset: 0 }
  const relay = await startBeaconStandIn({
    now: () => Date.now() + relayClock.offset,
    genesis: Math.floor(window.closesAt.getTime() / 1000) - 1000 * period,
    period,
  })
  const dropsFile = join(dir, "drops.json")
  const [drop] = drops.drops
  const cap = { ...drop.pieces[1], sizes: [{ label: "One size", quantity: pieces }] }
  const times = { opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString(), resultsAt: window.resultsAt.toISOString() }
  const content = { ...drops, beacon: relay.chain, drops: [{ ...drop, ...times, pieces: [cap] }] }
  writeFileSync(dropsFile, `${JSON.stringify(content, null, 2)}\n`)
  const owner = { authorization: `Bearer ${hex("bench grind owner").slice(0, 48)}` }
  const env = {
    SIGNUPS_FILE: join(dir, "signups.db"),
    DATABASE_URL: "",
    DROPS_FILE: dropsFile,
    DROP_SEED_DIR: join(dir, "seeds"),
    OWNER_TOKEN: owner.authorization.slice(7),
    ALTCHA_MODE: "off",
    SIGNUP_RATE_LIMIT: "100000",
    BACKUP_INTERVAL_MINUTES: "0",
  }
  let server: ProductionServer | null = null
  /** (Re)starts the server with its clock at `at`. */
  const serveAt = async (at: Date) => {
    await server?.stop()
    relayClock.offset = at.getTime() - Date.now()
    server = await serveProduction(env, { clockOffsetMs: relayClock.offset })
    return server.baseUrl
  }
  try {
    // Everyone is on the list before the drop is announced: honest people, the chosen one, the puppets.
    let base = await serveAt(new Date(now))
    const tokens = new Map<string, string>()
    for (const name of [...Array.from({ length: honest }, (_, i) => `fan${i}`), "chosen", ...Array.from({ length: puppets }, (_, i) => `puppet${i}`)]) {
      const joined = await postJson(base, "/api/signup", { email: `${name}@example.com`, source: SIGNUP_SOURCE, timestamp: new Date().toISOString() })
      tokens.set(name, tokenOf(joined.body.statusUrl))
    }
    const committed = await postJson(base, "/api/owner/drops", { action: "commit", drop: drop.id }, owner)
    const seed = String(committed.body.seed)
    const commitment = committed.body.commitment as DropCommitment
    writeCommitment(dropsFile, drop.id, commitment)

    // The window is open: everyone enters; the holder has the chosen entry and a first puppet in, and learns their entry codes.
    base = await serveAt(new Date(window.opensAt.getTime() + 60_000))
    const enter = async (name: string, size: string | null) => (await postJson(base, "/api/drop/enter", { token: tokens.get(name), drop: drop.id, size })).body
    for (let i = 0; i < honest; i += 1) await enter(`fan${i}`, "cap/One size")
    const chosen = String((await enter("chosen", "cap/One size")).entryId)
    const codes: string[] = []
    for (let i = 0; i < puppets; i += 1) codes.push(String((await enter(`puppet${i}`, "cap/One size")).entryId))
    // Before the close the holder reads the entries from their database and grinds with a guess at the beacon, then withdraws the puppets that do not suit.
    const database = new DatabaseSync(env.SIGNUPS_FILE, { readOnly: true })
    const entered = database.prepare("select entry_code from drop_entries where drop_id = ? and review is null").all(drop.id) as Array<{ entry_code: string }>
    database.close()
    const everyone = entered.map(({ entry_code: id }) => ({ id, size: SIZE, tickets: 1 }))
    const puppetEntries = everyone.filter((entry) => codes.includes(entry.id))
    const guessKey = drawKey(seed, hex("the holder's guess"))
    const kept = new Set(
      (
        await grind(
          everyone.filter((entry) => !codes.includes(entry.id)),
          puppetEntries,
          guessKey,
          pieces,
          chosen,
        )
      ).map((entry) => entry.id),
    )
    for (let i = 0; i < puppets; i += 1) if (!kept.has(codes[i])) await enter(`puppet${i}`, null)

    // A second after the close the server starts and freezes at once; the beacon's round comes out 30 s after the close.
    base = await serveAt(new Date(window.closesAt.getTime() + 1_000))
    await fetch(`${base}/api/drop?drop=${drop.id}`).then((answer) => answer.json())
    base = await serveAt(new Date(roundTime(relay.chain, commitment.round).getTime() + 60_000))
    const drawn = await postJson(base, "/api/owner/drops", { action: "draw", drop: drop.id }, owner)
    const record = (await fetch(`${base}/api/drop?drop=${drop.id}`).then((answer) => answer.json())) as PublishedDrop
    const list = await fetch(`${base}/api/drop/entries?drop=${drop.id}`).then((answer) => answer.text())
    if (drawn.status !== 200 || !isCheckable(record)) throw new Error(`the drop was not drawn: ${JSON.stringify(drawn.body)}`)
    const built: BuiltDrop = { commitment, window: times, chain: relay.chain }
    const honestCheck = await checkDrop(built, record, list)
    const won = Object.values(record.winners).some((ids) => ids.includes(chosen))

    // What the holder could publish once the beacon is out, and what a visitor's check says of each.
    const flagged = async (what: string, published: DrawnRecord, publishedList = list): Promise<GrindReading> => {
      const check = await checkDrop(built, published, publishedList)
      return { attack: `${what}: flagged by the check`, figure: check.ok ? "NO" : `yes (${check.problems.length})`, goal: "yes", met: !check.ok }
    }
    // The list changed to suit the beacon: entries made up after it is out, the combination under which the chosen entry wins (or at least one).
    const realKey = drawKey(seed, String(record.beacon?.signature))
    const frozenList = parseEntryList(list)
    const madeUp = Array.from({ length: 6 }, (_, i): DrawEntry => ({ id: `late${hex(`made up ${i}`).slice(0, 12)}`, size: SIZE, tickets: 1 }))
    const ground = await grind(frozenList, madeUp, realKey, pieces, chosen)
    const suited = ground.length > frozenList.length ? ground : [...frozenList, madeUp[0]]
    const suitedWinners = (await drawWinners({ entries: suited, stock: record.stock, key: realKey, listHash: await entryListHash(suited) })).bySize
    const suitedRecord = { ...record, winners: Object.fromEntries(suitedWinners.map(({ size, winners }) => [size, winners])), promoted: {} }
    const forged = { round: commitment.round, signature: signRound(bls12_381.utils.randomSecretKey(), commitment.round) }
    return [
      {
        attack: `serve:prod: the chosen entry, ground before the close with ${puppets} puppets, won`,
        figure: won ? "yes" : "no",
        goal: "chance",
        met: null,
      },
      {
        attack: "serve:prod: the drawn drop, checked against the commitment the site was built with",
        figure: honestCheck.ok ? "checks out" : honestCheck.problems.join("; "),
        goal: "checks out",
        met: honestCheck.ok,
      },
      await flagged("a list changed after the close to suit the beacon, its published hash kept", suitedRecord, entryListText(suited)),
      {
        attack: "the same, its hash rewritten in the database too: flagged by the record alone",
        figure: (await checkDrop(built, { ...suitedRecord, listHash: await entryListHash(suited) }, entryListText(suited))).ok ? "no" : "yes",
        goal: "(see the threat model)",
        met: null,
      },
      await removedEntryFound(suited, realKey, record, chosen),
      await flagged("a made-up beacon value", { ...record, beacon: forged }),
      await flagged("another seed, its hash changed in the record", {
        ...record,
        commitment: { ...commitment, seedHash: hex(hex("another seed")) },
        seed: hex("another seed"),
      }),
      await flagged("the list frozen again after the beacon", {
        ...record,
        frozenAt: new Date(roundTime(relay.chain, commitment.round).getTime() + 1_000).toISOString(),
      }),
    ]
  } finally {
    await (server as ProductionServer | null)?.stop()
    await relay.stop()
  }
}

/**
 * Whoever holds the database could also take out, after the beacon, an honest entry that beats the
 * chosen one, and republish the list with its hash: that person's own check finds their entry missing.
 */
const removedEntryFound = async (suited: DrawEntry[], key: string, record: DrawnRecord, chosen: string): Promise<GrindReading> => {
  const [size] = record.stock
  const ranked = (await drawWinners({ entries: suited, stock: record.stock, key, listHash: await entryListHash(suited) })).bySize[0]
  const rival = [...ranked.winners, ...ranked.reserve].find((id) => id !== chosen && !id.startsWith("late"))
  const rivalEntry = suited.find((entry) => entry.id === rival)
  if (!rivalEntry) return { attack: "an honest entry taken out after the close: found missing by its person's check", figure: "n/a", goal: "yes", met: null }
  const without = suited.filter((entry) => entry.id !== rival)
  const check = await checkMyEntry(entryListText(without), await entryListHash(without), rivalEntry)
  return {
    attack: `an honest entry (${size.size}) taken out after the close, the list and hash rewritten: found missing by its person's check`,
    figure: check.kind === "missing" ? "yes" : "NO",
    goal: "yes",
    met: check.kind === "missing",
  }
}

/** bench:abuse's drop part: the odds of the grind, then one committed drop on serve:prod. */
export const dropGrind = async ({ trials = 100, honest = 500, pieces = 10, puppets = 8, servedHonest = 40 } = {}): Promise<GrindReading[]> => {
  const odds = await grindOdds({ trials, honest, pieces, puppets })
  const bound = odds.chance + 4.5 * Math.sqrt(odds.chance * (1 - odds.chance / trials))
  return [
    {
      attack: `grind before the close, seed alone deciding (${trials} drops: ${honest} entries, ${pieces} pieces, ${2 ** puppets} puppet lists)`,
      figure: `chosen entry won ${percent(odds.seedOnly, trials)}`,
      goal: "(as before the beacon)",
      met: null,
    },
    {
      attack: "grind before the close, the beacon's round in the key",
      figure: `won ${percent(odds.withBeacon, trials)} (chance ${percent(odds.chance, trials)})`,
      goal: "<= chance",
      met: odds.withBeacon <= bound,
    },
    ...(await grindOnServer({ honest: servedHonest, pieces: Math.max(1, Math.round((pieces * servedHonest) / honest)), puppets })),
  ]
}

// On its own, for a quick run at other sizes: npx tsx tools/bench/drop-grind.ts --trials 10 --honest 50 --puppets 4
if (require.main === module) {
  const { trials, honest, puppets, served } = benchArgs({ trials: 100, honest: 500, puppets: 8, served: 40 })
  dropGrind({ trials, honest, puppets, servedHonest: served }).then(
    (readings) =>
      console.log(
        table(
          [{ header: "attack" }, { header: "figure", align: "right" }, { header: "goal", align: "right" }],
          readings.map(({ attack, figure, goal }) => [attack, figure, goal]),
        ),
      ),
    (error: unknown) => {
      console.error("drop-grind:", error instanceof Error ? error.stack : error)
      process.exit(1)
    },
  )
}

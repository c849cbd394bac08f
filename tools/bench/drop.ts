// `npm run bench:drop [-- --sizes 100000,1000000 --filled /tmp/drop-1m.db]`: a drop at launch-day
// size, on the embedded store. For each size it fills a list of that many confirmed people, every
// one entered in an open drop (written straight into the store), then:
//   - starts `serve:prod` on it (DROPS_FILE: the drop open now, committed, a local beacon stand-in
//     as its chain's relay) and measures, at 50 connections
//     for 10 s each, entering (size changes by random people, through POST /api/drop/enter) and,
//     beside it for comparison, status lookups (POST /api/waitlist): p99 and requests/s;
//   - closes the drop and times the close (freezing the list, its hash and its file), the draw rule alone,
//     the draw the owner waits for (winners' codes and emails written), the "not this time" emails
//     to everyone else, and a verification of the published draw with the command-line verifier's code;
//   - at the smallest size, opens /drop/'s verifier in headless Chromium (as a visitor does,
//     list download included) and times "Check the draw" until it answers;
// and finally Lighthouse (mobile, 3 runs) on /drop/ under `gatsby serve`. Needs a build. Prints
// figures; wrong answers (a draw that does not verify) fail the run, timings never do.
// --filled keeps the filled store of the largest size at that path and starts from a copy next time.
import autocannon from "autocannon"
import { createHash } from "node:crypto"
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { parseArgs } from "node:util"
import { gunzipSync } from "node:zlib"
import type { BeaconChain } from "../../src/drop/beacon"
import { makeCommitment, type DropCommitment } from "../../src/drop/commitment"
import { isCheckable } from "../../src/drop/contract"
import { seedHash } from "../../src/drop/draw"
import { checkDrop } from "../../src/drop/verify"
import { drandBeacons } from "../../src/server/drop/beacon-client"
import { dropCatalog } from "../../src/server/drop/catalog"
import { createDropService, nodeTicketHasher } from "../../src/server/drop/service"
import { DEFAULT_REFERRAL_BOOST } from "../../src/server/settings/settings"
import { openEmbeddedStore } from "../../src/server/store/open-store"
import type { SignupStore } from "../../src/server/store/store"
import { hashToken } from "../../src/server/keys/codes"
import drops from "../../content/drops.json"
import { startBeaconStandIn, type BeaconStandIn } from "../dev/beacon-stand-in"
import { routeBuiltDrops } from "../dev/built-drops"
import { fillList, LOAD_CONNECTIONS } from "./shared"
import { decimal, heading, integer, table, rightAligned } from "./format"
import { runLighthouse, medianMetrics, type RunMetrics } from "./lighthouse"
import { chromePath, CHROMIUM_FLAGS, launchBrowser } from "../dev/chromium"
import { freePort, serveProduction, serveSite, stopSite } from "../dev/serve"
import { HOUR_MS } from "../../src/signup/durations"

const ROOT = resolve(__dirname, "..", "..")
const LOAD_SECONDS = 10
/** The drop of the built site, so its page and its verifier are the real ones. */
const DROP = drops.drops[0]
const SIZES = DROP.pieces.flatMap((piece) => piece.sizes.map((size) => `${piece.id}/${size.label}`))

/** Person i's status token: a fixed secret of the right shape, so the load can use anyone's. */
const statusToken = (index: number): string => createHash("sha256").update(`bench-drop-status-${index}`).digest("base64url")

const problems: string[] = []

/** A list of `size` confirmed people (each with a known status token), through the store's API. */
const fill = async (file: string, size: number): Promise<void> => {
  const store = openEmbeddedStore(file, DEFAULT_REFERRAL_BOOST)
  // Status links last 30 days from the signup: these are a day old.
  const at = new Date(Date.now() - 24 * HOUR_MS).toISOString()
  try {
    await fillList(
      store,
      size,
      (index) => ({ email: `drop-${index}@example.com`, at, statusTokenHash: hashToken(statusToken(index)) }),
      (done) => process.stderr.write(`\rfilling: ${integer(done)} of ${integer(size)}`),
    )
    process.stderr.write("\n")
  } finally {
    await store.close()
  }
}

/** The drop service as serve:prod makes it, with no mail and a folder of its own for the frozen lists. */
function benchDropService(store: SignupStore, content: Parameters<typeof dropCatalog>[0]) {
  const listDir = mkdtempSync(join(tmpdir(), "block94-bench-drop-lists-"))
  return createDropService({
    store,
    catalog: dropCatalog(content),
    siteUrl: "https://block94.example",
    mail: null,
    seedDir: null,
    beacons: drandBeacons(),
    listDir,
  })
}

/** Everyone enters the drop, spread over its sizes, and the drop is committed with `commitment`: written straight into the store. */
const enterEveryone = async (file: string, commitment: DropCommitment): Promise<void> => {
  // The store makes its tables on first use.
  await openEmbeddedStore(file, DEFAULT_REFERRAL_BOOST).close()
  const db = new DatabaseSync(file)
  try {
    db.exec("begin")
    db.prepare("insert into drops (id, seed_hash, committed_at, chain_hash, round, opens_at, closes_at) values (?, ?, ?, ?, ?, ?, ?)").run(
      DROP.id,
      commitment.seedHash,
      commitment.committedAt,
      commitment.chainHash,
      commitment.round,
      commitment.opensAt,
      commitment.closesAt,
    )
    const sizeCase = `case id % ${SIZES.length} ${SIZES.map((size, index) => `when ${index} then '${size}'`).join(" ")} end`
    db.prepare(
      `insert into drop_entries (entry_code, drop_id, signup_id, size, entered_at) select printf('%016x', id), ?, id, ${sizeCase}, ? from signups`,
    ).run(DROP.id, commitment.opensAt)
    db.prepare("insert into drop_tallies (drop_id, size, entrants) select drop_id, size, count(*) from drop_entries group by drop_id, size").run()
    db.exec("commit")
  } finally {
    db.close()
  }
}

interface Load {
  perSecond: number
  p50: number
  p99: number
  non2xx: number
  errors: number
}

/** 50 connections for 10 s, each request built afresh by `next`. */
const load = (url: string, next: () => { method: "GET" | "POST"; path: string; body?: string }): Promise<Load> =>
  new Promise((resolveLoad, reject) => {
    autocannon(
      {
        url,
        connections: LOAD_CONNECTIONS,
        duration: LOAD_SECONDS,
        timeout: 10,
        requests: [
          {
            setupRequest: (request) => {
              const { method, path, body } = next()
              return { ...request, method, path, body, headers: { "content-type": "application/json" } }
            },
          },
        ],
      },
      (error, result) =>
        error
          ? reject(error)
          : resolveLoad({
              perSecond: result.requests.average,
              p50: result.latency.p50,
              p99: result.latency.p99,
              non2xx: result.non2xx,
              errors: result.errors + result.timeouts,
            }),
    )
  })

interface SizeReport {
  size: number
  enter: Load
  status: Load
  closeMs: number
  ruleMs: number
  drawMs: number
  notifyMs: number
  notified: number
  verifyMs: number
  winners: number
}

/** The built site's drop, open from an hour ago for an hour, committed to `seed` two hours ago with `chain`'s first round after the close. */
const committedDrops = async (seed: string, chain: BeaconChain, now: Date) => {
  const window = {
    opensAt: new Date(now.getTime() - HOUR_MS).toISOString(),
    closesAt: new Date(now.getTime() + HOUR_MS).toISOString(),
    resultsAt: new Date(now.getTime() + 2 * HOUR_MS).toISOString(),
  }
  const commitment = makeCommitment(await seedHash(seed), chain, window, new Date(now.getTime() - 2 * HOUR_MS))
  return { content: { ...drops, beacon: chain, drops: [{ ...DROP, ...window, commitment }] }, commitment, closesAt: new Date(window.closesAt) }
}

/** Every round is out at once: the bench draws right after its close. */
const startRelay = (): Promise<BeaconStandIn> => startBeaconStandIn({ now: () => Number.MAX_SAFE_INTEGER })

const measureSize = async (size: number, filled: string | undefined): Promise<SizeReport> => {
  const dir = mkdtempSync(join(tmpdir(), "block94-bench-drop-"))
  const file = join(dir, "signups.db")
  if (filled && existsSync(filled)) copyFileSync(filled, file)
  else {
    await fill(file, size)
    if (filled) copyFileSync(file, filled)
  }
  const seed = createHash("sha256").update(`bench-drop-seed-${size}`).digest("hex")
  const now = new Date()
  const relay = await startRelay()
  const { content, commitment, closesAt } = await committedDrops(seed, relay.chain, now)
  await enterEveryone(file, commitment)
  const dropsFile = join(dir, "drops.json")
  writeFileSync(dropsFile, JSON.stringify(content))

  process.stderr.write(`bench:drop: ${integer(size)} entries: entering and status lookups at ${LOAD_CONNECTIONS} connections\n`)
  const server = await serveProduction({
    SIGNUPS_FILE: file,
    DATABASE_URL: "",
    DROPS_FILE: dropsFile,
    SIGNUP_RATE_LIMIT: "100000000",
    ALTCHA_MODE: "off",
    BACKUP_INTERVAL_MINUTES: "0",
  })
  let enter: Load
  let status: Load
  try {
    const someone = () => Math.floor(Math.random() * size)
    // One of each first: a load of refusals would measure nothing.
    for (const [path, init] of [
      [
        "/api/drop/enter",
        { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: statusToken(0), drop: DROP.id, size: SIZES[1] }) },
      ],
      ["/api/waitlist", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: statusToken(0) }) }],
    ] as const) {
      const response = await fetch(`${server.baseUrl}${path}`, init)
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
    }
    enter = await load(server.baseUrl, () => ({
      method: "POST",
      path: "/api/drop/enter",
      body: JSON.stringify({ token: statusToken(someone()), drop: DROP.id, size: SIZES[Math.floor(Math.random() * SIZES.length)] }),
    }))
    status = await load(server.baseUrl, () => ({ method: "POST", path: "/api/waitlist", body: JSON.stringify({ token: statusToken(someone()) }) }))
  } finally {
    await server.stop("SIGTERM")
  }

  process.stderr.write(`bench:drop: ${integer(size)} entries: close and draw\n`)
  const store = openEmbeddedStore(file, DEFAULT_REFERRAL_BOOST)
  try {
    const service = benchDropService(store, content)
    // Frozen at the close, to the millisecond, as serve:prod's timer does; drawn a minute later.
    let started = performance.now()
    const record = await service.record(DROP.id, closesAt)
    const closeMs = performance.now() - started
    if (!record?.listHash) throw new Error("the drop did not freeze")
    const later = new Date(closesAt.getTime() + 60_000)
    started = performance.now()
    const drawn = await service.draw(DROP.id, { seed }, later)
    const drawMs = performance.now() - started
    if (drawn.kind !== "drawn") throw new Error(`the draw answered ${drawn.kind}`)
    started = performance.now()
    const notified = drawn.notified + (await service.notifyNotWon(DROP.id, later))
    const notifyMs = performance.now() - started
    const published = await service.record(DROP.id, later)
    const listFile = await service.entryListFile(DROP.id, later)
    if (!published || !isCheckable(published) || !listFile) throw new Error("the draw was not published")
    const entryList = gunzipSync(readFileSync(listFile.path)).toString("utf8")
    started = performance.now()
    const check = await checkDrop({ commitment, window: content.drops[0], chain: relay.chain }, published, entryList, nodeTicketHasher)
    const verifyMs = performance.now() - started
    if (!check.ok) problems.push(`${integer(size)}: the draw does not verify: ${check.problems.join("; ")}`)
    if (entryList.split("\n").length - 1 !== size) problems.push(`${integer(size)}: the published list has ${entryList.split("\n").length - 1} entries`)
    const winners = drawn.result.bySize.reduce((sum, one) => sum + one.winners.length, 0)
    return { size, enter, status, closeMs, ruleMs: drawn.drawMs, drawMs, notifyMs, notified, verifyMs, winners }
  } finally {
    await store.close()
    await relay.stop()
  }
}

/** The drop page's own verifier in Chromium, on a drawn drop of `size` entries served by serve:prod (the page's data as built with that drop). */
const browserVerify = async (size: number): Promise<{ ms: number; answer: string; slowdown: number }[]> => {
  const dir = mkdtempSync(join(tmpdir(), "block94-bench-drop-page-"))
  const file = join(dir, "signups.db")
  await fill(file, size)
  const seed = createHash("sha256").update(`bench-drop-page-${size}`).digest("hex")
  // The drop closed two hours ago: committed four hours ago, frozen at its close.
  const relay = await startRelay()
  const { content, commitment, closesAt } = await committedDrops(seed, relay.chain, new Date(Date.now() - 3 * HOUR_MS))
  await enterEveryone(file, commitment)
  const store = openEmbeddedStore(file, DEFAULT_REFERRAL_BOOST)
  try {
    const service = benchDropService(store, content)
    await service.record(DROP.id, closesAt)
    const drawn = await service.draw(DROP.id, { seed }, new Date(closesAt.getTime() + 60_000))
    if (drawn.kind !== "drawn") throw new Error(`the draw answered ${drawn.kind}`)
  } finally {
    await store.close()
    await relay.stop()
  }
  const dropsFile = join(dir, "drops.json")
  writeFileSync(dropsFile, JSON.stringify(content))
  const server = await serveProduction({
    SIGNUPS_FILE: file,
    DATABASE_URL: "",
    DROPS_FILE: dropsFile,
    SIGNUP_RATE_LIMIT: "100000000",
    BACKUP_INTERVAL_MINUTES: "0",
  })
  const browser = await launchBrowser()
  const results: { ms: number; answer: string; slowdown: number }[] = []
  try {
    for (const slowdown of [1, 4]) {
      const page = await browser.newPage()
      await routeBuiltDrops(page, content)
      const session = await page.context().newCDPSession(page)
      await page.goto(`${server.baseUrl}/drop/`, { waitUntil: "networkidle" })
      await session.send("Emulation.setCPUThrottlingRate", { rate: slowdown })
      const button = page.getByRole("button", { name: /check the draw/i }).first()
      await button.waitFor({ timeout: 30_000 })
      const started = performance.now()
      await button.click()
      const verdict = page.locator("[data-verdict]").first()
      await verdict.waitFor({ timeout: 300_000 })
      results.push({ ms: performance.now() - started, answer: (await verdict.innerText()).trim(), slowdown })
      if ((await verdict.getAttribute("data-verdict")) !== "match") problems.push(`the drop page's verifier says: ${(await verdict.innerText()).trim()}`)
      await page.close()
    }
  } finally {
    await browser.close()
    await server.stop("SIGTERM")
  }
  return results
}

const lighthouseOfDropPage = async (): Promise<RunMetrics> => {
  const site = await serveSite(await freePort())
  try {
    const runs: RunMetrics[] = []
    for (let run = 0; run < 3; run += 1) {
      runs.push(
        await runLighthouse(`${site.baseUrl}/drop/`, "mobile", {
          chromePath: chromePath(),
          chromeFlags: CHROMIUM_FLAGS,
          timeoutMs: 120_000,
          ignoreStatusCode: false,
        }),
      )
    }
    return medianMetrics(runs)
  } finally {
    stopSite(site.process)
  }
}

const ms = (value: number): string => `${integer(value)} ms`

const main = async () => {
  const { values } = parseArgs({
    options: { sizes: { type: "string", default: "100000,1000000" }, filled: { type: "string" }, "no-browser": { type: "boolean", default: false } },
  })
  const sizes = String(values.sizes).split(",").map(Number)
  if (!existsSync(join(ROOT, "public/index.html"))) throw new Error("No built site: run `npm run build` first.")
  const reports: SizeReport[] = []
  for (const size of sizes) reports.push(await measureSize(size, size === Math.max(...sizes) ? values.filled : undefined))
  const verifying = values["no-browser"] ? [] : await browserVerify(Math.min(...sizes))
  const lighthouse = values["no-browser"] ? null : await lighthouseOfDropPage()

  console.log(heading(`bench:drop: serve:prod on SQLite, ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s per load`))
  console.log(
    table(
      [{ header: "measure" }, ...reports.map((report) => ({ header: `${integer(report.size)} entries`, align: "right" as const })), { header: "goal" }],
      [
        ["entering: p99 (p50)", ...reports.map((r) => `${ms(r.enter.p99)} (${ms(r.enter.p50)})`), "as a status lookup"],
        ["entering: requests/s, non-2xx, errors", ...reports.map((r) => `${integer(r.enter.perSecond)}, ${r.enter.non2xx}, ${r.enter.errors}`), "0 errors"],
        ["status lookup: p99 (p50)", ...reports.map((r) => `${ms(r.status.p99)} (${ms(r.status.p50)})`), ""],
        ["status lookup: requests/s, non-2xx, errors", ...reports.map((r) => `${integer(r.status.perSecond)}, ${r.status.non2xx}, ${r.status.errors}`), ""],
        ["close: freeze the list, its hash and its file", ...reports.map((r) => ms(r.closeMs)), ""],
        ["draw: the rule alone", ...reports.map((r) => ms(r.ruleMs)), "< 10 s at 1M"],
        ["draw: all the owner waits for (winners' codes and emails)", ...reports.map((r) => ms(r.drawMs)), ""],
        ['"not this time" emails queued, and how long', ...reports.map((r) => `${integer(r.notified)} in ${ms(r.notifyMs)}`), ""],
        ["winners", ...reports.map((r) => integer(r.winners)), ""],
        ["verify (drop:verify's code, node)", ...reports.map((r) => ms(r.verifyMs)), ""],
      ],
    ),
  )
  if (verifying.length > 0) {
    console.log(heading(`The drop page's verifier in Chromium, ${integer(Math.min(...sizes))} entries (list download included)`))
    console.log(
      table(
        [{ header: "CPU" }, { header: "time", align: "right" }, { header: "answer" }],
        verifying.map((run) => [`${run.slowdown}x slowdown`, ms(run.ms), run.answer.slice(0, 80)]),
      ),
    )
  }
  if (lighthouse) {
    console.log(heading("/drop/ under Lighthouse, mobile, median of 3"))
    console.log(
      table(
        [...rightAligned("perf", "a11y", "LCP", "CLS", "TBT"), { header: "goal" }],
        [
          [
            String(lighthouse.performance),
            String(lighthouse.accessibility),
            ms(lighthouse.lcpMs ?? 0),
            decimal(lighthouse.cls, 3),
            ms(lighthouse.tbtMs ?? 0),
            "perf 100, LCP < 950 ms, CLS 0",
          ],
        ],
      ),
    )
  }
  if (problems.length > 0) {
    console.error(`\nbench:drop: WRONG ANSWERS:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`)
    process.exitCode = 1
  }
}

main().catch((error: unknown) => {
  console.error("bench:drop failed:", error instanceof Error ? error.message : error)
  process.exit(1)
})

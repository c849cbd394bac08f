// `npm run bench:abuse`: an attacker's script against `serve:prod` on 127.0.0.1, bounded in
// requests and time. Needs a build. Starts its own server (embedded SQLite, a local SMTP inbox,
// the bot gate in `enforce`) and prints what each attack got:
//   - bot signups stored: no solution, a forged one, a replayed one (goal 0);
//   - enumeration: a known and an unknown address, signup and resend, 200 pairs each: same code
//     and body, and the median time difference (goal under 0.5 ms);
//   - slow-body connections held past 15 s (goal 0);
//   - guessing the owner's secret: the right one from the guesser once its bucket is empty (goal
//     429), the owner on another network (goal 200), log lines per client and minute (goal 1);
//   - the referral farm: one person, catch-all domain, home network, 25 h on, 30 friends, each
//     confirmed (goal: credited no more than one honest network's day);
//   - the IPv6 /48 farm: 300 signups from 300 /64s of one /48 (goal: stopped at its budget);
//   - CSV cells a spreadsheet would run as formulas, with `,` and `;` as separator (goal 0);
//   - the gate's cost to a person: solve time in headless Chromium at 4x CPU slowdown (goal
//     under 1 s), and Home's JavaScript on opening (no more than before the gate);
//   - someone leaving while a reader holds the database: the longest event-loop gap (goal under
//     100 ms) and /healthz p99 (under 50 ms) meanwhile (tools/bench/erasure-stall.ts);
//   - known against new signups and resends on a real disk, as whole distributions: known answers
//     under the new ones' median (goal 40%-60%), the gap between the two (goal: what chance gives)
//     (tools/bench/signup-timing.ts);
//   - file modes of a snapshot and a restored database under umask 022 (goal 600) (tools/bench/file-modes.ts);
//   - the drop's grind by whoever holds its seed: odds with and without the beacon, and a committed
//     drop's tampering flagged (tools/bench/drop-grind.ts);
//   - log lines holding an address after a bounce and a provider error (goal 0) (tools/bench/log-addresses.ts).
// `--pairs N` (default 200), `--browser-runs N` (5),
// `--only bots,enumeration,slow,owner,farm,site,csv,browser,js,drop,stall,timing,modes,logs`.
// Figures, not pass/fail: the run ends 0 unless something could not be measured.
import { randomBytes } from "node:crypto"
import { existsSync, mkdtempSync } from "node:fs"
import { connect, type Socket } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { parseArgs } from "node:util"
import { chromium } from "playwright-core"
import { median, postJson, signupBody, type StartServer } from "./abuse-kit"
import { solveChallengeFrom } from "./altcha-solver"
import { erasureStall } from "./erasure-stall"
import { fileModes } from "./file-modes"
import { logAddresses } from "./log-addresses"
import { signupTiming } from "./signup-timing"
import { pageJavaScript } from "./bundle-weights"
import { dropGrind } from "./drop-grind"
import { kib, table } from "./format"
import { parseCsv, formulaCells } from "./spreadsheet"
import { chromePath, CHROMIUM_FLAGS } from "../dev/chromium"
import { ownerSecretGuessing } from "./owner-secret"
import { ipv6SiteFarm } from "./network-farm"
import type { Reading } from "./reading"
import { referralFarm } from "./referral-farm"
import { serveProduction, type ProductionServer } from "../dev/serve"
import { startInbox, type Inbox } from "../dev/smtp-inbox"

const ROOT = resolve(__dirname, "..", "..")
/** Home's JavaScript on opening before the bot gate (gzip, measured on 2e40881 by `npm run bench`). */
const HOME_JS_BEFORE_GATE_GZIP = 47.1 * 1024
const SLOW_BODY_LIMIT_MS = 15_000
const CPU_SLOWDOWN = 4

const secret = () => randomBytes(24).toString("base64url")

/** Signups without a solution, with a forged one and with one solution used again: how many the list took. */
const botSignups = async (baseUrl: string, exportRows: () => Promise<string[]>): Promise<Reading[]> => {
  const before = (await exportRows()).length
  const bots = 60
  for (let index = 0; index < bots / 3; index++) {
    await postJson(baseUrl, "/api/signup", signupBody(`bot-none-${index}@example.com`))
    await postJson(
      baseUrl,
      "/api/signup",
      signupBody(`bot-forged-${index}@example.com`, { altcha: Buffer.from(JSON.stringify({ forged: index })).toString("base64") }),
    )
  }
  const solution = await solveChallengeFrom(baseUrl)
  const first = await postJson(baseUrl, "/api/signup", signupBody("person-with-solution@example.com", { altcha: solution }))
  for (let index = 0; index < bots / 3; index++) await postJson(baseUrl, "/api/signup", signupBody(`bot-replay-${index}@example.com`, { altcha: solution }))
  const after = await exportRows()
  const botsStored = after.filter((email) => email.startsWith("bot-")).length
  const personStored = after.includes("person-with-solution@example.com")
  return [
    { attack: `bot signups stored (of ${bots}: none, forged, replayed)`, figure: String(botsStored), goal: "0", met: botsStored === 0 },
    {
      attack: "a person with a solution stored",
      figure: `${personStored ? "yes" : "NO"} (${first.status}; list ${before} -> ${after.length})`,
      goal: "yes",
      met: personStored,
    },
  ]
}

/** Known and unknown addresses side by side, in alternating order: what an answer gives away. */
const enumeration = async (baseUrl: string, path: "/api/signup" | "/api/resend", pairs: number): Promise<Reading[]> => {
  const run = randomBytes(3).toString("hex")
  const known = Array.from({ length: pairs }, (_, index) => `known-${run}-${index}@example.com`)
  // The known addresses join first (each with a solution of its own, as a person's browser sends).
  for (const email of known) await postJson(baseUrl, "/api/signup", signupBody(email, { altcha: await solveChallengeFrom(baseUrl) }))
  const differences: number[] = []
  let sameAnswers = 0
  for (let index = 0; index < pairs; index++) {
    const ask = async (email: string) =>
      postJson(
        baseUrl,
        path,
        path === "/api/signup" ? signupBody(email, { altcha: await solveChallengeFrom(baseUrl) }) : { email, altcha: await solveChallengeFrom(baseUrl) },
      )
    const unknownEmail = `unknown-${run}-${path.slice(5)}-${index}@example.com`
    // Alternate which goes first, so warm caches favour neither.
    const knownFirst = index % 2 === 1
    const first = await ask(knownFirst ? known[index] : unknownEmail)
    const second = await ask(knownFirst ? unknownEmail : known[index])
    const [knownAnswer, unknownAnswer] = knownFirst ? [first, second] : [second, first]
    if (knownAnswer.status === unknownAnswer.status && knownAnswer.text === unknownAnswer.text) sameAnswers++
    differences.push(knownAnswer.ms - unknownAnswer.ms)
  }
  const difference = median(differences)
  return [
    {
      attack: `${path}: same code and body, known vs unknown (${pairs} pairs)`,
      figure: `${sameAnswers} of ${pairs}`,
      goal: `${pairs} of ${pairs}`,
      met: sameAnswers === pairs,
    },
    { attack: `${path}: median time difference, known - unknown`, figure: `${difference.toFixed(3)} ms`, goal: "< 0.5 ms", met: Math.abs(difference) < 0.5 },
  ]
}

/** Connections that announce a body and send one byte of it: how many are still open after 15 s. */
const slowBodies = async (baseUrl: string, count: number): Promise<Reading[]> => {
  const { hostname, port } = new URL(baseUrl)
  const openedAt = Date.now()
  const closedAfter: number[] = []
  const sockets: Socket[] = []
  await Promise.all(
    Array.from({ length: count }, () => {
      return new Promise<void>((opened) => {
        const socket = connect(Number(port), hostname, () => {
          socket.write(`POST /api/signup HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{`)
          opened()
        })
        socket.on("error", () => undefined)
        // Read what the server says (its 408), or the end of the connection is never seen.
        socket.resume()
        socket.on("close", () => closedAfter.push(Date.now() - openedAt))
        sockets.push(socket)
      })
    }),
  )
  // Bounded: look once, a little after the limit, then close what is left.
  await new Promise((wait) => setTimeout(wait, SLOW_BODY_LIMIT_MS + 1_000))
  const held = sockets.filter((socket) => !socket.destroyed && socket.readyState !== "closed").length
  for (const socket of sockets) socket.destroy()
  const slowest = closedAfter.length ? `${(Math.max(...closedAfter) / 1000).toFixed(1)} s` : "n/a"
  return [{ attack: `slow-body connections held past 15 s (of ${count}; the last closed after ${slowest})`, figure: String(held), goal: "0", met: held === 0 }]
}

/** Attribution that a spreadsheet would run, through a signup, then the owner's export. */
const CSV_PAYLOADS = ["x;=cmd|' /C calc'!A0", "=1+1", "+1+1", "-1+1", "@SUM(1)", 'a,=HYPERLINK("http://x")', "\t=1", "\r=1", "b;@x", "c, +1"]
const csvFormulas = async (baseUrl: string, ownerToken: string): Promise<Reading[]> => {
  for (const [index, payload] of CSV_PAYLOADS.entries()) {
    await postJson(
      baseUrl,
      "/api/signup",
      signupBody(`csv-${index}-${secret().slice(0, 6)}@example.com`, {
        altcha: await solveChallengeFrom(baseUrl),
        utm: { source: payload, medium: payload, campaign: payload, referrer: "example.com" },
      }),
    )
  }
  const response = await fetch(`${baseUrl}/api/owner/export`, { headers: { authorization: `Bearer ${ownerToken}` } })
  const csv = await response.text()
  const comma = formulaCells(parseCsv(csv, ","))
  const semicolon = formulaCells(parseCsv(csv, ";"))
  return [
    {
      attack: `CSV cells a spreadsheet would run (${CSV_PAYLOADS.length} payloads, "," separator)`,
      figure: String(comma.length),
      goal: "0",
      met: comma.length === 0,
    },
    {
      attack: 'CSV cells a spreadsheet would run (";" separator, German/French Excel)',
      figure: String(semicolon.length),
      goal: "0",
      met: semicolon.length === 0,
    },
  ]
}

/** A person on a slow phone: the time from starting the form to a solved challenge, at 4x CPU slowdown. */
const solveTimeInBrowser = async (baseUrl: string, runs: number): Promise<Reading[]> => {
  const browser = await chromium.launch({ executablePath: chromePath(), args: CHROMIUM_FLAGS })
  const times: number[] = []
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN })
      await page.goto(`${baseUrl}/`, { waitUntil: "load" })
      // Hydrated (Preact keeps its tree on the root under __k), as a person who starts typing finds it.
      await page.waitForFunction(() => "__k" in (document.getElementById("___gatsby") ?? {}))
      const email = page.getByLabel(/email/i).first()
      await email.scrollIntoViewIfNeeded()
      const started = Date.now()
      await email.focus()
      // The form marks itself once its proof of work is ready (data-challenge="solved").
      await page.locator("form[data-challenge='solved']").first().waitFor({ timeout: 30_000 })
      times.push(Date.now() - started)
      await context.close()
    }
  } finally {
    await browser.close()
  }
  const solve = median(times)
  return [
    {
      attack: `gate's cost to a person: median solve time, Chromium at ${CPU_SLOWDOWN}x CPU slowdown (${runs} runs)`,
      figure: `${Math.round(solve)} ms`,
      goal: "< 1000 ms",
      met: solve < 1000,
    },
  ]
}

const homeJavaScript = (): Reading[] => {
  const home = pageJavaScript(join(ROOT, "public"), "/")
  const gzip = home.initial.gzip
  return [
    {
      attack: "Home's JavaScript on opening (gzip)",
      figure: `${kib(gzip)} KiB`,
      goal: `<= ${kib(HOME_JS_BEFORE_GATE_GZIP)} KiB (before the gate)`,
      met: gzip <= HOME_JS_BEFORE_GATE_GZIP,
    },
  ]
}

const main = async () => {
  const { values } = parseArgs({
    options: { pairs: { type: "string", default: "200" }, "browser-runs": { type: "string", default: "5" }, only: { type: "string" } },
  })
  if (!existsSync(join(ROOT, "public/index.html"))) throw new Error("No built site: run `npm run build` first.")
  const ownerToken = secret() + secret()
  let inbox: Inbox | null = null
  let server: ProductionServer | null = null
  const readings: Reading[] = []
  try {
    const mailbox = (inbox = await startInbox())
    const smtpUrl = mailbox.url
    const startServer: StartServer = (env, options) =>
      serveProduction(
        {
          SIGNUPS_FILE: join(mkdtempSync(join(tmpdir(), "block94-abuse-")), "signups.db"),
          SMTP_URL: smtpUrl,
          ALTCHA_MODE: "enforce",
          ALTCHA_HMAC_KEY: secret() + secret(),
          OWNER_TOKEN: ownerToken,
          ...env,
        },
        options,
      )
    // The attacks come from one address, as a pool of addresses would look one by one.
    server = await startServer({ SIGNUP_RATE_LIMIT: "100000" })
    const { baseUrl } = server
    const exportRows = async (): Promise<string[]> => {
      const response = await fetch(`${baseUrl}/api/owner/export`, { headers: { authorization: `Bearer ${ownerToken}` } })
      const rows = parseCsv(await response.text(), ",")
      const column = rows[0]?.indexOf("email") ?? -1
      return rows.slice(1).map((row) => row[column] ?? "")
    }
    const pairs = Number(values.pairs)
    const parts: Array<[string, string, () => Promise<Reading[]>]> = [
      ["bots", "bot signups", () => botSignups(baseUrl, exportRows)],
      [
        "enumeration",
        `enumeration, ${pairs} pairs each`,
        async () => [...(await enumeration(baseUrl, "/api/signup", pairs)), ...(await enumeration(baseUrl, "/api/resend", pairs))],
      ],
      ["slow", "slow bodies (about 16 s)", () => slowBodies(baseUrl, 20)],
      ["owner", "guessing the owner's secret (default rate limits)", () => ownerSecretGuessing(startServer, ownerToken)],
      ["farm", "the referral farm (the endpoints in process, on a clock of their own)", () => referralFarm()],
      ["site", "the IPv6 /48 farm (default rate limits)", () => ipv6SiteFarm(startServer)],
      ["csv", "CSV", () => csvFormulas(baseUrl, ownerToken)],
      ["browser", "solve time in Chromium", () => solveTimeInBrowser(baseUrl, Number(values["browser-runs"]))],
      ["js", "Home's JavaScript", async () => homeJavaScript()],
      ["drop", "the drop's grind against a committed drop (tools/bench/drop-grind.ts)", () => dropGrind()],
      ["stall", "leaving with a reader open", () => erasureStall(startServer, mailbox)],
      ["timing", `known against new signups and resends, ${pairs} pairs each, on a real disk`, () => signupTiming(startServer, mailbox, pairs)],
      ["modes", "file modes of snapshots and restored databases", () => fileModes(startServer)],
      ["logs", "addresses in the logs after a bounce and a provider error", () => logAddresses(startServer)],
    ]
    const only = values.only?.split(",")
    for (const [, what, measure] of parts.filter(([name]) => !only || only.includes(name))) {
      console.error(`bench:abuse: ${what}`)
      readings.push(...(await measure()))
    }
  } finally {
    await server?.stop()
    await inbox?.close()
  }
  console.log("\n== bench:abuse: serve:prod (SQLite, ALTCHA_MODE=enforce, SMTP) on 127.0.0.1 ==")
  console.log(
    table(
      [{ header: "attack" }, { header: "figure", align: "right" }, { header: "goal", align: "right" }, { header: "met" }],
      readings.map(({ attack, figure, goal, met }) => [attack, figure, goal, met === null ? "-" : met ? "yes" : "NO"]),
    ),
  )
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error("bench:abuse:", error instanceof Error ? error.stack : error)
    process.exit(1)
  })
}

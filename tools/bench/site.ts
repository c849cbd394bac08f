// `npm run bench`: performance benchmark of the production site.
//   1. builds (`gatsby build`) unless --no-build; with --build-speed, times builds and hot reload
//   2. weighs the JavaScript, images and fonts in public/ (no browser)
//   3. serves public/ with `gatsby serve` and runs Lighthouse, mobile and desktop, N runs per route
//      The status and confirmation pages are opened with real tokens: the bench signs up through
//      the served site's own Function (with a local SMTP inbox, so signups get their emails).
// Prints tables and writes bench-results/lighthouse.json. Timings never fail the bench; it exits
// non-zero only when something cannot run (build, server, Chromium, every Lighthouse run).
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { cpus } from "node:os"
import { join, resolve } from "node:path"
import { parseArgs } from "node:util"
import { serveSite, stopSite } from "../dev/serve"
import { chromePath as systemChromePath, CHROMIUM_FLAGS } from "../dev/chromium"
import { measureBuildSpeed, type BuildSpeed } from "./build-speed"
import { allPagesJavaScript, homeWeight, largestStaticImage, type HomeWeight, type PageJavaScript } from "./bundle-weights"
import { decimal, heading, integer, kib, seconds, shorten, table, rightAligned } from "./format"
import { packageBytes, type PackageBytes } from "./js-packages"
import { LCP_PHASES, medianMetrics, runLighthouse, type Mode, type RunMetrics } from "./lighthouse"
import { findFreePort, onInterrupt, runTimed } from "./processes"
import { invitePath, makeTokenLinks, type TokenLinks } from "./token-links"
import { startInbox } from "../dev/smtp-inbox"

interface Route {
  /** The route as the tables name it. */
  name: string
  expectNotFound: boolean
  /** Issue 19's mobile target: perf 100, CLS 0 and LCP at most this. */
  lcpTargetMs: number
  /** The path to open on a run; pages opened from email get a real token. */
  path(links: PageLinks): string | Promise<string>
}

/** The links with real tokens the pages opened from email are measured with. */
type PageLinks = TokenLinks & { invitePath: string }

/** Home's LCP, the yardstick for every page that opens without a token. */
const PAGE_LCP_TARGET_MS = 950
/** Pages whose answer comes from the server after they open (a token in the link). */
const TOKEN_PAGE_LCP_TARGET_MS = 1200

const staticRoute = (path: string, expectNotFound = false): Route => ({ name: path, expectNotFound, lcpTargetMs: PAGE_LCP_TARGET_MS, path: () => path })

const ROUTES: Route[] = [
  staticRoute("/"),
  staticRoute("/about/"),
  staticRoute("/contact/"),
  staticRoute("/privacy/"),
  // The drop page with its countdown ticking and its live record from the served site's store.
  staticRoute("/drop/"),
  staticRoute("/no-such-page/", true),
  // The owner's page as it opens: asking for the secret.
  staticRoute("/owner/"),
  // A confirmed signup's status link, the same on every run.
  { name: "/waitlist/#token=", expectNotFound: false, lcpTargetMs: TOKEN_PAGE_LCP_TARGET_MS, path: (links) => links.statusPath },
  // A status link nobody has (mistyped, or from an old list): the page's message, not a place.
  { name: "/waitlist/#token=unknown", expectNotFound: false, lcpTargetMs: TOKEN_PAGE_LCP_TARGET_MS, path: () => `/waitlist/#token=${"A".repeat(43)}` },
  // A confirmation link is good once: every run confirms a fresh signup.
  { name: "/confirm/#token=", expectNotFound: false, lcpTargetMs: TOKEN_PAGE_LCP_TARGET_MS, path: (links) => links.confirmPath() },
  // An invitation sent by a wave: opening it uses nothing up, so the same link on every run.
  { name: "/invite/#code=", expectNotFound: false, lcpTargetMs: TOKEN_PAGE_LCP_TARGET_MS, path: (links) => links.invitePath },
]

/** Whether a route's mobile median meets issue 19's target (perf 100, CLS 0, LCP within its bound), and if not, why. */
const targetVerdict = (route: Pick<Route, "lcpTargetMs">, median: Pick<RunMetrics, "performance" | "lcpMs" | "cls"> | null): string => {
  if (!median) return "no runs"
  const misses = [
    ...(median.performance !== null && median.performance < 100 ? [`perf ${median.performance}`] : []),
    ...(median.lcpMs !== null && median.lcpMs > route.lcpTargetMs ? [`LCP ${Math.round(median.lcpMs)} > ${route.lcpTargetMs}`] : []),
    ...(median.cls !== null && median.cls >= 0.0005 ? [`CLS ${median.cls.toFixed(3)}`] : []),
  ]
  return misses.length === 0 ? "met" : `missed: ${misses.join(", ")}`
}
const MODES: Mode[] = ["mobile", "desktop"]
// A run takes 8-15 s on 2 cores; a run still going after this is stuck, not slow.
const LIGHTHOUSE_TIMEOUT_MS = 90_000
const BUILD_TIMEOUT_MS = 10 * 60_000

const USAGE = `Usage: npm run bench -- [--no-build] [--runs N] [--route NAME]... [--build-speed] [--mobile-cpu-slowdown X]
  --no-build     use the existing public/ instead of running gatsby build first
  --route NAME   only this route's Lighthouse runs (as named in the table, e.g. /waitlist/#token=); may be repeated
  --runs N       Lighthouse runs per route and mode (default 3); the median is reported
  --build-speed  also time a clean build, a rebuild after a caption edit, and develop hot reload
  --mobile-cpu-slowdown X
                 on phones, simulate this CPU slowdown instead of Lighthouse's default 4x, which
                 assumes a host with a CPU index of 1,500-2,000: on a slower host, pick X from the
                 table in Lighthouse's docs/throttling.md (the CPU index is printed per run)`

interface Options {
  build: boolean
  runs: number
  buildSpeed: boolean
  routes: Route[]
  /** Lighthouse's default (4x) when absent. */
  mobileCpuSlowdown?: number
}

const parseOptions = (): Options => {
  const parse = () =>
    parseArgs({
      options: {
        "no-build": { type: "boolean", default: false },
        "build-speed": { type: "boolean", default: false },
        runs: { type: "string", default: "3" },
        route: { type: "string", multiple: true, default: [] },
        "mobile-cpu-slowdown": { type: "string" },
        help: { type: "boolean", default: false },
      },
    })
  let values: ReturnType<typeof parse>["values"]
  try {
    values = parse().values
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, { cause: error })
  }
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  const runs = Number(values.runs)
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs needs a whole number of at least 1, not "${values.runs}"\n${USAGE}`)
  const unknownRoutes = values.route.filter((name) => !ROUTES.some((route) => route.name === name))
  if (unknownRoutes.length > 0) throw new Error(`no route named ${unknownRoutes.join(", ")}; the routes are ${ROUTES.map(({ name }) => name).join(" ")}`)
  const routes = values.route.length > 0 ? ROUTES.filter(({ name }) => values.route.includes(name)) : ROUTES
  const slowdown = values["mobile-cpu-slowdown"]
  const mobileCpuSlowdown = slowdown === undefined ? undefined : Number(slowdown)
  if (mobileCpuSlowdown !== undefined && !(mobileCpuSlowdown >= 1))
    throw new Error(`--mobile-cpu-slowdown needs a number of at least 1, not "${slowdown}"\n${USAGE}`)
  return { build: !values["no-build"], runs, buildSpeed: values["build-speed"], routes, mobileCpuSlowdown }
}

interface RouteResult {
  route: string
  mode: Mode
  runs: number
  failures: string[]
  median: RunMetrics | null
  samples: RunMetrics[]
}

const packageVersion = (root: string, name: string): string | null => {
  try {
    const manifest: unknown = JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8"))
    return typeof manifest === "object" && manifest !== null && "version" in manifest ? String(manifest.version) : null
  } catch {
    return null
  }
}

/** Read-only facts about what was measured, for comparing results later. */
const describeEnvironment = (root: string, chromePath: string, runs: number) => {
  const quiet = (command: string, args: string[]): string | null => {
    try {
      return execFileSync(command, args, { cwd: root, encoding: "utf8", timeout: 15_000, stdio: ["ignore", "pipe", "ignore"] }).trim()
    } catch {
      return null
    }
  }
  return {
    date: new Date().toISOString(),
    commit: quiet("git", ["rev-parse", "--short", "HEAD"]),
    node: process.version,
    cpus: cpus().length,
    chromium: quiet(chromePath, ["--version"]),
    lighthouse: packageVersion(root, "lighthouse"),
    runs,
  }
}

const printBuildSpeed = (speed: BuildSpeed) => {
  console.log(heading("Build speed"))
  const rows = [
    ["clean gatsby build (after gatsby clean)", seconds(speed.cleanBuildMs)],
    ["gatsby build after editing one caption", seconds(speed.editRebuildMs)],
    ["gatsby develop, start until Home page data", seconds(speed.developReadyMs)],
    ["gatsby develop, hot reload of the edit", speed.hotReloadMs === null ? "n/a" : `${integer(speed.hotReloadMs)} ms`],
    ["gatsby build after restoring the caption", seconds(speed.restoreRebuildMs)],
  ]
  console.log(table([{ header: "step" }, { header: "time", align: "right" }], rows))
  for (const note of speed.notes) console.log(`note: ${note}`)
}

const printPageJavaScript = (pages: PageJavaScript[]) => {
  console.log(heading("JavaScript per page, from public/ (KiB; br = brotli 11, gz = gzip 9)"))
  const rows = pages.map((page) => [
    page.path,
    kib(page.initial.brotli),
    kib(page.initial.gzip),
    kib(page.initial.raw),
    kib(page.withOnMount.brotli),
    kib(page.withOnMount.gzip),
    String(page.htmlScripts.length + page.componentScripts.length),
    page.onMountScripts.map((file) => file.file.replace(/^\//, "")).join(" ") || "-",
  ])
  console.log(
    table([{ header: "page" }, ...rightAligned("initial br", "gz", "minified", "+on demand br", "gz", "files"), { header: "on-demand chunks" }], rows),
  )
  console.log("initial = <script> tags in the HTML + the page's chunk group (chunk-map.json): what opening the page loads")
  console.log("on demand = chunks its code imports later (e.g. when a visitor starts filling in a form): an upper bound")
}

/** "archivo-black-400-normal-fc847a1f8d3d.woff2" -> "archivo-black-400-normal.woff2", for display. */
const withoutHash = (name: string): string => name.replace(/-[0-9a-f]{16,}(?=\.)/, "")

const printHome = (home: HomeWeight, packages: PackageBytes[]) => {
  console.log(heading("Home first-load weight, from public/ (KiB)"))
  const sum = (files: { bytes: number }[]) => files.reduce((total, file) => total + file.bytes, 0)
  const dataBrotli = home.data.reduce((total, file) => total + file.brotli, 0)
  const dataGzip = home.data.reduce((total, file) => total + file.gzip, 0)
  const rows = [
    ["HTML", `${kib(home.inlineCssRaw)} KiB of it inline CSS (raw)`, kib(home.html.brotli), kib(home.html.gzip)],
    [
      "JavaScript",
      `${home.javascript.htmlScripts.length + home.javascript.componentScripts.length} files on opening`,
      kib(home.javascript.initial.brotli),
      kib(home.javascript.initial.gzip),
    ],
    [
      "JavaScript on demand",
      home.javascript.onMountScripts.map((file) => file.file.replace(/^\//, "")).join(" ") || "-",
      kib(home.javascript.withOnMount.brotli - home.javascript.initial.brotli),
      kib(home.javascript.withOnMount.gzip - home.javascript.initial.gzip),
    ],
    ["Images", home.images.map((image) => image.file.split("/").slice(-2).join("/")).join(" ") || "-", kib(sum(home.images)), kib(sum(home.images))],
    ["Fonts", home.fonts.map((font) => withoutHash(font.file.split("/").pop() ?? "")).join(" ") || "-", kib(sum(home.fonts)), kib(sum(home.fonts))],
    ["Page data JSON", `${home.data.length} files`, kib(dataBrotli), kib(dataGzip)],
    ["Total", "on-demand JavaScript included", kib(home.total.brotli), kib(home.total.gzip)],
  ].map((row) => [row[0], shorten(row[1], 60), row[2], row[3]])
  console.log(table([{ header: "part" }, { header: "detail" }, { header: "br", align: "right" }, { header: "gz", align: "right" }], rows))
  console.log("images and fonts as stored (already compressed); images: the 800w srcset candidate a phone takes")

  console.log(heading("Home JavaScript by package, on opening and on demand (minified bytes, from source maps)"))
  const total = packages.reduce((sumBytes, entry) => sumBytes + entry.bytes, 0)
  console.log(
    table(
      [{ header: "package" }, { header: "KiB", align: "right" }, { header: "share", align: "right" }],
      packages.slice(0, 10).map((entry) => [entry.name, kib(entry.bytes), `${((entry.bytes / total) * 100).toFixed(1)}%`]),
    ),
  )
}

const printLighthouse = (results: RouteResult[], runs: number) => {
  console.log(heading(`Lighthouse medians of ${runs} run${runs === 1 ? "" : "s"} (scores 0-100, times ms, transfer KiB)`))
  const columns = [
    { header: "route" },
    { header: "mode" },
    ...rightAligned("perf", "a11y", "bp", "seo", "FCP", "LCP", "TBT", "CLS", "total", "JS", "img", "reqs", "ok", "CPU index", "slowdown"),
    { header: "target (mobile)" },
  ]
  const rows = results.map(({ route, mode, median: m, samples }) => [
    route,
    mode,
    integer(m?.performance ?? null),
    integer(m?.accessibility ?? null),
    integer(m?.bestPractices ?? null),
    integer(m?.seo ?? null),
    integer(m?.fcpMs ?? null),
    integer(m?.lcpMs ?? null),
    integer(m?.tbtMs ?? null),
    decimal(m?.cls ?? null, 3),
    kib(m?.totalBytes ?? null),
    kib(m?.scriptBytes ?? null),
    kib(m?.imageBytes ?? null),
    integer(m?.requests ?? null),
    `${samples.length}/${runs}`,
    integer(m?.cpuIndex ?? null),
    m?.cpuSlowdown == null ? "-" : `${m.cpuSlowdown}x`,
    mode === "mobile" ? targetVerdict(ROUTES.find(({ name }) => name === route) ?? { lcpTargetMs: PAGE_LCP_TARGET_MS }, m) : "",
  ])
  console.log(table(columns, rows))

  console.log(heading("LCP element (most frequent across runs)"))
  console.log(
    table(
      [{ header: "route" }, { header: "mode" }, { header: "element" }],
      results.map(({ route, mode, median: m }) => [route, mode, shorten(m?.lcpElement ?? null, 90)]),
    ),
  )
  console.log(heading("Where the LCP's time goes (ms, medians; load phases only for an image)"))
  console.log(
    table(
      [{ header: "route" }, { header: "mode" }, ...rightAligned("TTFB", "load delay", "load time", "render delay")],
      results.map(({ route, mode, median: m }) => [route, mode, ...LCP_PHASES.map((phase) => integer(m?.lcpPhases[phase] ?? null))]),
    ),
  )
  console.log("whole reports (network waterfall, LCP request) in bench-results/lighthouse-<route>-<mode>-<run>.json")
  const failures = results.flatMap(({ route, mode, failures: errors }) => errors.map((error) => `${route} ${mode}: ${error}`))
  if (failures.length > 0) console.log(`\nFailed runs (left out of the medians):\n${failures.map((line) => `  ${shorten(line, 200)}`).join("\n")}`)
}

const runAllLighthouse = async (
  baseUrl: string,
  links: PageLinks,
  { routes, runs, mobileCpuSlowdown }: Pick<Options, "routes" | "runs" | "mobileCpuSlowdown">,
  chromePath: string,
  resultsDir: string,
): Promise<RouteResult[]> => {
  const jobs = MODES.flatMap((mode) =>
    routes.map((route) => {
      const result: RouteResult = { route: route.name, mode, runs, failures: [], median: null, samples: [] }
      return { route, result }
    }),
  )
  const results = jobs.map((job) => job.result)
  const total = runs * jobs.length
  let done = 0
  const started = performance.now()
  // Round-robin over routes and modes, so a slow patch on the machine does not hit one route's runs.
  for (let run = 1; run <= runs; run++) {
    for (const { route, result } of jobs) {
      const runStarted = performance.now()
      let summary: string
      try {
        const metrics = await runLighthouse(baseUrl + (await route.path(links)), result.mode, {
          chromePath,
          chromeFlags: CHROMIUM_FLAGS,
          timeoutMs: LIGHTHOUSE_TIMEOUT_MS,
          ignoreStatusCode: route.expectNotFound,
          mobileCpuSlowdown,
          reportFile: join(resultsDir, `lighthouse-${route.name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}-${result.mode}-${run}.json`),
        })
        result.samples.push(metrics)
        summary = `perf ${integer(metrics.performance)}, LCP ${integer(metrics.lcpMs)} ms, TBT ${integer(metrics.tbtMs)} ms, CPU index ${integer(metrics.cpuIndex)}`
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        result.failures.push(message)
        summary = `FAILED: ${shorten(message, 120)}`
      }
      done++
      const elapsed = (performance.now() - started) / 1000
      console.log(
        `[${done}/${total}] ${result.mode.padEnd(7)} ${result.route.padEnd(18)} run ${run}: ${summary} (${seconds(performance.now() - runStarted)}, ${Math.round(elapsed)} s so far)`,
      )
    }
  }
  for (const result of results) result.median = result.samples.length > 0 ? medianMetrics(result.samples) : null
  return results
}

const main = async (): Promise<void> => {
  const options = parseOptions()
  const root = resolve(__dirname, "..", "..")
  process.chdir(root) // serveSite and gatsby run in the current directory
  const publicDir = join(root, "public")
  const resultsDir = join(root, "bench-results")
  mkdirSync(resultsDir, { recursive: true })
  const buildLog = join(resultsDir, "build.log")
  writeFileSync(buildLog, "")
  const chromePath = systemChromePath()
  if (!existsSync(chromePath)) throw new Error(`Chromium not found at ${chromePath}; set CHROME_PATH`)
  const log = (line: string) => console.log(`bench: ${line} (output in ${buildLog})`)
  const environment = describeEnvironment(root, chromePath, options.runs)
  console.log(
    `Block 94 bench: Lighthouse ${environment.lighthouse}, ${environment.chromium}, Node ${environment.node}, ` +
      `${environment.cpus} CPUs, commit ${environment.commit}, ${options.runs} run(s) per route and mode, ` +
      `phones' CPU slowdown ${options.mobileCpuSlowdown === undefined ? "Lighthouse's default" : `${options.mobileCpuSlowdown}x`}`,
  )

  let buildSpeed: BuildSpeed | null = null
  if (options.buildSpeed) {
    buildSpeed = await measureBuildSpeed(root, buildLog, log)
  } else if (options.build) {
    log("gatsby build")
    const ms = await runTimed("npx", ["gatsby", "build"], { cwd: root, logFile: buildLog, timeoutMs: BUILD_TIMEOUT_MS })
    console.log(`bench: built in ${seconds(ms)}`)
  }
  if (!existsSync(join(publicDir, "index.html")) || !existsSync(join(publicDir, "chunk-map.json"))) {
    throw new Error("public/ has no complete build: run without --no-build, or `npm run build` first")
  }
  if (buildSpeed) printBuildSpeed(buildSpeed)

  const pages = allPagesJavaScript(publicDir)
  const home = homeWeight(publicDir)
  const homeFiles = [...home.javascript.htmlScripts, ...home.javascript.componentScripts, ...home.javascript.onMountScripts]
  const packages = packageBytes(
    publicDir,
    homeFiles.map((file) => file.file),
  )
  const largestImage = largestStaticImage(publicDir) ?? null
  printPageJavaScript(pages)
  console.log(heading("Largest image in public/static"))
  console.log(largestImage ? `${largestImage.file}  ${kib(largestImage.bytes)} KiB` : "none")
  printHome(home, packages)

  console.log(heading(`Lighthouse: ${options.runs} run(s) x ${MODES.length} modes x ${options.routes.length} routes`))
  const port = await findFreePort(Number(process.env.BENCH_PORT ?? 9400))
  // Signups get their confirmation emails here (double opt-in), so the bench has real tokens.
  const inbox = await startInbox()
  // With OWNER_TOKEN set, the owner's page opens as its owner sees it: asking for the secret.
  const site = await serveSite(port, {
    SMTP_URL: inbox.url,
    MAIL_FROM: "Block 94 bench <bench@block94.example>",
    OWNER_TOKEN: "bench-owner-secret-0123456789abcdef",
  })
  const stopOnInterrupt = onInterrupt(() => stopSite(site.process))
  let lighthouse: RouteResult[]
  try {
    console.log(`bench: serving public/ at ${site.baseUrl}`)
    const links = await makeTokenLinks(site.baseUrl, inbox)
    const invitation = await invitePath(site.signupsFile, inbox, links.confirmedEmail)
    lighthouse = await runAllLighthouse(site.baseUrl, { ...links, invitePath: invitation }, options, chromePath, resultsDir)
  } finally {
    stopSite(site.process)
    stopOnInterrupt()
    await inbox.close()
  }
  printLighthouse(lighthouse, options.runs)

  const output = join(resultsDir, "lighthouse.json")
  const report = {
    environment,
    buildSpeed,
    bundle: { pages, largestImage, home, homePackages: packages },
    lighthouse,
  }
  writeFileSync(output, `${JSON.stringify(report, null, 2)}\n`)
  console.log(`\nbench: results written to ${output}`)
  if (lighthouse.every((result) => result.samples.length === 0)) throw new Error("every Lighthouse run failed")
}

main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})

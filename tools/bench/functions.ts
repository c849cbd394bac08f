// `npm run bench:functions [-- --build] [--runs 5] [--only signup] [--dir .cache/functions]`:
// what each Gatsby Function costs a new serverless instance. After a build (or with --build,
// which runs one first), it prints for each bundle in .cache/functions/ its bytes, and the time
// and memory to `require` it in a fresh `node` process (the median of --runs processes): the
// Function's share of a cold start, Gatsby's wrapper included. Beside them, the same figures of
// an empty Function that `gatsby build` compiled in a site of its own (tools/bench/empty-function.ts):
// the floor that no Function of ours can go below (`--no-floor` leaves it out).
// Memory is the process's RSS growth (the goal), beside it the heap's plus external memory's
// growth and the whole process's RSS. MB are decimal (1,000,000 bytes).
// Sizes are exact; times and memory vary with the machine's load. Figures never fail the run.
import { execFileSync, spawnSync } from "node:child_process"
import { existsSync, readdirSync, statSync } from "node:fs"
import { join, relative, resolve } from "node:path"
import { parseArgs } from "node:util"
import { emptyFunctionBundle } from "./empty-function"
import { decimal, heading, table, rightAligned } from "./format"

const ROOT = resolve(__dirname, "..", "..")
const FUNCTIONS_DIR = join(ROOT, ".cache", "functions")
/** Decimal megabytes, as the issue counts them (5,863,937 bytes: 5.9 MB). */
const MB = 1_000_000

export const GOALS = { bytes: 1 * MB, requireMs: 60, memoryBytes: 60 * MB } as const

interface RequireCost {
  ms: number
  rss: number
  /** The process's whole RSS once the Function is loaded. */
  rssTotal: number
  heapAndExternal: number
}

/** Every compiled Function (and any chunk beside them) under `dir`, as paths relative to it. */
export const bundles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js") && statSync(join(dir, file)).isFile())
    .sort()

// Run in the child: memory before and after one require, and the time it took.
const CHILD = `
const before = process.memoryUsage()
const started = process.hrtime.bigint()
require(process.argv[1])
const ms = Number(process.hrtime.bigint() - started) / 1e6
const after = process.memoryUsage()
process.stdout.write(JSON.stringify({ ms, rss: after.rss - before.rss, rssTotal: after.rss, heapAndExternal: after.heapUsed + after.external - before.heapUsed - before.external }))
`

/** One `require` of `file` in a new node process (no settings in its environment: nothing is opened at load). */
const requireOnce = (file: string): RequireCost => {
  const child = spawnSync(process.execPath, ["-e", CHILD, file], { cwd: ROOT, encoding: "utf8", env: { PATH: process.env.PATH, NODE_ENV: "production" } })
  if (child.status !== 0) throw new Error(`require ${relative(ROOT, file)} failed:\n${child.stderr}`)
  return JSON.parse(child.stdout) as RequireCost
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

const medianCost = (file: string, runs: number): RequireCost => {
  const costs = Array.from({ length: runs }, () => requireOnce(file))
  const of = (figure: keyof RequireCost) => median(costs.map((cost) => cost[figure]))
  return { ms: of("ms"), rss: of("rss"), rssTotal: of("rssTotal"), heapAndExternal: of("heapAndExternal") }
}

const mb = (bytes: number): string => decimal(bytes / MB, 2)
const met = (ok: boolean): string => (ok ? "yes" : "NO")

const main = () => {
  const { values } = parseArgs({
    options: {
      build: { type: "boolean", default: false },
      dir: { type: "string" },
      runs: { type: "string", default: "5" },
      only: { type: "string" },
      floor: { type: "boolean", default: true },
    },
    allowNegative: true,
  })
  const runs = Math.max(1, Number(values.runs))
  if (values.build) execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" })
  const dir = values.dir ? resolve(values.dir) : FUNCTIONS_DIR
  if (!existsSync(dir)) throw new Error(`No compiled Functions in ${dir}: run \`npm run build\` first (or pass --build).`)

  const rows: string[][] = []
  let worst = { bytes: 0, ms: 0, rss: 0 }
  for (const file of bundles(dir).filter((name) => !values.only || name.includes(values.only))) {
    const path = join(dir, file)
    const bytes = statSync(path).size
    console.error(`bench:functions: ${file}: ${runs} fresh processes`)
    const cost = medianCost(path, runs)
    worst = { bytes: Math.max(worst.bytes, bytes), ms: Math.max(worst.ms, cost.ms), rss: Math.max(worst.rss, cost.rss) }
    const ok = bytes <= GOALS.bytes && cost.ms <= GOALS.requireMs && cost.rss <= GOALS.memoryBytes
    rows.push([file, mb(bytes), decimal(cost.ms, 1), mb(cost.rss), mb(cost.heapAndExternal), mb(cost.rssTotal), met(ok)])
  }

  let floor: string[] | null = null
  if (values.floor) {
    const empty = emptyFunctionBundle()
    const cost = medianCost(empty, runs)
    const bytes = statSync(empty).size
    floor = [mb(bytes), decimal(cost.ms, 1), mb(cost.rss)]
    rows.push([
      "(an empty Function)",
      floor[0],
      floor[1],
      floor[2],
      mb(cost.heapAndExternal),
      mb(cost.rssTotal),
      met(bytes <= GOALS.bytes && cost.ms <= GOALS.requireMs && cost.rss <= GOALS.memoryBytes),
    ])
  }

  console.log(heading(`Gatsby Functions: bundle, and require in a fresh node ${process.version} (median of ${runs})`))
  console.log(
    table([{ header: "Function" }, ...rightAligned("bundle MB", "require ms", "RSS +MB", "heap+ext +MB", "RSS MB"), { header: "all goals met" }], rows),
  )
  console.log(heading("Worst Function against the goals"))
  console.log(
    table(
      [
        { header: "figure" },
        { header: "worst", align: "right" },
        { header: "goal" },
        { header: "met" },
        ...(floor ? [{ header: "an empty Function", align: "right" as const }] : []),
      ],
      [
        ["bundle", `${mb(worst.bytes)} MB`, `<= ${mb(GOALS.bytes)} MB`, met(worst.bytes <= GOALS.bytes), ...(floor ? [`${floor[0]} MB`] : [])],
        ["require time", `${decimal(worst.ms, 1)} ms`, `<= ${GOALS.requireMs} ms`, met(worst.ms <= GOALS.requireMs), ...(floor ? [`${floor[1]} ms`] : [])],
        [
          "require memory (RSS growth)",
          `${mb(worst.rss)} MB`,
          `<= ${mb(GOALS.memoryBytes)} MB`,
          met(worst.rss <= GOALS.memoryBytes),
          ...(floor ? [`${floor[2]} MB`] : []),
        ],
      ],
    ),
  )
  console.log("\nSizes are exact; times and memory are as measured on this machine now, and vary with its load.")
}

if (require.main === module) {
  try {
    main()
  } catch (error) {
    console.error("bench:functions:", error instanceof Error ? error.message : error)
    process.exit(1)
  }
}

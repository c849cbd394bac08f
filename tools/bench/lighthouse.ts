// One Lighthouse run in a fresh headless Chromium, reduced to the figures the bench prints.
import type { Config, Flags, Result } from "lighthouse"
import type { LaunchedChrome } from "chrome-launcher"
import { writeFileSync } from "node:fs"
import { onInterrupt } from "./processes"

export type Mode = "mobile" | "desktop"

export interface RunMetrics {
  /** Category scores, 0-100; null when Lighthouse could not score the category. */
  performance: number | null
  accessibility: number | null
  bestPractices: number | null
  seo: number | null
  fcpMs: number | null
  lcpMs: number | null
  tbtMs: number | null
  cls: number | null
  /** Transfer bytes and request counts, from the resource-summary audit. */
  totalBytes: number | null
  scriptBytes: number | null
  imageBytes: number | null
  requests: number | null
  /** HTML snippet of the LCP element, e.g. `<img alt="..." src="...">`. */
  lcpElement: string | null
  /** Where the LCP's time went (ms): Lighthouse's phases, named as it names them. */
  lcpPhases: LcpPhases
  /** The host's speed as Lighthouse benchmarks it before the run ("CPU/Memory Power"). */
  cpuIndex: number | null
  /** The CPU slowdown the run's simulation applied (Lighthouse's default on phones: 4). */
  cpuSlowdown: number | null
}

/** TTFB, then, for an image, load delay (until its request starts) and load time, then render delay. */
export interface LcpPhases {
  ttfbMs: number | null
  loadDelayMs: number | null
  loadTimeMs: number | null
  renderDelayMs: number | null
}

export const LCP_PHASES = ["ttfbMs", "loadDelayMs", "loadTimeMs", "renderDelayMs"] as const satisfies readonly (keyof LcpPhases)[]

export const NUMERIC_METRICS = [
  "performance",
  "accessibility",
  "bestPractices",
  "seo",
  "fcpMs",
  "lcpMs",
  "tbtMs",
  "cls",
  "totalBytes",
  "scriptBytes",
  "imageBytes",
  "requests",
  "cpuIndex",
  "cpuSlowdown",
] as const satisfies readonly (keyof RunMetrics)[]

export interface RunOptions {
  chromePath: string
  chromeFlags: string[]
  timeoutMs: number
  /** For the 404 route: score the page even though the server answers 404. */
  ignoreStatusCode: boolean
  /** Where to keep the whole report (JSON), for its network waterfall and LCP details; none when absent. */
  reportFile?: string
  /** On phones, this CPU slowdown in place of Lighthouse's default 4x (calibrated to the host, as Lighthouse's throttling docs describe). */
  mobileCpuSlowdown?: number
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

const score = (lhr: Result, id: string): number | null => {
  const value = lhr.categories[id]?.score
  return typeof value === "number" ? Math.round(value * 100) : null
}

const numeric = (lhr: Result, id: string): number | null => {
  const value = lhr.audits[id]?.numericValue
  return typeof value === "number" ? value : null
}

/** Table rows of an audit's details, as plain records. */
const tableItems = (details: unknown): Record<string, unknown>[] => (isRecord(details) && Array.isArray(details.items) ? details.items.filter(isRecord) : [])

const resourceSummary = (lhr: Result, resourceType: string, field: "transferSize" | "requestCount"): number | null => {
  const row = tableItems(lhr.audits["resource-summary"]?.details).find((item) => item.resourceType === resourceType)
  const value = row?.[field]
  return typeof value === "number" ? value : null
}

/**
 * The LCP element's snippet. Lighthouse 12 nests it as a list of tables (element, then LCP
 * phases); older versions have a single table. Either way the first `node` item is the element.
 */
export const lcpElementOf = (lhr: Result): string | null => {
  const details = lhr.audits["largest-contentful-paint-element"]?.details
  const tables = isRecord(details) && details.type === "list" ? tableItems(details) : [details]
  for (const table of tables) {
    for (const item of tableItems(table)) {
      const node = item.node
      if (isRecord(node) && typeof node.snippet === "string") {
        const label = typeof node.nodeLabel === "string" && node.nodeLabel ? ` "${node.nodeLabel}"` : ""
        return `${node.snippet}${label}`
      }
    }
  }
  return null
}

/** Lighthouse's label of each phase in the LCP element audit (12.x: "TTFB", "Load Delay", "Load Time", "Render Delay"). */
const PHASE_LABELS: Record<keyof LcpPhases, RegExp> = {
  ttfbMs: /^ttfb$|time to first byte/i,
  loadDelayMs: /load delay/i,
  loadTimeMs: /load time/i,
  renderDelayMs: /render delay/i,
}

/**
 * The LCP's phases, from the table in the LCP element audit that lists them (a text LCP has only
 * TTFB and render delay: its load phases are left null).
 */
export const lcpPhasesOf = (lhr: Result): LcpPhases => {
  const details = lhr.audits["largest-contentful-paint-element"]?.details
  const tables = isRecord(details) && details.type === "list" ? tableItems(details) : []
  const rows = tables.flatMap((table) => tableItems(table)).filter((item) => typeof item.phase === "string" && typeof item.timing === "number")
  const timing = (label: RegExp): number | null => {
    const row = rows.find((item) => label.test(String(item.phase)))
    return row ? Number(row.timing) : null
  }
  return {
    ttfbMs: timing(PHASE_LABELS.ttfbMs),
    loadDelayMs: timing(PHASE_LABELS.loadDelayMs),
    loadTimeMs: timing(PHASE_LABELS.loadTimeMs),
    renderDelayMs: timing(PHASE_LABELS.renderDelayMs),
  }
}

/** The figures the bench reports, from one Lighthouse result. */
export const extractMetrics = (lhr: Result): RunMetrics => ({
  performance: score(lhr, "performance"),
  accessibility: score(lhr, "accessibility"),
  bestPractices: score(lhr, "best-practices"),
  seo: score(lhr, "seo"),
  fcpMs: numeric(lhr, "first-contentful-paint"),
  lcpMs: numeric(lhr, "largest-contentful-paint"),
  tbtMs: numeric(lhr, "total-blocking-time"),
  cls: numeric(lhr, "cumulative-layout-shift"),
  totalBytes: resourceSummary(lhr, "total", "transferSize"),
  scriptBytes: resourceSummary(lhr, "script", "transferSize"),
  imageBytes: resourceSummary(lhr, "image", "transferSize"),
  requests: resourceSummary(lhr, "total", "requestCount"),
  lcpElement: lcpElementOf(lhr),
  lcpPhases: lcpPhasesOf(lhr),
  cpuIndex: typeof lhr.environment?.benchmarkIndex === "number" ? lhr.environment.benchmarkIndex : null,
  cpuSlowdown: lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? null,
})

export const median = (values: number[]): number | null => {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** The most frequent value (first seen wins a tie). */
const mode = (values: string[]): string | null => {
  const counts = new Map<string, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  let best: string | null = null
  for (const [value, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = value
  return best
}

/** Each metric's median over the runs (metrics vary independently, so not one "median run"). */
export const medianMetrics = (runs: RunMetrics[]): RunMetrics => {
  const pick = (key: (typeof NUMERIC_METRICS)[number]) => median(runs.flatMap((run) => (run[key] === null ? [] : [run[key]])))
  const pickPhase = (phase: keyof LcpPhases) => median(runs.flatMap((run) => (run.lcpPhases[phase] === null ? [] : [run.lcpPhases[phase]])))
  return {
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    fcpMs: pick("fcpMs"),
    lcpMs: pick("lcpMs"),
    tbtMs: pick("tbtMs"),
    cls: pick("cls"),
    totalBytes: pick("totalBytes"),
    scriptBytes: pick("scriptBytes"),
    imageBytes: pick("imageBytes"),
    requests: pick("requests"),
    lcpElement: mode(runs.flatMap((run) => (run.lcpElement === null ? [] : [run.lcpElement]))),
    lcpPhases: {
      ttfbMs: pickPhase("ttfbMs"),
      loadDelayMs: pickPhase("loadDelayMs"),
      loadTimeMs: pickPhase("loadTimeMs"),
      renderDelayMs: pickPhase("renderDelayMs"),
    },
    cpuIndex: pick("cpuIndex"),
    cpuSlowdown: pick("cpuSlowdown"),
  }
}

const withTimeout = async <T>(promise: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Runs Lighthouse once against `url` in a new Chromium (fresh profile, so no cache carries
 * over between runs). Throws when the run fails or takes longer than `timeoutMs`.
 */
export const runLighthouse = async (url: string, mode: Mode, options: RunOptions): Promise<RunMetrics> => {
  // Imported dynamically: both packages are ES modules, and loading them natively keeps tsx's
  // transform (which adds helpers like `__name`) away from the code Lighthouse sends to the page.
  const { default: lighthouse } = await import("lighthouse")
  const chromeLauncher = await import("chrome-launcher")
  const config: Config | undefined = mode === "desktop" ? (await import("lighthouse/core/config/desktop-config.js")).default : undefined
  let chrome: LaunchedChrome | undefined
  let unregister = () => {}
  try {
    // chrome-launcher gives up by itself if Chromium does not answer within ~25 s. Its own
    // Ctrl-C handler would exit the process before the bench stops its server, so ours kills it.
    chrome = await chromeLauncher.launch({
      chromePath: options.chromePath,
      chromeFlags: options.chromeFlags,
      handleSIGINT: false,
    })
    const launched = chrome
    unregister = onInterrupt(() => launched.kill())
    const flags: Flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      ignoreStatusCode: options.ignoreStatusCode,
      ...(mode === "mobile" && options.mobileCpuSlowdown !== undefined ? { throttling: { cpuSlowdownMultiplier: options.mobileCpuSlowdown } } : {}),
    }
    const run = lighthouse(url, flags, config)
    // If the timeout wins, this run's promise rejects later once Chromium is gone; ignore that.
    run.catch(() => undefined)
    const result = await withTimeout(run, options.timeoutMs, `Lighthouse ${mode} ${url}`)
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`)
    const { runtimeError } = result.lhr
    if (runtimeError) throw new Error(`Lighthouse ${runtimeError.code}: ${runtimeError.message}`)
    if (options.reportFile) writeFileSync(options.reportFile, JSON.stringify(result.lhr))
    return extractMetrics(result.lhr)
  } finally {
    chrome?.kill()
    unregister()
  }
}

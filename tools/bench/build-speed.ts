// Build speed: clean build, rebuild after a content edit, and `gatsby develop` hot reload.
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { findFreePort, onInterrupt, runTimed, startLogged, stopGroup, tailOf } from "./processes"

export interface BuildSpeed {
  cleanBuildMs: number
  /** `gatsby build` with a warm cache after one caption changed in content/slides.json. */
  editRebuildMs: number
  /** Whether that rebuild's page data carried the new caption (it should). */
  editRebuildHasCaption: boolean
  /** From starting `gatsby develop` until it serves the Home page data. */
  developReadyMs: number | null
  /** From saving the edit until `gatsby develop` serves page data with the new caption. */
  hotReloadMs: number | null
  /** The build after restoring the caption, which leaves public/ matching the content again. */
  restoreRebuildMs: number
  notes: string[]
}

const SLIDES = "content/slides.json"
const BUILD_TIMEOUT_MS = 10 * 60_000
const DEVELOP_READY_TIMEOUT_MS = 5 * 60_000
const HOT_RELOAD_TIMEOUT_MS = 2 * 60_000

/** The first slide's caption in the text of content/slides.json. */
export const firstCaption = (slidesJson: string): string => {
  const data: unknown = JSON.parse(slidesJson)
  const slides = typeof data === "object" && data !== null && "slides" in data ? data.slides : undefined
  const first: unknown = Array.isArray(slides) ? slides[0] : undefined
  if (typeof first !== "object" || first === null || !("caption" in first) || typeof first.caption !== "string") {
    throw new Error(`${SLIDES} has no first slide with a caption`)
  }
  return first.caption
}

/** content/slides.json with the first caption replaced in place, so only that line changes. */
export const withFirstCaption = (slidesJson: string, caption: string): string => {
  const literal = JSON.stringify(firstCaption(slidesJson))
  if (!slidesJson.includes(literal)) throw new Error(`Cannot find the first caption's text in ${SLIDES}`)
  return slidesJson.replace(literal, () => JSON.stringify(caption))
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls a URL until its body contains `text`; returns false on timeout. */
const waitForText = async (url: string, text: string, timeoutMs: number, intervalMs: number): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(30_000) })
      if (response.ok && (await response.text()).includes(text)) return true
    } catch {
      // not up yet, or busy compiling
    }
    await sleep(intervalMs)
  }
  return false
}

/**
 * Edits the first caption, runs `work`, and puts the file back byte for byte afterwards, also
 * when `work` throws or the bench is interrupted.
 */
const withEditedCaption = async <T>(root: string, caption: string, work: () => Promise<T>): Promise<T> => {
  const path = join(root, SLIDES)
  const original = readFileSync(path, "utf8")
  const restore = () => writeFileSync(path, original)
  const unregister = onInterrupt(restore)
  try {
    writeFileSync(path, withFirstCaption(original, caption))
    return await work()
  } finally {
    restore()
    unregister()
  }
}

/**
 * Starts `gatsby develop`, waits for the Home page data, saves the edit, and polls the page data
 * until it carries the new caption: the data a browser refetches when develop's websocket says
 * the page changed, so this is the wait an editor sees from saving to the page updating.
 */
const measureHotReload = async (
  root: string,
  logFile: string,
  caption: string,
  notes: string[],
): Promise<Pick<BuildSpeed, "developReadyMs" | "hotReloadMs">> => {
  const port = await findFreePort(9500)
  const pageData = `http://127.0.0.1:${port}/page-data/index/page-data.json`
  const original = firstCaption(readFileSync(join(root, SLIDES), "utf8"))
  const started = performance.now()
  const develop = startLogged("npx", ["gatsby", "develop", "--port", String(port), "--host", "127.0.0.1"], root, logFile)
  const unregister = onInterrupt(() => stopGroup(develop, 2000))
  try {
    if (!(await waitForText(pageData, original, DEVELOP_READY_TIMEOUT_MS, 500))) {
      notes.push(`gatsby develop was not ready within ${DEVELOP_READY_TIMEOUT_MS / 1000} s; see ${logFile}`)
      console.error(tailOf(logFile))
      return { developReadyMs: null, hotReloadMs: null }
    }
    const developReadyMs = performance.now() - started
    return await withEditedCaption(root, caption, async () => {
      const saved = performance.now()
      const seen = await waitForText(pageData, caption, HOT_RELOAD_TIMEOUT_MS, 50)
      if (!seen) notes.push(`gatsby develop did not serve the edited caption within ${HOT_RELOAD_TIMEOUT_MS / 1000} s`)
      return { developReadyMs, hotReloadMs: seen ? performance.now() - saved : null }
    })
  } finally {
    await stopGroup(develop)
    unregister()
  }
}

/**
 * Times a clean build, a rebuild after editing one caption, and develop's hot reload of the same
 * edit; then rebuilds with the original content so public/ is right for Lighthouse.
 * Throws only when a build fails; develop trouble is reported in `notes`.
 */
export const measureBuildSpeed = async (root: string, logFile: string, log: (line: string) => void): Promise<BuildSpeed> => {
  const gatsby = (args: string[]) => runTimed("npx", ["gatsby", ...args], { cwd: root, logFile, timeoutMs: BUILD_TIMEOUT_MS })
  const notes: string[] = []
  const stamp = Date.now().toString(36)
  const original = firstCaption(readFileSync(join(root, SLIDES), "utf8"))

  log("gatsby clean")
  await gatsby(["clean"])
  log("clean gatsby build")
  const cleanBuildMs = await gatsby(["build"])

  const buildCaption = `${original} (bench build ${stamp})`
  log("gatsby build after editing one caption")
  const { editRebuildMs, editRebuildHasCaption } = await withEditedCaption(root, buildCaption, async () => ({
    editRebuildMs: await gatsby(["build"]),
    editRebuildHasCaption: readFileSync(join(root, "public/page-data/index/page-data.json"), "utf8").includes(buildCaption),
  }))
  if (!editRebuildHasCaption) notes.push("the rebuild after the edit did not contain the new caption")

  log("gatsby develop hot reload of the same edit")
  const developCaption = `${original} (bench develop ${stamp})`
  const { developReadyMs, hotReloadMs } = await measureHotReload(root, logFile, developCaption, notes)

  log("gatsby build with the original caption")
  const restoreRebuildMs = await gatsby(["build"])
  return { cleanBuildMs, editRebuildMs, editRebuildHasCaption, developReadyMs, hotReloadMs, restoreRebuildMs, notes }
}

/**
 * Source maps are for us, not for visitors: they would publish the site's whole source next to
 * its scripts. After the build they move out of public/ to `.cache/source-maps/` (same relative
 * paths), where the bench reads which packages make up each chunk.
 */
import { mkdirSync, readdirSync, renameSync } from "node:fs"
import { dirname, join, relative } from "node:path"

/** Where a build's source maps are kept, beside public/. */
export const sourceMapsDir = (siteRoot: string): string => join(siteRoot, ".cache", "source-maps")

const mapsIn = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? mapsIn(path) : entry.name.endsWith(".map") ? [path] : []
  })

/** Moves every `*.map` under publicDir to mapsDir; returns how many moved. */
export const moveSourceMaps = (publicDir: string, mapsDir: string): number => {
  const maps = mapsIn(publicDir)
  for (const map of maps) {
    const target = join(mapsDir, relative(publicDir, map))
    mkdirSync(dirname(target), { recursive: true })
    renameSync(map, target)
  }
  return maps.length
}

// Which npm packages make up built JavaScript, from the source maps next to each chunk.
// webpack.stats.json from Gatsby 5 lists no modules, so the maps are the only per-module record.
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { sourceMapsDir } from "../../plugins/post-build/source-maps"

export interface PackageBytes {
  /** npm package name, or a group: "(site code)", "(gatsby runtime)", "(prebuilt package)", "(webpack)", "(unmapped)". */
  name: string
  /** Minified bytes in the chunks attributed to this package. */
  bytes: number
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

/** Decodes one source-map segment (base64 VLQ) into its numeric fields. */
const decodeSegment = (segment: string): number[] => {
  const values: number[] = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = BASE64.indexOf(char)
    value += (digit & 31) << shift
    if (digit & 32) {
      shift += 5
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
  }
  return values
}

/** Who owns a source path like "webpack://site/./node_modules/@scope/pkg/lib/x.js". */
export const ownerOf = (source: string): string => {
  const parts = source.split("node_modules/")
  if (parts.length > 1) {
    const [first, second] = parts[parts.length - 1].split("/")
    return first.startsWith("@") ? `${first}/${second}` : first
  }
  if (source.includes("/.cache/")) return "(gatsby runtime)"
  if (/\/\.\/(src\/|gatsby-)/.test(source)) return "(site code)"
  // A package built with its own source maps names its sources relative to its dist folder
  // (gatsby-plugin-image shows as "../src/components/..."), so the package name is lost.
  if (source.includes("/../")) return "(prebuilt package)"
  if (source.includes("webpack/")) return "(webpack)"
  return "(other)"
}

/**
 * Bytes of one generated file per owning package: each mapped segment runs until the next
 * segment on its line (as source-map-explorer counts). Unmapped code goes to "(unmapped)".
 */
export const packageBytesOfFile = (code: string, sourceMapJson: string): Map<string, number> => {
  const map: unknown = JSON.parse(sourceMapJson)
  const sources = typeof map === "object" && map !== null && "sources" in map && Array.isArray(map.sources) ? map.sources : []
  const mappings = typeof map === "object" && map !== null && "mappings" in map && typeof map.mappings === "string" ? map.mappings : ""
  const owners = sources.map((source) => (typeof source === "string" ? ownerOf(source) : "(unmapped)"))
  const totals = new Map<string, number>()
  const add = (name: string, bytes: number) => {
    if (bytes > 0) totals.set(name, (totals.get(name) ?? 0) + bytes)
  }
  const lines = code.split("\n")
  let sourceIndex = 0 // source indexes are deltas across the whole mappings string
  mappings.split(";").forEach((lineMappings, lineNumber) => {
    const line = lines[lineNumber] ?? ""
    let column = 0 // columns are deltas within a line
    const segments = lineMappings
      .split(",")
      .filter(Boolean)
      .map((segment) => {
        const [columnDelta, sourceDelta] = decodeSegment(segment)
        column += columnDelta
        if (sourceDelta !== undefined) sourceIndex += sourceDelta
        return { column, owner: sourceDelta === undefined ? "(unmapped)" : (owners[sourceIndex] ?? "(unmapped)") }
      })
    if (segments.length === 0) {
      add("(unmapped)", line.length)
      return
    }
    add("(unmapped)", segments[0].column)
    segments.forEach((segment, index) => {
      const end = segments[index + 1]?.column ?? line.length
      add(segment.owner, Math.max(0, end - segment.column))
    })
  })
  return totals
}

/**
 * Package sizes over several chunk files (URL paths under publicDir), largest first. The build
 * keeps their source maps out of public/, in `mapsDir` (see plugins/post-build/source-maps.ts).
 */
export const packageBytes = (publicDir: string, files: string[], mapsDir = sourceMapsDir(join(publicDir, ".."))): PackageBytes[] => {
  const totals = new Map<string, number>()
  for (const file of files) {
    const relativePath = file.replace(/^\/+/, "")
    const code = readFileSync(join(publicDir, relativePath), "utf8")
    const map = join(mapsDir, `${relativePath}.map`)
    const perFile = existsSync(map) ? packageBytesOfFile(code, readFileSync(map, "utf8")) : new Map([["(unmapped)", code.length]])
    for (const [name, bytes] of perFile) totals.set(name, (totals.get(name) ?? 0) + bytes)
  }
  return [...totals]
    .map(([name, bytes]) => ({ name, bytes }))
    .filter((entry) => entry.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes)
}

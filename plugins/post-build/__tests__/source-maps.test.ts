import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { moveSourceMaps, sourceMapsDir } from "../source-maps"

describe("source maps after the build", () => {
  it("leave public/ for the cache, scripts stay, paths are kept", () => {
    const root = mkdtempSync(join(tmpdir(), "block94-maps-"))
    const publicDir = join(root, "public")
    mkdirSync(join(publicDir, "admin"), { recursive: true })
    writeFileSync(join(publicDir, "app-1a2b.js"), "app()")
    writeFileSync(join(publicDir, "app-1a2b.js.map"), '{"version":3}')
    writeFileSync(join(publicDir, "admin", "cms.js.map"), '{"version":3,"file":"cms.js"}')

    expect(moveSourceMaps(publicDir, sourceMapsDir(root))).toBe(2)
    expect(existsSync(join(publicDir, "app-1a2b.js.map"))).toBe(false)
    expect(existsSync(join(publicDir, "admin", "cms.js.map"))).toBe(false)
    expect(readFileSync(join(publicDir, "app-1a2b.js"), "utf8")).toBe("app()")
    expect(readFileSync(join(root, ".cache", "source-maps", "admin", "cms.js.map"), "utf8")).toContain("cms.js")
  })
})

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { hasHoistedStyles } from "../critical-styles"
import { BEFORE_FIRST_PAINT, deferredScriptSources } from "../first-paint-scripts"
import { builtPages, finishPages } from "../finish-pages"
import { FAVICON_FILE, FAVICON_LINK } from "../inline-favicon"

/** The 32 px favicon's bytes, as gatsby-plugin-manifest would write them (any bytes do here). */
const FAVICON = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])

const PAGE =
  `<html lang="en"><head>${FAVICON_LINK}</head><body><div id="___gatsby"><style data-emotion="css 2b">.css-2b{color:red}</style><h1 class="css-2b">Hi</h1></div>` +
  `<script src="/app-3.js" async></script></body></html>`

let publicDir: string
beforeEach(() => {
  publicDir = mkdtempSync(join(tmpdir(), "block94-public-"))
  mkdirSync(join(publicDir, "about"))
  mkdirSync(join(publicDir, "_gatsby", "slices"), { recursive: true })
  writeFileSync(join(publicDir, FAVICON_FILE), FAVICON)
  writeFileSync(join(publicDir, "index.html"), PAGE)
  writeFileSync(join(publicDir, "about", "index.html"), PAGE)
  writeFileSync(join(publicDir, "_gatsby", "slices", "_gatsby-scripts-1.html"), '<script src="/app-3.js" async></script>')
})
afterEach(() => rmSync(publicDir, { recursive: true, force: true }))

describe("finishPages", () => {
  it("finishes every page and leaves Gatsby's slice fragments alone", () => {
    expect(builtPages(publicDir).map((file) => file.slice(publicDir.length))).toEqual(["/about/index.html", "/index.html"])
    expect(finishPages(publicDir)).toEqual([])
    const home = readFileSync(join(publicDir, "index.html"), "utf8")
    expect(hasHoistedStyles(home)).toBe(true)
    expect(deferredScriptSources(home)).toEqual(["/app-3.js"])
    expect(home).toContain(`<html ${BEFORE_FIRST_PAINT}="" lang="en">`)
    expect(home).toContain(`<link rel="icon" href="data:image/png;base64,${FAVICON.toString("base64")}" type="image/png"/>`)
    expect(home).not.toContain(FAVICON_FILE)
    expect(readFileSync(join(publicDir, "_gatsby", "slices", "_gatsby-scripts-1.html"), "utf8")).toContain(" async>")
  })

  it("leaves a page finished by an earlier build as it is (Gatsby keeps unchanged pages' HTML)", () => {
    expect(finishPages(publicDir)).toEqual([])
    const once = readFileSync(join(publicDir, "index.html"), "utf8")
    expect(finishPages(publicDir)).toEqual([])
    expect(readFileSync(join(publicDir, "index.html"), "utf8")).toBe(once)
  })

  it("defers the scripts Gatsby stitched into a finished page again when a build rebuilt no HTML", () => {
    expect(finishPages(publicDir)).toEqual([])
    const finished = readFileSync(join(publicDir, "index.html"), "utf8")
    // Gatsby replaces the scripts slice in every page with its fresh script tags.
    const loader = /<script>\(function\(s\)[\s\S]*?<\/script>/.exec(finished)![0]
    writeFileSync(join(publicDir, "index.html"), finished.replace(loader, '<script src="/app-4.js" async></script>'))
    expect(finishPages(publicDir)).toEqual([])
    const again = readFileSync(join(publicDir, "index.html"), "utf8")
    expect(hasHoistedStyles(again)).toBe(true)
    expect(deferredScriptSources(again)).toEqual(["/app-4.js"])
    expect(again).not.toContain(" async>")
    // Once each: the mark on <html>, the style that reads it, the loader that takes it off.
    expect(again.match(new RegExp(BEFORE_FIRST_PAINT, "g"))).toHaveLength(3)
  })

  it("names a page whose favicon link it cannot find, so no page fetches the icon unnoticed", () => {
    writeFileSync(join(publicDir, "about", "index.html"), PAGE.replace(FAVICON_LINK, '<link rel="icon" href="/favicon.svg"/>'))
    expect(finishPages(publicDir)).toEqual([expect.stringMatching(/^about\/index\.html: no favicon link found/)])
  })

  it("names each page it could not finish, so the build stops", () => {
    writeFileSync(join(publicDir, "about", "index.html"), PAGE.replace('data-emotion="css ', 'data-emotion-renamed="'))
    expect(finishPages(publicDir)).toEqual([expect.stringMatching(/^about\/index\.html: no component styles found/)])
  })
})

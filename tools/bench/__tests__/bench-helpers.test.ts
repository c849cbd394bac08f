// The bench's pure helpers, on a small hand-made public/ folder shaped like Gatsby 5's output.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { firstCaption, withFirstCaption } from "../build-speed"
import {
  allPagesJavaScript,
  chunkFilesFromRuntime,
  imageUrls,
  fontUrls,
  homeWeight,
  htmlScriptUrls,
  largestStaticImage,
  pageJavaScript,
  pickSrcsetCandidate,
} from "../bundle-weights"
import { ownerOf, packageBytesOfFile } from "../js-packages"
import { lcpPhasesOf, median, medianMetrics, type RunMetrics } from "../lighthouse"

const HOME_HTML = `<!DOCTYPE html><html><head>
<style>@font-face{font-family:X;src:url(/static/x-123.woff2) format("woff2"),url(/static/x-123.woff) format("woff")}body{margin:0}</style>
</head><body>
<picture><source type="image/avif" srcSet="/static/a/400.avif 400w,/static/a/800.avif 800w,/static/a/1200.avif 1200w"/>
<img loading="eager" src="/static/a/1200.jpg" srcSet="/static/a/400.jpg 400w,/static/a/1200.jpg 1200w" alt=""/></picture>
<picture><source type="image/avif" data-srcset="/static/b/800.avif 800w"/><img loading="lazy" data-src="/static/b/800.jpg" alt=""/></picture>
<picture><source type="image/avif" srcSet="/static/c/800.avif 800w"/><img loading="lazy" src="/static/c/800.jpg" alt=""/></picture>
<noscript><picture><source type="image/avif" srcSet="/static/b/800.avif 800w"/><img loading="lazy" src="/static/b/800.jpg" alt=""/></picture></noscript>
<img src="/static/logo.png" alt="logo"/>
<img src="data:image/svg+xml;charset=utf-8,%3Csvg%3E" alt=""/>
<script src="/webpack-runtime-1.js" async></script><script src="/framework-2.js" async></script><script src="/app-3.js" async></script>
<script type="application/ld+json">{}</script>
</body></html>`

let publicDir: string

const write = (file: string, content: string | Buffer) => {
  const path = join(publicDir, file)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, content)
}

beforeAll(() => {
  publicDir = mkdtempSync(join(tmpdir(), "bench-public-"))
  write("index.html", HOME_HTML)
  write("about/index.html", HOME_HTML.replace(/<picture>[\s\S]*<\/noscript>/, ""))
  write("webpack-runtime-1.js", 'c.u=function(e){return({245:"component---src-pages-index-tsx"}[e]||e)+"-"+{245:"abc",551:"0f0f0f"}[e]+".js"},c.x=1;')
  write("framework-2.js", "var framework='" + "react ".repeat(500) + "';")
  write("app-3.js", "var app=3;")
  write("component---src-pages-index-tsx-abc.js", "x.push([[245],{1:function(e,t,r){r.e(551).then(r.bind(r,551))}}]);")
  write("component---src-pages-about-tsx-def.js", "var about=1;")
  write("77-shared.js", "var shared=1;")
  write("551-0f0f0f.js", "var lazyHydrate=1;")
  write("551-000000.js", "var fromAnEarlierBuild=1;") // public/ keeps old hashed files
  write(
    "chunk-map.json",
    JSON.stringify({
      app: ["/app-3.js"],
      "component---src-pages-index-tsx": ["/component---src-pages-index-tsx-abc.js"],
      "component---src-pages-about-tsx": ["/77-shared.js", "/component---src-pages-about-tsx-def.js"],
    }),
  )
  write(
    "webpack.stats.json",
    JSON.stringify({
      namedChunkGroups: {
        "component---src-pages-about-tsx": { assets: [{ name: "77-shared.js" }, { name: "component---src-pages-about-tsx-def.js" }] },
      },
    }),
  )
  write("page-data/index/page-data.json", JSON.stringify({ path: "/", componentChunkName: "component---src-pages-index-tsx", staticQueryHashes: ["42"] }))
  write("page-data/about/page-data.json", JSON.stringify({ path: "/about/", componentChunkName: "component---src-pages-about-tsx", staticQueryHashes: [] }))
  write("page-data/sq/d/42.json", JSON.stringify({ data: {} }))
  write("page-data/app-data.json", JSON.stringify({ webpackCompilationHash: "1" }))
  write("static/a/800.avif", Buffer.alloc(800))
  write("static/a/1200.avif", Buffer.alloc(1200))
  write("static/a/1200.jpg", Buffer.alloc(5000))
  write("static/b/800.avif", Buffer.alloc(700))
  write("static/logo.png", Buffer.alloc(300))
  write("static/x-123.woff2", Buffer.alloc(1000))
  write("static/x-123.woff", Buffer.alloc(1500))
})

afterAll(() => rmSync(publicDir, { recursive: true, force: true }))

describe("bundle weights", () => {
  it("reads local script tags only", () => {
    expect(htmlScriptUrls(HOME_HTML)).toEqual(["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"])
  })

  it("counts HTML scripts, the page's chunk group, and the chunks its code imports on demand", () => {
    const home = pageJavaScript(publicDir, "/")
    expect(home.htmlScripts.map((file) => file.file)).toEqual(["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"])
    expect(home.componentScripts.map((file) => file.file)).toEqual(["/component---src-pages-index-tsx-abc.js"])
    expect(home.onMountScripts.map((file) => file.file)).toEqual(["/551-0f0f0f.js"])
    expect(home.withOnMount.raw).toBe(home.initial.raw + home.onMountScripts[0].raw)
    // Repetitive text compresses: brotli and gzip are well under the raw size.
    expect(home.initial.brotli).toBeLessThan(home.initial.raw)
    expect(home.initial.gzip).toBeLessThan(home.initial.raw)

    const about = pageJavaScript(publicDir, "/about/")
    expect(about.componentScripts.map((file) => file.file)).toEqual(["/77-shared.js", "/component---src-pages-about-tsx-def.js"])
    expect(allPagesJavaScript(publicDir).map((page) => page.path)).toEqual(["/", "/about/"])
  })

  it("names chunk files from the webpack runtime", () => {
    const runtime = 'o.u=function(e){return({1:"named"}[e]||e)+"-"+{1:"aa11",22:"bb22"}[e]+".js"}'
    expect(Object.fromEntries(chunkFilesFromRuntime(runtime))).toEqual({ "1": "/named-aa11.js", "22": "/22-bb22.js" })
  })

  it("picks the srcset candidate a slot of the given width takes", () => {
    expect(pickSrcsetCandidate("/a.jpg 400w, /b.jpg 800w, /c.jpg 1200w", 700)).toBe("/b.jpg")
    expect(pickSrcsetCandidate("/a.jpg 400w, /b.jpg 800w", 2000)).toBe("/b.jpg")
    expect(pickSrcsetCandidate("/a.jpg", 800)).toBe("/a.jpg")
  })

  it("finds the images a page loads, lazy ones too, skipping <noscript> copies and data: URLs", () => {
    expect(imageUrls(HOME_HTML, 800)).toEqual(["/static/a/800.avif", "/static/c/800.avif", "/static/logo.png"])
  })

  it("finds the first font of each @font-face", () => {
    expect(fontUrls(HOME_HTML)).toEqual(["/static/x-123.woff2"])
  })

  it("adds up the Home page's first load", () => {
    const home = homeWeight(publicDir)
    expect(home.images).toEqual([
      { file: "/static/a/800.avif", bytes: 800 },
      { file: "/static/logo.png", bytes: 300 },
    ])
    expect(home.fonts).toEqual([{ file: "/static/x-123.woff2", bytes: 1000 }])
    expect(home.data.map((file) => file.file)).toEqual(["/page-data/index/page-data.json", "/page-data/app-data.json", "/page-data/sq/d/42.json"])
    const data = home.data.reduce((sum, file) => sum + file.brotli, 0)
    expect(home.total.brotli).toBe(home.html.brotli + home.javascript.withOnMount.brotli + 800 + 300 + 1000 + data)
    expect(home.inlineCssRaw).toBeGreaterThan(0)
  })

  it("finds the largest image under public/static", () => {
    expect(largestStaticImage(publicDir)).toEqual({ file: "/static/a/1200.jpg", bytes: 5000 })
  })
})

describe("JavaScript by package", () => {
  it("names the package, scoped or not, and groups the rest", () => {
    expect(ownerOf("webpack://site/./node_modules/react-dom/cjs/x.js")).toBe("react-dom")
    expect(ownerOf("webpack://site/./node_modules/a/node_modules/@scope/pkg/index.js")).toBe("@scope/pkg")
    expect(ownerOf("webpack://site/./src/pages/index.tsx")).toBe("(site code)")
    expect(ownerOf("webpack://site/./.cache/loader.js")).toBe("(gatsby runtime)")
  })

  it("splits a generated line between the sources its segments map to", () => {
    // "aaaa" from source 0 (columns 0-3), "bb" from source 1 (columns 4-5).
    const map = JSON.stringify({
      version: 3,
      sources: ["webpack://site/./node_modules/left/index.js", "webpack://site/./src/right.ts"],
      names: [],
      mappings: "AAAA,IC",
    })
    expect(Object.fromEntries(packageBytesOfFile("aaaabb", map))).toEqual({ left: 4, "(site code)": 2 })
  })
})

describe("Lighthouse medians", () => {
  const run = (performance: number, lcpElement: string, cpuIndex: number | null = null): RunMetrics => ({
    performance,
    accessibility: 100,
    bestPractices: null,
    seo: 90,
    fcpMs: performance * 10,
    lcpMs: 1000,
    tbtMs: 0,
    cls: 0,
    totalBytes: 100,
    scriptBytes: 50,
    imageBytes: 10,
    requests: 5,
    lcpElement,
    lcpPhases: { ttfbMs: 100, loadDelayMs: performance, loadTimeMs: null, renderDelayMs: 300 },
    cpuIndex,
    cpuSlowdown: 4,
  })

  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 2, 3])).toBe(2.5)
    expect(median([])).toBeNull()
  })

  it("takes each metric's median and the most frequent LCP element", () => {
    const result = medianMetrics([run(90, "<h1>"), run(70, "<img>"), run(80, "<img>")])
    expect(result.performance).toBe(80)
    expect(result.fcpMs).toBe(800)
    expect(result.bestPractices).toBeNull()
    expect(result.lcpElement).toBe("<img>")
    expect(result.lcpPhases).toEqual({ ttfbMs: 100, loadDelayMs: 80, loadTimeMs: null, renderDelayMs: 300 })
  })

  it("reports the host's median CPU index and the slowdown the runs simulated", () => {
    const result = medianMetrics([run(90, "<h1>", 1800), run(70, "<h1>", 900), run(80, "<h1>", null), run(85, "<h1>", 1200)])
    expect(result.cpuIndex).toBe(1200)
    expect(result.cpuSlowdown).toBe(4)
  })
})

describe("LCP phases", () => {
  const report = (phases: { phase: string; timing: number }[]) =>
    ({
      audits: {
        "largest-contentful-paint-element": {
          details: {
            type: "list",
            items: [
              { type: "table", items: [{ node: { snippet: "<img>" } }] },
              { type: "table", items: phases.map((row) => ({ ...row, percent: "" })) },
            ],
          },
        },
      },
    }) as unknown as Parameters<typeof lcpPhasesOf>[0]

  it("reads an image's four phases by Lighthouse's names", () => {
    const phases = [
      { phase: "TTFB", timing: 600 },
      { phase: "Load Delay", timing: 150 },
      { phase: "Load Time", timing: 200 },
      { phase: "Render Delay", timing: 50 },
    ]
    expect(lcpPhasesOf(report(phases))).toEqual({ ttfbMs: 600, loadDelayMs: 150, loadTimeMs: 200, renderDelayMs: 50 })
  })

  it("leaves a text LCP's load phases empty", () => {
    expect(
      lcpPhasesOf(
        report([
          { phase: "TTFB", timing: 600 },
          { phase: "Render Delay", timing: 400 },
        ]),
      ),
    ).toEqual({
      ttfbMs: 600,
      loadDelayMs: null,
      loadTimeMs: null,
      renderDelayMs: 400,
    })
  })
})

describe("caption edit for the build-speed timing", () => {
  const slides = `{\n  "slides": [\n    {\n      "image": "images/a.jpg",\n      "caption": "First \\"one\\"",\n      "alt": "A"\n    },\n    {\n      "caption": "Second"\n    }\n  ]\n}\n`

  it("changes only the first caption and keeps the formatting", () => {
    const edited = withFirstCaption(slides, "New $& caption")
    expect(firstCaption(edited)).toBe("New $& caption")
    expect(edited.replace('"New $& caption"', '"First \\"one\\""')).toBe(slides)
  })
})

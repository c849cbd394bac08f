/** @jest-environment jsdom */
// In jsdom: the loader this plugin writes into every page is run here as a browser would run it.
import { BEFORE_FIRST_PAINT, deferredScriptSources, firstPaintLoader, LAZY_PICTURES_AFTER_FIRST_PAINT, runScriptsAfterFirstPaint } from "../first-paint-scripts"

const PAGE = `<html><head><title>Block 94</title></head><body><div id="___gatsby">Hi</div><script id="gatsby-script-loader">window.pagePath="/";</script><script src="/webpack-runtime-1.js" async></script><script src="/framework-2.js" async></script><script src="/app-3.js" async></script></body></html>`

describe("runScriptsAfterFirstPaint", () => {
  const rewritten = runScriptsAfterFirstPaint(PAGE)

  it("removes the async script tags and hands their files, in order, to the loader", () => {
    expect(rewritten).not.toContain("async></script>")
    expect(rewritten).toContain(`(["/webpack-runtime-1.js","/framework-2.js","/app-3.js"])`)
    expect(rewritten).not.toContain(`rel="preload"`)
  })

  it("puts one loader where the scripts were and keeps the other inline scripts", () => {
    expect(rewritten.match(/<script>\(function\(s\)/g)).toHaveLength(1)
    expect(rewritten).toContain(`<script id="gatsby-script-loader">window.pagePath="/";</script><script>(function(s)`)
    expect(rewritten).toMatch(/<\/script><\/body><\/html>$/)
  })

  it("marks the page as not yet painted and holds its lazy pictures under that mark, on phones where scripts run", () => {
    expect(rewritten).toContain(`<html ${BEFORE_FIRST_PAINT}=""><head><title>Block 94</title>${LAZY_PICTURES_AFTER_FIRST_PAINT}</head>`)
    // Phones only: wider, the drop's two pieces share the first screen and come with it.
    expect(LAZY_PICTURES_AFTER_FIRST_PAINT).toBe(
      `<style>@media (scripting:enabled) and (width < 40em){html[${BEFORE_FIRST_PAINT}] img[loading=lazy]{display:none}}</style>`,
    )
  })

  it("reads the loader's script list back, for the size budgets", () => {
    expect(deferredScriptSources(rewritten)).toEqual(["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"])
    expect(deferredScriptSources(PAGE)).toEqual([])
  })

  it("refuses a page whose scripts it cannot find, so a change in Gatsby's markup stops the build", () => {
    const plain = "<html><head></head><body><p>Static</p></body></html>"
    expect(() => runScriptsAfterFirstPaint(plain)).toThrow(/no scripts found/)
    const deferInsteadOfAsync = PAGE.replace(/ async>/g, " defer>")
    expect(() => runScriptsAfterFirstPaint(deferInsteadOfAsync)).toThrow(/did Gatsby's script markup change/)
    expect(() => runScriptsAfterFirstPaint(PAGE.replace("</head>", ""))).toThrow(/no <html> or <\/head> found/)
  })
})

describe("the first-paint loader in a browser", () => {
  type PaintCallback = (list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void
  let observers: PaintCallback[]
  let disconnected: number

  class FakePerformanceObserver {
    static supportedEntryTypes = ["paint", "largest-contentful-paint"]
    constructor(callback: PaintCallback) {
      observers.push(callback)
    }
    observe() {}
  }

  const paint = (name: string) =>
    observers.forEach((callback) => callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }, { disconnect: () => (disconnected += 1) }))
  const addedScripts = () => [...document.body.querySelectorAll("script[src]")].map((script) => script.getAttribute("src"))
  const runLoader = () => new Function(firstPaintLoader(["/framework-2.js", "/app-3.js"]))()
  /** One rendered frame and the task after it. */
  const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)))
  const setReadyState = (state: DocumentReadyState) => Object.defineProperty(document, "readyState", { value: state, configurable: true })

  beforeEach(() => {
    observers = []
    disconnected = 0
    document.body.innerHTML = ""
    Object.defineProperty(window, "PerformanceObserver", { value: FakePerformanceObserver, configurable: true, writable: true })
  })
  afterEach(() => setReadyState("complete"))

  it("adds nothing until the first contentful paint, then every script once, in order", async () => {
    runLoader()
    await nextFrame()
    expect(addedScripts()).toEqual([])
    paint("first-paint")
    expect(addedScripts()).toEqual([])
    paint("first-contentful-paint")
    expect(addedScripts()).toEqual(["/framework-2.js", "/app-3.js"])
    expect(disconnected).toBe(1)
    paint("first-contentful-paint")
    await nextFrame()
    expect(addedScripts()).toEqual(["/framework-2.js", "/app-3.js"])
  })

  it("lets the lazy pictures in as it starts the scripts, not before", async () => {
    document.documentElement.setAttribute(BEFORE_FIRST_PAINT, "")
    runLoader()
    await nextFrame()
    expect(document.documentElement.hasAttribute(BEFORE_FIRST_PAINT)).toBe(true)
    paint("first-contentful-paint")
    expect(document.documentElement.hasAttribute(BEFORE_FIRST_PAINT)).toBe(false)
    expect(addedScripts()).toEqual(["/framework-2.js", "/app-3.js"])
  })

  it("after a first paint of part of the page, waits until the whole page is parsed and painted", async () => {
    setReadyState("loading")
    runLoader()
    paint("first-contentful-paint")
    await nextFrame()
    expect(addedScripts()).toEqual([])
    setReadyState("interactive")
    document.dispatchEvent(new Event("DOMContentLoaded"))
    expect(addedScripts()).toEqual([])
    await nextFrame()
    expect(addedScripts()).toEqual(["/framework-2.js", "/app-3.js"])
  })

  it("starts the scripts once the page is painted where the browser has no paint timing", async () => {
    FakePerformanceObserver.supportedEntryTypes = ["resource"]
    runLoader()
    expect(addedScripts()).toEqual([])
    await nextFrame()
    expect(addedScripts()).toEqual(["/framework-2.js", "/app-3.js"])
    FakePerformanceObserver.supportedEntryTypes = ["paint", "largest-contentful-paint"]
  })

  it("starts the scripts once the page is painted where the browser has no PerformanceObserver", async () => {
    Object.defineProperty(window, "PerformanceObserver", { value: undefined, configurable: true, writable: true })
    runLoader()
    await nextFrame()
    expect(addedScripts()).toEqual(["/framework-2.js", "/app-3.js"])
  })
})

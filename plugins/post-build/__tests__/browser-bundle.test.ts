// What the browser build leaves out must never run on this site: each rule is checked against
// the files it is meant for, and against the reason it holds, so a Gatsby or package update
// that changes the reason fails here instead of breaking the site.
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import config from "../../../gatsby-config"
import {
  browserStyleCache,
  leanBrowserBundle,
  PARTYTOWN_BROWSER,
  PROP_TYPES,
  registersServiceWorker,
  SERVICE_WORKER_REGISTRATION,
  SIDE_EFFECT_FREE,
  stubsDir,
} from "../browser-bundle"

const ROOT = resolve(__dirname, "../../..")
const source = (request: string) => readFileSync(require.resolve(request, { paths: [ROOT] }), "utf8")

describe("the lean browser bundle", () => {
  it("treats as side-effect free only the modules named for it", () => {
    const modules = [
      "/site/node_modules/hoist-non-react-statics/dist/hoist-non-react-statics.cjs.js",
      "/site/node_modules/react-is/cjs/react-is.production.min.js",
      "/site/node_modules/gatsby-plugin-manifest/get-manifest-pathname.js",
    ]
    for (const path of modules) expect(path).toMatch(SIDE_EFFECT_FREE)
    for (const path of ["/site/node_modules/gatsby-plugin-manifest/gatsby-browser.js", "/site/node_modules/react-dom/index.js", "/site/src/lib/react-is.ts"]) {
      expect(path).not.toMatch(SIDE_EFFECT_FREE)
    }
  })

  it("leaves out emotion's withTheme helpers, which nothing on the site calls", () => {
    const dist = join(dirname(require.resolve("@emotion/react/package.json", { paths: [ROOT] })), "dist")
    const element = readdirSync(dist).filter((name) => /^emotion-element-\w+\.browser\.esm\.js$/.test(name))
    expect(element).toHaveLength(1)
    const code = readFileSync(join(dist, element[0]), "utf8")
    expect(code.match(/hoistNonReactStatics\(/g)).toHaveLength(1)
    expect(code).toMatch(/hoistNonReactStatics\(WithTheme, Component\)/)
  })

  it("leaves out the localised manifest lookup: the site has one manifest", () => {
    expect(source("gatsby-plugin-manifest/gatsby-browser.js")).toMatch(/if \(__MANIFEST_PLUGIN_HAS_LOCALISATION__\)/)
    const manifest = config.plugins?.find((plugin) => typeof plugin === "object" && plugin.resolve === "gatsby-plugin-manifest")
    expect(manifest).toBeDefined()
    expect((manifest as { options: Record<string, unknown> }).options).not.toHaveProperty("localize")
  })

  it("stubs Partytown's browser half, which works only in gatsby develop", () => {
    const file = require.resolve("gatsby/dist/internal-plugins/partytown/gatsby-browser.js", { paths: [ROOT] })
    expect(file).toMatch(PARTYTOWN_BROWSER)
    expect(readFileSync(file, "utf8")).toMatch(/if \(process\.env\.NODE_ENV !== `development`\) \{\s*return;\s*\}/)
  })

  it("stubs the service worker registration unless a plugin registers a service worker", () => {
    expect("./register-service-worker").toMatch(SERVICE_WORKER_REGISTRATION)
    expect(source("gatsby/cache-dir/production-app.js")).toMatch(
      /if \(apiRunner\(`registerServiceWorker`\)\.filter\(Boolean\)\.length > 0\) \{\s*require\(`\.\/register-service-worker`\)/,
    )
    expect(registersServiceWorker([{ name: "gatsby-plugin-manifest", browserAPIs: ["onRouteUpdate"] }])).toBe(false)
    expect(registersServiceWorker([{ name: "gatsby-plugin-offline", browserAPIs: ["registerServiceWorker", "onServiceWorkerActive"] }])).toBe(true)
    const names = (plugins: ReturnType<typeof leanBrowserBundle>["plugins"]) =>
      plugins.map((plugin) => String((plugin as unknown as { newResource: string }).newResource))
    expect(names(leanBrowserBundle(ROOT, [{ name: "x" }]).plugins)).toEqual([
      join(stubsDir(ROOT), "partytown-browser.js"),
      join(stubsDir(ROOT), "prop-types.js"),
      join(stubsDir(ROOT), "no-service-worker.js"),
    ])
    expect(names(leanBrowserBundle(ROOT, [{ name: "gatsby-plugin-offline", browserAPIs: ["registerServiceWorker"] }]).plugins)).toHaveLength(2)
  })

  it("stubs prop-types, whose validators only preact/debug calls, with one of the same shape", () => {
    expect("prop-types").toMatch(PROP_TYPES)
    expect("prop-types/checkPropTypes").not.toMatch(PROP_TYPES)
    // Preact's compat layer never checks propTypes; its debug build (never shipped) does.
    const preact = dirname(require.resolve("preact/package.json", { paths: [ROOT] }))
    expect(readFileSync(join(preact, "compat", "dist", "compat.module.js"), "utf8")).not.toMatch(/checkPropTypes|propTypes/)
    expect(readFileSync(join(preact, "debug", "src", "debug.js"), "utf8")).toMatch(/checkPropTypes\(/)
    const real = jest.requireActual<Record<string, unknown>>(require.resolve("prop-types", { paths: [ROOT] }))
    const stub = jest.requireActual<Record<string, (() => unknown) & { isRequired?: unknown }>>(join(stubsDir(ROOT), "prop-types.js"))
    expect(Object.keys(stub).sort()).toEqual(Object.keys(real).sort())
    expect(stub.shape()).toBe(stub.string)
    expect(stub.string.isRequired).toBe(stub.string)
  })

  it("has its stand-ins and the browser's style cache where it names them", () => {
    for (const file of ["partytown-browser.js", "prop-types.js", "no-service-worker.js"]) expect(existsSync(join(stubsDir(ROOT), file))).toBe(true)
    expect(existsSync(browserStyleCache(ROOT).resolve.alias["@emotion/cache$"])).toBe(true)
  })
})

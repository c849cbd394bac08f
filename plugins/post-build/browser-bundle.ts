/**
 * What the production browser build leaves out: code that Gatsby or a package brings along but
 * that never runs on this site. Every page downloads it, so every byte here is paid on each
 * first visit. Each entry says why it cannot run; a unit test checks the rules still match the
 * files they are meant for.
 */
import { join } from "node:path"
import { NormalModuleReplacementPlugin } from "webpack"

/** The stand-ins, from the site's root (Gatsby runs its own compiled copy of this plugin). */
export const stubsDir = (siteRoot: string): string => join(siteRoot, "plugins", "post-build", "stubs")

/**
 * Modules that only functions we never call import. Marked free of side effects, webpack drops
 * them with those functions:
 * - hoist-non-react-statics (and its react-is), for emotion's `withTheme`;
 * - gatsby-plugin-manifest's localised manifest lookup, for sites with a manifest per language.
 *   It is CommonJS and requires "gatsby" whole, which kept every export of Gatsby's browser
 *   entry (gatsby-script, Slice, StaticQuery, PageRenderer...) in the bundle.
 */
export const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/](hoist-non-react-statics[\\/]|react-is[\\/]|gatsby-plugin-manifest[\\/]get-manifest-pathname\.js$)/

/**
 * Gatsby's Partytown plugin is always installed; its browser half returns at once outside
 * `gatsby develop`, but its imports (gatsby-script, Partytown's snippet builder) still ship.
 */
export const PARTYTOWN_BROWSER = /[\\/]internal-plugins[\\/]partytown[\\/]gatsby-browser\.js$/

/**
 * prop-types, which gatsby-link and @gatsbyjs/reach-router import to declare propTypes that only
 * preact/debug would check: in production nothing calls them (stubs/prop-types.js).
 */
export const PROP_TYPES = /^prop-types$/

/** Gatsby's service worker registration, required only when a plugin registers a service worker. */
export const SERVICE_WORKER_REGISTRATION = /^\.\/register-service-worker$/

/**
 * emotion's style cache in the browser: ours (src/lib/style-cache.ts) flattens emotion's
 * serialized styles itself instead of shipping stylis, a full CSS preprocessor. Server
 * rendering keeps emotion's own, so the page's HTML and class names do not change.
 */
export const browserStyleCache = (siteRoot: string) => ({
  resolve: { alias: { "@emotion/cache$": join(siteRoot, "src", "lib", "style-cache.ts") } },
})

interface PluginWithApis {
  name: string
  browserAPIs?: string[]
}

/** Whether any plugin asks Gatsby to register a service worker (gatsby-plugin-offline does). */
export const registersServiceWorker = (plugins: PluginWithApis[]): boolean => plugins.some((plugin) => plugin.browserAPIs?.includes("registerServiceWorker"))

/**
 * The smallest code two pages share that gets a chunk of its own. Below it, each page keeps its
 * copy: a visitor opens one token page, not four, and every chunk costs every page an entry in
 * the runtime's map of chunk names and hashes (Gatsby's `shared` group splits from 20 KB of source).
 */
export const MIN_SHARED_CHUNK_BYTES = 40_000

/** The webpack configuration to merge into the production browser build. */
export const leanBrowserBundle = (siteRoot: string, plugins: PluginWithApis[]) => ({
  optimization: { splitChunks: { cacheGroups: { shared: { minSize: MIN_SHARED_CHUNK_BYTES } } } },
  module: { rules: [{ test: SIDE_EFFECT_FREE, sideEffects: false }] },
  plugins: [
    new NormalModuleReplacementPlugin(PARTYTOWN_BROWSER, join(stubsDir(siteRoot), "partytown-browser.js")),
    new NormalModuleReplacementPlugin(PROP_TYPES, join(stubsDir(siteRoot), "prop-types.js")),
    ...(registersServiceWorker(plugins)
      ? []
      : [new NormalModuleReplacementPlugin(SERVICE_WORKER_REGISTRATION, join(stubsDir(siteRoot), "no-service-worker.js"))]),
  ],
})

import type { GatsbyNode } from "gatsby"
import { join } from "node:path"
import { Compilation } from "webpack"
import { browserStyleCache, leanBrowserBundle } from "./browser-bundle"
import { COMPILE_HINT } from "./compile-hint"
import { finishPages, writeHeadersFile, writeRobotsFile } from "./finish-pages"
import { precompress } from "./precompress"
import { moveSourceMaps, sourceMapsDir } from "./source-maps"

/**
 * The browser builds take our own emotion style cache, and the production one leaves out code
 * that never runs here (browser-bundle.ts). Its start-up chunks (`entryOnly`: runtime,
 * framework, app) begin with V8's compile hint, added right after minifying, which would strip
 * the comment, and before source maps are written, so the maps and content hashes stay right.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions, plugins, store }) => {
  const { program, flattenedPlugins } = store.getState()
  if (stage === "develop" || stage === "build-javascript") actions.setWebpackConfig(browserStyleCache(program.directory))
  if (stage !== "build-javascript") return
  const lean = leanBrowserBundle(program.directory, flattenedPlugins)
  actions.setWebpackConfig({
    optimization: lean.optimization,
    module: lean.module,
    plugins: [
      ...lean.plugins,
      plugins.banner({
        banner: COMPILE_HINT,
        raw: true,
        entryOnly: true,
        test: /\.js$/,
        stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
      }),
    ],
  })
}

/**
 * After the build: every page gets its final touches (styles in the head, scripts and lazy
 * pictures after the first paint, the favicon written in), then `_headers` (hashing the final
 * inline scripts), robots.txt, source maps out of public/, and brotli and gzip copies of every
 * compressible file. A page that cannot be finished stops the build: it would ship slower than
 * the site is measured at.
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ graphql, reporter, store }) => {
  const result = await graphql<Queries.RobotsSiteUrlQuery>(`
    query RobotsSiteUrl {
      site {
        siteMetadata {
          siteUrl
        }
      }
    }
  `)
  const siteRoot = store.getState().program.directory
  const publicDir = join(siteRoot, "public")
  const problems = finishPages(publicDir)
  if (problems.length > 0) {
    reporter.panic(`post-build: ${problems.length} built page(s) could not be finished:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`)
  }
  writeHeadersFile(publicDir, process.env.GATSBY_SIGNUP_ENDPOINT ?? "", process.env.CMS_AUTH_URL ?? "")
  writeRobotsFile(publicDir, result.data?.site?.siteMetadata?.siteUrl ?? "")
  reporter.info(`post-build: ${moveSourceMaps(publicDir, sourceMapsDir(siteRoot))} source maps moved out of public/ to .cache/source-maps/`)
  // Last, so the compressed copies match the finished files.
  reporter.info(`post-build: brotli and gzip copies of ${precompress(publicDir)} files`)
}

/** The final touches to every built page, and the files written next to them. */
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join, relative } from "node:path"
import { hasHoistedStyles, hoistComponentStyles } from "./critical-styles"
import { deferredScriptSources, runScriptsAfterFirstPaint } from "./first-paint-scripts"
import { FAVICON_FILE, hasInlineFavicon, inlineFavicon } from "./inline-favicon"
import {
  adminContentSecurityPolicy,
  contentSecurityPolicy,
  headersFile,
  inlineScripts,
  originOf,
  ownerContentSecurityPolicy,
  scriptHash,
} from "./security-headers"

/** Folders of the build that hold no site pages: Gatsby's slice fragments, the editors' web UI. */
const NOT_PAGES = ["_gatsby", "admin"]

/** Every page of the site in `publicDir`. */
export const builtPages = (publicDir: string): string[] => {
  const skipped = NOT_PAGES.map((name) => join(publicDir, name))
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return skipped.includes(path) ? [] : walk(path)
      return entry.name.endsWith(".html") ? [path] : []
    })
  return walk(publicDir)
}

/**
 * One page's final form: component styles in one head tag, scripts (and, on phones, lazy
 * pictures) started after the first paint, the favicon (`favicon`, the PNG) written in. Each
 * touch is made where it is missing: a build that rebuilds no page's HTML (only scripts changed)
 * still stitches Gatsby's script tags into every page again, so a page can come with its styles
 * already in the head and its scripts not yet deferred.
 */
export const finishPage = (html: string, favicon: Buffer): string => {
  const styled = hasHoistedStyles(html) ? html : hoistComponentStyles(html)
  const deferred = deferredScriptSources(styled).length > 0 ? styled : runScriptsAfterFirstPaint(styled)
  return hasInlineFavicon(deferred) ? deferred : inlineFavicon(deferred, favicon)
}

/**
 * Finishes every page in place. Returns one message per page that could not be finished, so
 * the build can stop naming them all instead of shipping pages without their final touches.
 */
export const finishPages = (publicDir: string): string[] => {
  const favicon = readFileSync(join(publicDir, FAVICON_FILE))
  return builtPages(publicDir).flatMap((file) => {
    try {
      writeFileSync(file, finishPage(readFileSync(file, "utf8"), favicon))
      return []
    } catch (error) {
      return [`${relative(publicDir, file)}: ${error instanceof Error ? error.message : String(error)}`]
    }
  })
}

/** `_headers` for static hosts, with a CSP that allows exactly the inline scripts the pages carry. */
export const writeHeadersFile = (publicDir: string, signupEndpoint: string, cmsAuthUrl = ""): void => {
  const hashes = builtPages(publicDir).flatMap((file) => inlineScripts(readFileSync(file, "utf8")).map(scriptHash))
  const signupOrigin = originOf(signupEndpoint)
  const authOrigin = originOf(cmsAuthUrl)
  writeFileSync(
    join(publicDir, "_headers"),
    headersFile(
      contentSecurityPolicy(hashes, signupOrigin ? [signupOrigin] : []),
      adminContentSecurityPolicy(authOrigin ? [authOrigin] : []),
      ownerContentSecurityPolicy(hashes),
    ),
  )
}

/** robots.txt naming the sitemap at the address the site is built for. */
export const writeRobotsFile = (publicDir: string, siteUrl: string): void => {
  writeFileSync(join(publicDir, "robots.txt"), `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap-index.xml\n`)
}

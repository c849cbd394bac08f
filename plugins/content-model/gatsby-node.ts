import type { GatsbyNode } from "gatsby"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import site from "../../content/site.json"
import theme from "../../src/theme"
import { withoutTrailingSlash } from "../../src/signup/site-url"
import { ADMIN_LOGO_URL, writeAdmin } from "./admin"
import { adminLogoSvg, adminStylesheet, type BrandColors } from "./admin-brand"
import { cmsConfig } from "./cms-config"
import { contentCollections, contentTypeDefs, writeGeneratedFiles } from "./generate"
import { formatContentReport, validateContentDir } from "./validation"

/**
 * Before anything else runs: the files generated from the content model are brought up to date,
 * and broken content stops the build with every problem listed for the editor.
 */
export const onPreInit: GatsbyNode["onPreInit"] = ({ reporter, store }) => {
  const siteRoot = store.getState().program.directory
  for (const path of writeGeneratedFiles(siteRoot)) reporter.info(`content model: wrote ${path}`)
  const messages = validateContentDir(join(siteRoot, "content"))
  if (messages.length > 0) reporter.panic(formatContentReport(messages))
}

/**
 * Every content type is declared from the model, not inferred, so the GraphQL schema (and the
 * generated TypeScript types) stay the same whatever an editor writes.
 */
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(contentTypeDefs())
}

/**
 * The editors' web UI at /admin/, for `gatsby develop` (with `npm run cms`) and the build. It saves
 * to the GitHub repository named at build time (`CMS_GITHUB_REPO`, or GitHub Actions'
 * `GITHUB_REPOSITORY`), signing editors in through `CMS_AUTH_URL` (see docs/editing.md, "Editing in the browser"); on this
 * computer it saves through decap-server at `DECAP_SERVER_URL` (set by `npm run cms`).
 */
export const onPostBootstrap: GatsbyNode["onPostBootstrap"] = ({ store }) => {
  const siteRoot = store.getState().program.directory
  const env = process.env
  const config = cmsConfig(
    contentCollections(),
    {
      repo: env.CMS_GITHUB_REPO || env.GITHUB_REPOSITORY || "owner/repository",
      branch: env.CMS_BRANCH || "main",
      authUrl: env.CMS_AUTH_URL || undefined,
      localBackendUrl: env.DECAP_SERVER_URL || undefined,
    },
    withoutTrailingSlash(env.SITE_URL || site.siteUrl),
    ADMIN_LOGO_URL,
  )
  const color = (name: keyof BrandColors) => String(theme.colors?.[name])
  const colors: BrandColors = {
    background: color("background"),
    text: color("text"),
    primary: color("primary"),
    onPrimary: color("onPrimary"),
    subtle: color("subtle"),
    focus: color("focus"),
  }
  writeAdmin(siteRoot, config, {
    title: `${site.brand}: edit the site`,
    // The heading face the site's header sets the brand in (static/fonts, cut to capitals).
    logoSvg: adminLogoSvg(site.brand, readFileSync(join(siteRoot, "static", "fonts", "archivo-black-caps.woff2")), colors),
    stylesheet: adminStylesheet(colors),
  })
}

/** `gatsby develop` serves public/'s files but routes pages itself; the UI's page is no Gatsby page. */
export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = ({ app, store }) => {
  const page = join(store.getState().program.directory, "public", "admin", "index.html")
  app.get(["/admin", "/admin/", "/admin/index.html"], (_request: unknown, response: { sendFile(path: string): void }) => response.sendFile(page))
}

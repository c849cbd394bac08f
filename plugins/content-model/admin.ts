/**
 * The editors' web UI at /admin/: Decap CMS's standalone bundle (it carries its own React),
 * copied from node_modules into the site with its lazily loaded parts, a page that starts it,
 * and its configuration generated from the content model. Nothing is fetched from a CDN.
 */
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"

/** Where the UI lives in the built site. */
export const ADMIN_DIR = "admin"

/** Our script for the UI, run after Decap CMS loads: thumbnails of pictures that load late. */
const IMAGE_THUMBNAILS_SCRIPT = "admin-image-thumbnails.js"
/** The sign-in page's look and the brand's wordmark (admin-brand.ts). */
export const ADMIN_STYLESHEET = "admin.css"
export const ADMIN_LOGO = "logo.svg"
/** Where Decap's configuration finds the logo (`logo_url`). */
export const ADMIN_LOGO_URL = `/${ADMIN_DIR}/${ADMIN_LOGO}`
const BROWSER_SCRIPTS_DIR = join("plugins", "content-model", "browser")

/**
 * The page that loads Decap CMS; `noindex`, and the configuration found by its link (Decap reads
 * only links typed as YAML; JSON is YAML, so config.json is read as it is).
 */
export const adminPage = (title: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title.replace(/[<>&"]/g, "")}</title>
<link rel="icon" href="/favicon-32x32.png" type="image/png">
<link rel="stylesheet" href="${ADMIN_STYLESHEET}">
<link href="config.json" type="text/yaml" rel="cms-config-url">
</head>
<body>
<script src="decap-cms.js"></script>
<script src="${IMAGE_THUMBNAILS_SCRIPT}"></script>
</body>
</html>
`

/** Decap CMS's files: the bundle, the chunks it loads later and its WebAssembly, without source maps. */
const decapFiles = (distDir: string): string[] => readdirSync(distDir).filter((name) => /(^|\.)decap-cms\.js$/.test(name) || name.endsWith(".wasm"))

export interface AdminBrand {
  /** The page's title. */
  title: string
  /** The wordmark (SVG) Decap shows on the sign-in page. */
  logoSvg: string
  /** The sign-in page's look. */
  stylesheet: string
}

/** Writes /admin/ into the site's public/: Decap CMS (from the site's node_modules), its page, `config` and the brand's look. */
export const writeAdmin = (siteRoot: string, config: object, { title, logoSvg, stylesheet }: AdminBrand): void => {
  const adminDir = join(siteRoot, "public", ADMIN_DIR)
  mkdirSync(adminDir, { recursive: true })
  // Resolved from the site, as Node would: the plugin runs from Gatsby's compiled copy.
  const distDir = dirname(createRequire(join(siteRoot, "package.json")).resolve("decap-cms/dist/decap-cms.js"))
  for (const name of decapFiles(distDir)) copyFileSync(join(distDir, name), join(adminDir, name))
  copyFileSync(join(siteRoot, BROWSER_SCRIPTS_DIR, IMAGE_THUMBNAILS_SCRIPT), join(adminDir, IMAGE_THUMBNAILS_SCRIPT))
  writeFileSync(join(adminDir, "index.html"), adminPage(title))
  writeFileSync(join(adminDir, "config.json"), `${JSON.stringify(config, null, 2)}\n`)
  writeFileSync(join(adminDir, ADMIN_LOGO), logoSvg)
  writeFileSync(join(adminDir, ADMIN_STYLESHEET), stylesheet)
}

// Byte weights of a built Gatsby 5 site, read from its public/ folder without a browser.
// Pure apart from reading files, so byte-budget tests can import it.
//
// How Gatsby 5 loads JavaScript on a page:
// - The HTML has <script src> tags for the "app" chunk group (webpack runtime, framework, app).
//   They come from the `_gatsby-scripts` slice, already stitched into each HTML file at build
//   time; public/_gatsby/slices/ keeps a copy, used here only if a page has no script tags.
// - The page's component chunk is not in the HTML: the runtime fetches page-data.json, reads its
//   `componentChunkName`, and loads that chunk group, whose files (the component chunk and any
//   shared chunks) are listed in chunk-map.json and in webpack.stats.json `namedChunkGroups`.
// - Once running, a component chunk may import more chunks: right after mounting (e.g.
//   gatsby-plugin-image's lazy-hydrate helper, which bundles react-dom/server) or when a visitor
//   does something (the signup form's sending code, once they start filling it in). They are
//   found as webpack `x.e(<id>)` calls in the component chunks, without telling when they run,
//   and counted separately as "on demand": an upper bound, not what every visit loads.
import { brotliCompressSync, constants, gzipSync } from "node:zlib"
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { deferredScriptSources } from "../../plugins/post-build/first-paint-scripts"

export interface FileWeight {
  /** Path relative to the public dir, with a leading slash, as the browser requests it. */
  file: string
  raw: number
  gzip: number
  brotli: number
}

/** For files stored compressed already (images, woff2): what goes over the wire is the file. */
export interface FileSize {
  file: string
  bytes: number
}

export interface ByteTotals {
  raw: number
  gzip: number
  brotli: number
}

export interface PageJavaScript {
  /** URL path, e.g. "/", "/about/", "/404.html". */
  path: string
  componentChunkName: string
  /** <script src> files in the HTML. */
  htmlScripts: FileWeight[]
  /** The page's component chunk group (component chunk plus shared chunks). */
  componentScripts: FileWeight[]
  /** Chunks the component chunks import dynamically ("on demand"): on mount or on a visitor's action. */
  onMountScripts: FileWeight[]
  /** HTML scripts plus the component group: what the page needs before it is interactive. */
  initial: ByteTotals
  /** `initial` plus the on-demand chunks: all the JavaScript the page can load. */
  withOnMount: ByteTotals
}

export interface HomeWeight {
  /** The HTML document, which also carries all CSS inline (Gatsby inlines styles.css). */
  html: FileWeight
  /** Bytes of the inline <style> contents, part of `html`. */
  inlineCssRaw: number
  javascript: PageJavaScript
  /** Images the browser fetches at once: <img> not marked loading="lazy", outside <noscript>. */
  images: FileSize[]
  /** Fonts named first in each inline @font-face (woff2), and preloaded fonts. */
  fonts: FileSize[]
  /** page-data.json, app-data.json and static query results the runtime fetches on load. */
  data: FileWeight[]
  /** Sum of everything, text files counted compressed, images and fonts as stored. */
  total: { gzip: number; brotli: number }
}

export interface WeightOptions {
  /**
   * Which srcset candidate to count for responsive images: the smallest at least this wide.
   * 800 matches a phone (Lighthouse mobile: 412 CSS px at 1.75x device pixel ratio).
   */
  imageWidth?: number
}

const IMAGE_EXTENSIONS = /\.(avif|webp|jpe?g|png|gif|svg)$/i

// Brotli at maximum quality and gzip -9: what a static host that pre-compresses would serve.
const compressionCache = new Map<string, FileWeight>()

/** Raw, gzip and brotli sizes of some bytes. */
export const compressedSizes = (bytes: Buffer): ByteTotals => ({
  raw: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  }).length,
})

const absolute = (publicDir: string, file: string): string => join(publicDir, file.replace(/^\/+/, ""))

/** Sizes of one file under publicDir; `file` is a URL path like "/app-123.js". */
export const fileWeight = (publicDir: string, file: string): FileWeight => {
  const path = absolute(publicDir, file)
  const stats = statSync(path)
  // Keyed by size and mtime too, so a rebuild in the same process is not served stale numbers.
  const key = `${path}:${stats.size}:${stats.mtimeMs}`
  const cached = compressionCache.get(key)
  if (cached) return cached
  const weight = { file, ...compressedSizes(readFileSync(path)) }
  compressionCache.set(key, weight)
  return weight
}

const fileSize = (publicDir: string, file: string): FileSize => ({
  file,
  bytes: statSync(absolute(publicDir, file)).size,
})

export const sumWeights = (weights: FileWeight[]): ByteTotals =>
  weights.reduce((sum, weight) => ({ raw: sum.raw + weight.raw, gzip: sum.gzip + weight.gzip, brotli: sum.brotli + weight.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  })

const unique = (items: string[]): string[] => [...new Set(items)]

/** Local URL path of a reference, or undefined for data:, remote and protocol-relative URLs. */
const localPath = (url: string): string | undefined => {
  const trimmed = url.trim().replace(/&amp;/g, "&")
  if (!trimmed.startsWith("/") || trimmed.startsWith("//")) return undefined
  return decodeURI(trimmed.replace(/[?#].*$/, ""))
}

const attribute = (tag: string, name: string): string | undefined => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag)
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined
}

/** Local <script src> URLs in an HTML document, in document order. */
export const htmlScriptUrls = (html: string): string[] =>
  unique(
    [...html.matchAll(/<script\b[^>]*>/gi)]
      .map((match) => attribute(match[0], "src"))
      .concat(deferredScriptSources(html))
      .flatMap((src) => (src === undefined ? [] : (localPath(src) ?? []))),
  )

interface PageDataFile {
  path: string
  componentChunkName: string
  staticQueryHashes: string[]
  pageDataFile: string
}

const findFiles = (dir: string, accept: (name: string) => boolean): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) return findFiles(path, accept)
        return accept(entry.name) ? [path] : []
      })
    : []

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"))

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

const stringArray = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [])

/** Every page in public/page-data (static query results in page-data/sq are not pages). */
export const listPages = (publicDir: string): PageDataFile[] =>
  findFiles(join(publicDir, "page-data"), (name) => name === "page-data.json")
    .flatMap((pageDataPath) => {
      const data = readJson(pageDataPath)
      if (!isRecord(data) || typeof data.path !== "string" || typeof data.componentChunkName !== "string") return []
      return [
        {
          path: data.path,
          componentChunkName: data.componentChunkName,
          staticQueryHashes: stringArray(data.staticQueryHashes),
          pageDataFile: `/${relative(publicDir, pageDataPath).split("\\").join("/")}`,
        },
      ]
    })
    .filter((page) => existsSync(htmlFileOf(publicDir, page.path)))
    .sort((a, b) => a.path.localeCompare(b.path))

/** The HTML file `gatsby build` writes for a page path ("/about/" -> about/index.html). */
export const htmlFileOf = (publicDir: string, pagePath: string): string =>
  pagePath.endsWith(".html") ? absolute(publicDir, pagePath) : join(absolute(publicDir, pagePath), "index.html")

const findPage = (publicDir: string, pagePath: string): PageDataFile => {
  const page = listPages(publicDir).find((candidate) => candidate.path === pagePath)
  if (!page) throw new Error(`No page-data.json for ${pagePath} in ${publicDir}`)
  return page
}

/** JS files of a chunk group, from chunk-map.json and webpack.stats.json (either may be missing). */
export const chunkGroupScripts = (publicDir: string, chunkName: string): string[] => {
  const fromChunkMap = (): string[] => {
    const path = join(publicDir, "chunk-map.json")
    if (!existsSync(path)) return []
    const map = readJson(path)
    return isRecord(map) ? stringArray(map[chunkName]) : []
  }
  const fromStats = (): string[] => {
    const path = join(publicDir, "webpack.stats.json")
    if (!existsSync(path)) return []
    const stats = readJson(path)
    const groups = isRecord(stats) ? stats.namedChunkGroups : undefined
    const group = isRecord(groups) ? groups[chunkName] : undefined
    const assets = isRecord(group) && Array.isArray(group.assets) ? group.assets : []
    // webpack 5 lists assets as { name, size }; older stats as plain names.
    return assets.flatMap((asset) => {
      if (typeof asset === "string") return [`/${asset}`]
      return isRecord(asset) && typeof asset.name === "string" ? [`/${asset.name}`] : []
    })
  }
  return unique([...fromChunkMap(), ...fromStats()].map((file) => `/${file.replace(/^\/+/, "")}`)).filter(
    (file) => file.endsWith(".js") && existsSync(absolute(publicDir, file)),
  )
}

/**
 * Chunk id -> file, from the webpack runtime's `__webpack_require__.u`, which Gatsby 5 compiles to
 * `.u=function(e){return({<id>:"<name>"}[e]||e)+"-"+{<id>:"<hash>"}[e]+".js"}`. public/ keeps
 * files of earlier builds, so the current build's runtime is the only reliable map.
 */
export const chunkFilesFromRuntime = (runtimeCode: string): Map<string, string> => {
  const body = /\.u=function\(\w\)\{return([\s\S]*?)\.js"\}/.exec(runtimeCode)?.[1] ?? ""
  const objects = [...body.matchAll(/\{([^}]*)\}/g)].map((match) => new Map([...match[1].matchAll(/(\d+):"([^"]+)"/g)].map((pair) => [pair[1], pair[2]])))
  const hashes = objects[objects.length - 1] ?? new Map<string, string>()
  const names = objects.length > 1 ? objects[0] : new Map<string, string>()
  return new Map([...hashes].map(([id, hash]) => [id, `/${names.get(id) ?? id}-${hash}.js`]))
}

/**
 * Chunks that a script loads with webpack's `x.e(<id>)`, named by the runtime map, or failing
 * that by the newest `<id>-<hash>.js` in public/.
 */
export const dynamicImports = (publicDir: string, script: string, runtime?: string): string[] => {
  const code = readFileSync(absolute(publicDir, script), "utf8")
  const ids = unique([...code.matchAll(/[\w$]\.e\((\d+)\)/g)].map((match) => match[1]))
  const fromRuntime = runtime ? chunkFilesFromRuntime(readFileSync(absolute(publicDir, runtime), "utf8")) : new Map<string, string>()
  const rootFiles = readdirSync(publicDir)
  const newestById = (id: string): string | undefined =>
    rootFiles
      .filter((name) => new RegExp(`^${id}-[0-9a-f]+\\.js$`).test(name))
      .map((name) => ({ name, mtime: statSync(join(publicDir, name)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime)
      .map(({ name }) => `/${name}`)[0]
  return ids.flatMap((id) => {
    const file = fromRuntime.get(id) ?? newestById(id)
    return file && existsSync(absolute(publicDir, file)) ? [file] : []
  })
}

const sliceScriptUrls = (publicDir: string): string[] =>
  findFiles(join(publicDir, "_gatsby", "slices"), (name) => /^_gatsby-scripts.*\.html$/.test(name)).flatMap((path) =>
    htmlScriptUrls(readFileSync(path, "utf8")),
  )

/** The JavaScript one page loads: HTML scripts, its component chunk group, and on-demand chunks. */
export const pageJavaScript = (publicDir: string, pagePath: string): PageJavaScript => {
  const page = findPage(publicDir, pagePath)
  const html = readFileSync(htmlFileOf(publicDir, page.path), "utf8")
  const htmlScripts = htmlScriptUrls(html).filter((file) => existsSync(absolute(publicDir, file)))
  const fromHtml = htmlScripts.length > 0 ? htmlScripts : sliceScriptUrls(publicDir)
  const component = chunkGroupScripts(publicDir, page.componentChunkName).filter((file) => !fromHtml.includes(file))
  const runtime = fromHtml.find((file) => /\/webpack-runtime-[^/]*\.js$/.test(file))
  const onMount = unique(component.flatMap((file) => dynamicImports(publicDir, file, runtime))).filter(
    (file) => !fromHtml.includes(file) && !component.includes(file),
  )
  const weigh = (files: string[]) => files.map((file) => fileWeight(publicDir, file))
  const htmlWeights = weigh(fromHtml)
  const componentWeights = weigh(component)
  const onMountWeights = weigh(onMount)
  return {
    path: page.path,
    componentChunkName: page.componentChunkName,
    htmlScripts: htmlWeights,
    componentScripts: componentWeights,
    onMountScripts: onMountWeights,
    initial: sumWeights([...htmlWeights, ...componentWeights]),
    withOnMount: sumWeights([...htmlWeights, ...componentWeights, ...onMountWeights]),
  }
}

/** `pageJavaScript` for every page that has an HTML file. */
export const allPagesJavaScript = (publicDir: string): PageJavaScript[] => listPages(publicDir).map((page) => pageJavaScript(publicDir, page.path))

/** The largest image file under public/static (generated image variants and imported assets). */
export const largestStaticImage = (publicDir: string): FileSize | undefined =>
  findFiles(join(publicDir, "static"), (name) => IMAGE_EXTENSIONS.test(name))
    .map((path) => ({ file: `/${relative(publicDir, path).split("\\").join("/")}`, bytes: statSync(path).size }))
    .reduce<FileSize | undefined>((largest, image) => (largest && largest.bytes >= image.bytes ? largest : image), undefined)

interface SrcsetCandidate {
  url: string
  width: number | undefined
}

const parseSrcset = (srcset: string): SrcsetCandidate[] =>
  srcset.split(",").flatMap((part) => {
    const [url, descriptor] = part.trim().split(/\s+/)
    if (!url) return []
    const width = descriptor?.endsWith("w") ? Number.parseInt(descriptor, 10) : undefined
    return [{ url, width }]
  })

/** The candidate a browser would fetch for a slot `imageWidth` device pixels wide. */
export const pickSrcsetCandidate = (srcset: string, imageWidth: number): string | undefined => {
  const candidates = parseSrcset(srcset)
  const sized = candidates.filter((candidate) => candidate.width !== undefined)
  if (sized.length === 0) return candidates[0]?.url
  const byWidth = [...sized].sort((a, b) => (a.width ?? 0) - (b.width ?? 0))
  return (byWidth.find((candidate) => (candidate.width ?? 0) >= imageWidth) ?? byWidth[byWidth.length - 1]).url
}

const imgUrl = (img: string, imageWidth: number): string | undefined => {
  const srcset = attribute(img, "srcset")
  return srcset ? pickSrcsetCandidate(srcset, imageWidth) : attribute(img, "src")
}

const withoutNoscript = (html: string): string => html.replace(/<noscript\b[\s\S]*?<\/noscript>/gi, "")

/**
 * Images a document loads: each <img>, lazy ones included (the site's pictures sit within the
 * browser's lazy-loading distance of the first screen, so a phone fetches them at once).
 * Inside a <picture> the first <source> wins (AVIF, listed first, is what current browsers take).
 */
export const imageUrls = (html: string, imageWidth: number): string[] => {
  const visible = withoutNoscript(html)
  const urls: string[] = []
  // Walk <picture> blocks first, then <img> outside them.
  const outsidePictures = visible.replace(/<picture\b[\s\S]*?<\/picture>/gi, (picture) => {
    const img = /<img\b[^>]*>/i.exec(picture)?.[0]
    if (!img) return ""
    const source = [...picture.matchAll(/<source\b[^>]*>/gi)].map((match) => attribute(match[0], "srcset")).find(Boolean)
    const chosen = source ? pickSrcsetCandidate(source, imageWidth) : imgUrl(img, imageWidth)
    if (chosen) urls.push(chosen)
    return ""
  })
  for (const match of outsidePictures.matchAll(/<img\b[^>]*>/gi)) {
    const url = imgUrl(match[0], imageWidth)
    if (url) urls.push(url)
  }
  for (const match of visible.matchAll(/<link\b[^>]*>/gi)) {
    if (attribute(match[0], "rel") === "preload" && attribute(match[0], "as") === "image") {
      const href = attribute(match[0], "href")
      if (href) urls.push(href)
    }
  }
  return unique(urls.flatMap((url) => localPath(url) ?? []))
}

/** Contents of the inline <style> elements. */
export const inlineCss = (html: string): string => [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]).join("\n")

/**
 * Fonts a document asks for: the first url() of each inline @font-face (browsers take the
 * first format they support, woff2), plus <link rel="preload" as="font">. Browsers skip faces
 * no text uses, so this is an upper bound.
 */
export const fontUrls = (html: string): string[] => {
  const fromCss = [...inlineCss(html).matchAll(/@font-face\s*\{([^}]*)\}/gi)].flatMap((match) => {
    const first = /url\(\s*["']?([^"')]+)["']?\s*\)/i.exec(match[1])?.[1]
    return first ? [first] : []
  })
  const preloaded = [...html.matchAll(/<link\b[^>]*>/gi)].flatMap((match) =>
    attribute(match[0], "rel") === "preload" && attribute(match[0], "as") === "font" ? [attribute(match[0], "href") ?? ""] : [],
  )
  return unique([...fromCss, ...preloaded].flatMap((url) => localPath(url) ?? []))
}

const existing = (publicDir: string, files: string[]): string[] => files.filter((file) => existsSync(absolute(publicDir, file)))

/** Everything the Home page downloads on first load, by kind, with totals. */
export const homeWeight = (publicDir: string, options: WeightOptions = {}): HomeWeight => {
  const imageWidth = options.imageWidth ?? 800
  const page = findPage(publicDir, "/")
  const htmlText = readFileSync(htmlFileOf(publicDir, "/"), "utf8")
  const html = fileWeight(publicDir, "/index.html")
  const javascript = pageJavaScript(publicDir, "/")
  const images = existing(publicDir, imageUrls(htmlText, imageWidth)).map((file) => fileSize(publicDir, file))
  const fonts = existing(publicDir, fontUrls(htmlText)).map((file) => fileSize(publicDir, file))
  const dataFiles = existing(publicDir, [
    page.pageDataFile,
    "/page-data/app-data.json",
    ...page.staticQueryHashes.map((hash) => `/page-data/sq/d/${hash}.json`),
  ])
  const data = dataFiles.map((file) => fileWeight(publicDir, file))
  const stored = [...images, ...fonts].reduce((sum, file) => sum + file.bytes, 0)
  const text = sumWeights([html, ...data])
  return {
    html,
    inlineCssRaw: Buffer.byteLength(inlineCss(htmlText)),
    javascript,
    images,
    fonts,
    data,
    total: {
      gzip: text.gzip + javascript.withOnMount.gzip + stored,
      brotli: text.brotli + javascript.withOnMount.brotli + stored,
    },
  }
}

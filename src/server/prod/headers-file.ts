/**
 * The `_headers` file the build writes for static hosts (security headers, CSP, caching), read
 * back so the production server sends exactly the same headers: one source for both.
 */

export interface HeaderRule {
  /** A path pattern; `*` matches anything, slashes included (as Netlify and Cloudflare read it). */
  pattern: string
  headers: Record<string, string>
  /** Headers earlier rules set that this one removes ("! Name" lines, as Cloudflare reads them). */
  detach: string[]
}

const DETACH = /^!\s*/

/** The rules in a `_headers` text, in file order. */
export const parseHeadersFile = (text: string): HeaderRule[] =>
  text
    .split(/\n\s*\n/)
    .map((block) => block.split("\n").filter((line) => line.trim() !== ""))
    .filter((lines) => lines.length > 0 && !lines[0].startsWith(" "))
    .map(([pattern, ...lines]) => {
      const entries = lines.map((line) => line.trim())
      return {
        pattern: pattern.trim(),
        headers: Object.fromEntries(
          entries
            .filter((line) => !DETACH.test(line))
            .map((line) => {
              const colon = line.indexOf(":")
              return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()]
            }),
        ),
        detach: entries.filter((line) => DETACH.test(line)).map((line) => line.replace(DETACH, "")),
      }
    })

/**
 * A request path as the file server resolves it: percent-encoding decoded, `\` read as `/`,
 * repeated slashes and dot segments resolved. Header rules match this, so another spelling of
 * a path (`/%6fwner/`, `//owner/`, `/x/../owner/`) gets the headers of the file it serves.
 */
export const normalisePath = (path: string): string => {
  // Most paths are plain: no decoding or splitting on the busy path.
  if (!/%|\\|\/\/|\/\.\.?(\/|$)/.test(path)) return path
  let decoded = path
  try {
    decoded = decodeURIComponent(path)
  } catch {
    // Malformed percent-encoding: the file server finds nothing for it either.
  }
  const segments: string[] = []
  const parts = decoded.replace(/\\/g, "/").split("/")
  for (const segment of parts.slice(1)) {
    if (segment === "..") segments.pop()
    else if (segment !== "." && segment !== "") segments.push(segment)
  }
  const trailing = parts.length > 1 && ["", ".", ".."].includes(parts[parts.length - 1]) && segments.length > 0
  return `/${segments.join("/")}${trailing ? "/" : ""}`
}

const patternToRegExp = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  )

/** The headers for a path: every matching rule in file order, later ones overriding or detaching earlier ones. */
export const headersForPath = (rules: readonly HeaderRule[]): ((path: string) => Record<string, string>) => {
  const compiled = rules.map((rule) => ({ matches: patternToRegExp(rule.pattern), headers: rule.headers, detach: rule.detach }))
  const cache = new Map<string, Record<string, string>>()
  return (path) => {
    let headers = cache.get(path)
    if (!headers) {
      const found: Record<string, string> = {}
      for (const rule of compiled.filter(({ matches }) => matches.test(path))) {
        for (const name of rule.detach) delete found[name]
        Object.assign(found, rule.headers)
      }
      headers = found
      if (cache.size < 10_000) cache.set(path, headers)
    }
    return headers
  }
}

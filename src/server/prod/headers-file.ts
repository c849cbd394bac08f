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

const patternToRegExp = (pattern: string): RegExp =>
  new RegExp(`^${pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`)

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

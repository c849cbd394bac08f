/**
 * emotion's style cache for the browser build, in place of `@emotion/cache` (webpack alias in
 * plugins/post-build/browser-bundle.ts; server rendering and the unit tests keep emotion's own).
 *
 * The cache turns the nested CSS text emotion serializes from an `sx` object
 * (`color:red;&:hover{color:blue;}@media ...{...}`) into rules and inserts them. emotion's own
 * does that with stylis, a whole CSS preprocessor with vendor prefixes for old browsers, about
 * a fifth of the site's start-up JavaScript. The text it gets is never arbitrary CSS, only what
 * emotion writes from style objects, so `compileRules` flattens it in a few lines, rule for rule
 * as stylis does (a unit test holds them to the same output). Rules rendered on the server are
 * found by the names in their tag's `data-emotion`, as emotion finds them, and never inserted
 * again; new ones (another page's, a changed state's) go into one tag after them.
 */

interface SheetOptions {
  key: string
  nonce?: string
  container?: Node
  speedy?: boolean
  prepend?: boolean
  insertionPoint?: HTMLElement
}

/** The part of @emotion/sheet's `StyleSheet` that @emotion/react uses (its `Global` makes sheets of its own). */
export class StyleSheet {
  key: string
  nonce?: string
  container: Node
  isSpeedy = true
  ctr = 0
  tags: HTMLStyleElement[] = []
  before: Element | null = null

  constructor({ key, nonce, container }: SheetOptions) {
    this.key = key
    this.nonce = nonce
    this.container = container ?? document.head
  }

  private place(tag: HTMLStyleElement): void {
    const before = this.tags.length === 0 ? this.before : (this.tags[this.tags.length - 1].nextSibling as Element | null)
    this.container.insertBefore(tag, before)
    this.tags.push(tag)
  }

  hydrate(nodes: HTMLStyleElement[]): void {
    nodes.forEach((node) => this.place(node))
  }

  insert(rule: string): void {
    if (this.tags.length === 0) {
      const tag = document.createElement("style")
      tag.setAttribute("data-emotion", this.key)
      if (this.nonce !== undefined) tag.setAttribute("nonce", this.nonce)
      this.place(tag)
    }
    const sheet = this.tags[this.tags.length - 1].sheet
    try {
      // A rule the browser does not understand is left out, as emotion's own sheet does.
      sheet?.insertRule(rule, sheet.cssRules.length)
    } catch {
      // ignored
    }
    this.ctr++
  }

  flush(): void {
    this.tags.forEach((tag) => tag.parentNode?.removeChild(tag))
    this.tags = []
    this.ctr = 0
  }
}

/** Where `text` has `char` at the top level: not in quotes, parentheses, brackets or braces. */
const topLevelIndexes = (text: string, chars: string): number[] => {
  const found: number[] = []
  let depth = 0
  let quote = ""
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quote) {
      if (char === "\\") i++
      else if (char === quote) quote = ""
    } else if (char === '"' || char === "'") quote = char
    else if (char === "(" || char === "[" || char === "{") {
      if (depth === 0 && chars.includes(char)) found.push(i)
      depth++
    } else if (char === ")" || char === "]" || char === "}") {
      depth--
      if (depth === 0 && chars.includes(char)) found.push(i)
    } else if (depth === 0 && chars.includes(char)) found.push(i)
  }
  return found
}

type Item = { declaration: string } | { prelude: string; body: string }

/** A block's body as its declarations and nested blocks, in order. */
const parseBlock = (body: string): Item[] => {
  const items: Item[] = []
  let start = 0
  let open = -1
  for (const index of topLevelIndexes(body, ";{}")) {
    const char = body[index]
    if (char === "{") open = index
    else if (char === "}") {
      if (open >= 0) items.push({ prelude: body.slice(start, open).trim(), body: body.slice(open + 1, index) })
      open = -1
      start = index + 1
    } else {
      const declaration = body.slice(start, index).trim()
      if (declaration) items.push({ declaration })
      start = index + 1
    }
  }
  const rest = body.slice(start).trim()
  if (rest) items.push({ declaration: rest })
  return items
}

/** Splits a selector list at its top-level commas. */
const selectorList = (selector: string): string[] => {
  const parts: string[] = []
  let start = 0
  for (const index of topLevelIndexes(selector, ",")) {
    parts.push(selector.slice(start, index).trim())
    start = index + 1
  }
  parts.push(selector.slice(start).trim())
  return parts.filter(Boolean)
}

/**
 * A nested selector under its parents, as emotion reads it: `&` is the parent, a pseudo-class
 * or pseudo-element (`:hover`, `::placeholder`) attaches to it, anything else is a descendant.
 */
const nestSelectors = (parents: string[], selector: string): string[] =>
  selectorList(selector).flatMap((part) =>
    parents.length === 0
      ? [part]
      : parents.map((parent) => (part.includes("&") ? part.replace(/&/g, parent) : part.startsWith(":") ? `${parent}${part}` : `${parent} ${part}`)),
  )

/** Conditional group rules, whose blocks hold rules for the same selectors. */
const GROUPING_RULE = /^@(media|supports|container|layer|document)\b/

const compileBlock = (selectors: string[], body: string, out: string[]): void => {
  const declarations: string[] = []
  const nested: string[] = []
  for (const item of parseBlock(body)) {
    if ("declaration" in item) {
      // emotion's labels name a style in development; they are no CSS.
      if (item.declaration.includes(":") && !/^label\s*:/.test(item.declaration)) declarations.push(item.declaration)
    } else if (item.prelude.startsWith("@")) {
      if (GROUPING_RULE.test(item.prelude)) {
        const inner: string[] = []
        compileBlock(selectors, item.body, inner)
        if (inner.length > 0) nested.push(`${item.prelude}{${inner.join("")}}`)
      } else {
        nested.push(`${item.prelude}{${item.body}}`)
      }
    } else {
      compileBlock(nestSelectors(selectors, item.prelude), item.body, nested)
    }
  }
  // A block's own declarations make one rule, before its nested rules (as stylis orders them).
  if (declarations.length > 0 && selectors.length > 0) out.push(`${selectors.join(",")}{${declarations.join(";")};}`)
  out.push(...nested)
}

/**
 * The rules for `styles` (emotion's serialized text) under `selector` (a class, or "" for
 * global styles, whose text names its own selectors), each one a top-level rule.
 */
export const compileRules = (selector: string, styles: string): string[] => {
  const out: string[] = []
  compileBlock(selector ? [selector] : [], styles, out)
  return out
}

interface SerializedStyles {
  name: string
  styles: string
}

/** `createCache` as @emotion/react calls it, with what @emotion/react reads of the cache. */
const createCache = ({ key, nonce, container }: SheetOptions) => {
  const inserted: Record<string, true | string> = {}
  const root = container ?? document.head
  // Style tags left where they were rendered (not moved into the head by the build) go to
  // the head, so hydration finds only the page's own elements, as emotion's cache does.
  document.querySelectorAll<HTMLStyleElement>(`style[data-emotion]:not([data-s])`).forEach((node) => {
    if (!node.getAttribute("data-emotion")?.includes(" ")) return
    document.head.appendChild(node)
    node.setAttribute("data-s", "")
  })
  // What the server rendered: the names after the key in each tag's `data-emotion`.
  document.querySelectorAll<HTMLStyleElement>(`style[data-emotion^="${key} "]`).forEach((node) => {
    for (const name of node.getAttribute("data-emotion")!.split(" ").slice(1)) inserted[name] = true
  })
  const sheet = new StyleSheet({ key, nonce, container: root })
  return {
    key,
    nonce,
    sheet,
    inserted,
    registered: {} as Record<string, string>,
    insert(selector: string, serialized: SerializedStyles, target: StyleSheet, shouldCache: boolean): void {
      for (const rule of compileRules(selector, serialized.styles)) target.insert(rule)
      if (shouldCache) inserted[serialized.name] = true
    },
  }
}

export default createCache

import { css, type Theme, type ThemeUIStyleObject } from "theme-ui"

/** CSS properties that take a bare number (as emotion's list of unitless properties has them). */
const UNITLESS = new Set(["lineHeight", "fontWeight", "opacity", "zIndex", "flex", "flexGrow", "flexShrink", "order"])

type Styles = { [key: string]: string | number | null | undefined | false | Styles }

/** `WebkitFontSmoothing` -> `-webkit-font-smoothing`. */
const propertyName = (name: string): string =>
  name.replace(/^(Webkit|Moz|ms)(?=[A-Z])/, (prefix) => `-${prefix.toLowerCase()}`).replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

const propertyValue = (name: string, value: string | number): string =>
  typeof value === "number" && value !== 0 && !UNITLESS.has(name) ? `${value}px` : String(value)

/** A nested selector under its parent, as emotion reads them: `&` is the parent, `:x` attaches to it. */
const nestedSelector = (parent: string, key: string): string =>
  key
    .split(",")
    .map((part) => part.trim())
    .flatMap((part) =>
      parent.split(",").map((outer) => (part.includes("&") ? part.replace(/&/g, outer) : part.startsWith(":") ? `${outer}${part}` : `${outer} ${part}`)),
    )
    .join(",")

/** Rules for one selector: its declarations first, then its nested rules and media queries in order. */
const rules = (selector: string, styles: Styles): string[] => {
  const declarations: string[] = []
  const nested: string[] = []
  for (const [key, value] of Object.entries(styles)) {
    if (value !== null && typeof value === "object") {
      if (key.startsWith("@")) nested.push(`${key}{${rules(selector, value).join("")}}`)
      else nested.push(...rules(selector ? nestedSelector(selector, key) : key, value))
    } else if (value !== undefined && value !== null && value !== false) {
      declarations.push(`${propertyName(key)}:${propertyValue(key, value)}`)
    }
  }
  return [...(declarations.length > 0 ? [`${selector}{${declarations.join(";")}}`] : []), ...nested]
}

/** Style objects (theme values already resolved) as a stylesheet. */
export const stylesheet = (styles: Styles): string => rules("", styles).join("")

/**
 * The page root's styles as a plain stylesheet, for the head of every built page, as theme-ui's
 * provider would put them (border-box sizing, `root` on <html>): the base of the page, needed
 * before anything paints and never changed by the browser code, so it is written once at
 * build time instead of being computed and inserted by JavaScript.
 */
export const rootStylesheet = (theme: Theme, root: ThemeUIStyleObject): string =>
  stylesheet(css({ "*": { boxSizing: "border-box" }, html: root, body: { margin: 0 } })(theme) as Styles)

/** @jest-environment node */
// In Node: emotion's server rendering, as the build runs it, is what these styles are checked against.
import createEmotionCache from "@emotion/cache"
import { serializeStyles } from "@emotion/serialize"
import { css } from "theme-ui"
import theme, { rootStyles } from "../../theme"
import { rootStylesheet, stylesheet } from "../root-styles"

const emotionCache = createEmotionCache({ key: "css", stylisPlugins: [] })
/** What emotion would write for the same styles as a global style (no vendor prefixes). */
const emotionGlobal = (styles: object) =>
  String(emotionCache.insert("", { name: "g", styles: serializeStyles([styles as never]).styles, next: undefined }, emotionCache.sheet, false))

const normalise = (rules: string) => rules.replace(/\s*([,>{}])\s*/g, "$1").replace(/;}/g, "}")

describe("the root stylesheet", () => {
  it("is what theme-ui's provider wrote for the page root, as plain CSS", () => {
    const root = css({ "*": { boxSizing: "border-box" }, html: rootStyles, body: { margin: 0 } })(theme)
    expect(normalise(rootStylesheet(theme, rootStyles))).toBe(normalise(emotionGlobal(root)))
  })

  it("carries the theme's colours and type, and the reduced-motion scroll", () => {
    const sheet = rootStylesheet(theme, rootStyles)
    expect(sheet).toContain(`color:${String(theme.colors?.text)}`)
    expect(sheet).toContain(`background-color:${String(theme.colors?.background)}`)
    expect(sheet).toContain("font-size:16px;line-height:1.6")
    expect(sheet).toContain("@media (prefers-reduced-motion: reduce){html{scroll-behavior:auto}}")
    expect(sheet).toContain("-webkit-font-smoothing:antialiased")
  })

  it("nests selectors as emotion does: & for the parent, pseudo-elements attached, others as descendants", () => {
    expect(stylesheet({ a: { color: "red", "&:hover": { color: "blue" }, "::selection": { color: "x" }, "b, c": { margin: 0, zIndex: 2 } } })).toBe(
      "a{color:red}a:hover{color:blue}a::selection{color:x}a b,a c{margin:0;z-index:2}",
    )
  })
})

/** @jest-environment node */
// In Node: emotion's own cache, as the build runs it, is the yardstick.
// The browser's style cache compiles emotion's serialized styles rule for rule as emotion's
// own cache does with stylis (vendor prefixes aside): checked on every style in the theme, on
// the shapes the site's `sx` objects take, and on random nested style objects.
import createEmotionCache from "@emotion/cache"
import { serializeStyles } from "@emotion/serialize"
import fc from "fast-check"
import { css, type ThemeUIStyleObject } from "theme-ui"
import theme from "../../theme"
import { compileRules } from "../style-cache"

/** emotion's cache on the server returns the rules it would insert; no prefixer, as in ours. */
const emotionCache = createEmotionCache({ key: "css", stylisPlugins: [] })

const emotionRules = (selector: string, styles: string): string =>
  String(emotionCache.insert(selector, { name: `t${Math.random()}`, styles, next: undefined }, emotionCache.sheet, false) ?? "")

/** Whitespace stylis drops (after commas, around combinators) and a rule's last semicolon. */
const normalise = (rules: string): string =>
  rules
    .replace(/\s*([,>+~{}])\s*/g, "$1")
    .replace(/;}/g, "}")
    .replace(/\s+/g, " ")

const expectSameRules = (selector: string, styles: string) =>
  expect(normalise(compileRules(selector, styles).join(""))).toBe(normalise(emotionRules(selector, styles)))

const serialized = (style: ThemeUIStyleObject): string => serializeStyles([css(style)(theme) as never]).styles

describe("compileRules", () => {
  it("compiles every style in the theme as emotion does", () => {
    const variants = ["buttons", "links", "forms", "text", "layout"] as const
    const styles = variants.flatMap((group) => Object.keys(theme[group] ?? {}).map((name) => ({ variant: `${group}.${name}` })))
    expect(styles.length).toBeGreaterThan(15)
    for (const style of styles) expectSameRules(".css-a1", serialized(style))
  })

  it("compiles the shapes of the site's sx: responsive values, states, descendants, media queries", () => {
    const cases: ThemeUIStyleObject[] = [
      { display: ["none", "flex"], gap: [3, 4], flexDirection: ["column", "row"], position: ["absolute", "static"] },
      { color: "text", "&:hover": { color: "primary" }, '&[aria-current="page"]': { color: "primary", borderBottomColor: "primary" } },
      { "&:hover .carousel-arrow, &:focus-within .carousel-arrow": { opacity: 1 }, "@media (hover: none)": { ".carousel-arrow": { opacity: 1 } } },
      { "&::before": { content: '""', position: "absolute", inset: 0 }, "&:hover::before": { bg: "overlay" } },
      { fontFamily: "heading", WebkitTextStroke: "3px rgba(255,61,127,0.45)", userSelect: "none", transform: ["none", "translateY(-50%)"] },
      { "@media (prefers-reduced-motion: reduce)": { transition: "none", "&:hover:not(:disabled)": { transform: "none" } } },
      { backgroundImage: 'url("data:image/svg+xml;utf8,<svg xmlns=%22http://www.w3.org/2000/svg%22>{}</svg>")', width: "calc(100% - 32px)" },
      { "> *": { m: 0 }, "* + p": { mt: 3 }, "&:not(:last-child, .x)": { mb: 2 } },
      { "&::placeholder": { color: "subtle", opacity: 1 }, '&[aria-invalid="true"]': { borderColor: "secondary" } },
    ]
    for (const style of cases) expectSameRules(".css-b2", serialized(style))
  })

  it("compiles global styles, which name their own selectors", () => {
    const global = serializeStyles([
      {
        ":root": { "--toastify-color-success": "#d4ff3a" },
        ".Toastify__toast": { borderRadius: 12, "&:hover": { opacity: 1 } },
        "@media (min-width: 40em)": { body: { margin: 0 } },
      },
    ]).styles
    expectSameRules("", global)
  })

  it("compiles random nested style objects as emotion does", () => {
    const property = fc.constantFrom("color", "margin", "paddingTop", "display", "gridTemplateColumns", "fontFamily", "transform", "lineHeight", "--custom")
    const value = fc.oneof(
      fc.constantFrom("red", "1px solid #333", '"Archivo Black", sans-serif', "repeat(3, minmax(0, 1fr))", "translate(-50%, 10px)", "a;b"),
      fc.integer({ min: 0, max: 40 }),
    )
    const selector = fc.constantFrom(
      "&:hover",
      "&:focus-visible, &:active",
      "& + &",
      ".child",
      "> li",
      "&[data-open=true]",
      "@media (min-width: 40em)",
      "@supports (display: grid)",
      "a, b",
      ":hover",
      "::placeholder",
      ":not(.x), .y:first-child",
      "*:focus-visible",
    )
    const declarations = fc.dictionary(property, value, { maxKeys: 4 })
    const nestedStyles = (depth: number): fc.Arbitrary<Record<string, unknown>> =>
      depth === 0
        ? declarations
        : fc.tuple(declarations, fc.dictionary(selector, nestedStyles(depth - 1), { maxKeys: 3 })).map(([own, nested]) => ({ ...own, ...nested }))
    const styles = nestedStyles(3)
    fc.assert(
      fc.property(styles, (style) => {
        const text = serializeStyles([style as never]).styles
        expect(normalise(compileRules(".css-r", text).join(""))).toBe(normalise(emotionRules(".css-r", text)))
      }),
      { numRuns: 300 },
    )
  })
})

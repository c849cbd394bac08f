import type { Theme, ThemeUIStyleObject } from "theme-ui"

/**
 * Block 94's look: near-black canvas, off-white type, acid lime and hot pink accents.
 * Every text/background pair used here passes WCAG AA (most pass AAA).
 */
const colors = {
  text: "#f5f3ee",
  background: "#0d0d0d",
  primary: "#d4ff3a", // 16.9:1 on background
  primaryHover: "#e6ff85",
  onPrimary: "#0d0d0d",
  secondary: "#ff3d7f", // 5.8:1 on background
  muted: "#1a1a1a",
  surface: "#161616",
  border: "#333333",
  subtle: "#b3b3b3", // 9.3:1 on background, 8.4:1 on surface
  destructive: "#c62828", // white text on it: 5.6:1
  onDestructive: "#ffffff",
  focus: "#d4ff3a",
  /** Under the open phone menu: the page dimmed, so the menu reads as on top. */
  scrim: "rgba(13,13,13,0.8)",
  /** Captions and controls over pictures. */
  overlay: "rgba(13,13,13,0.88)",
  controlOverlay: "rgba(13,13,13,0.8)",
}

const buttonBase: ThemeUIStyleObject = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: 2,
  minHeight: 48,
  px: 4,
  py: 2,
  border: "2px solid",
  borderRadius: "pill",
  fontFamily: "heading",
  fontSize: 1,
  letterSpacing: "0.04em",
  textTransform: "uppercase",
  textDecoration: "none",
  lineHeight: 1.1,
  textAlign: "center",
  // A label that needs two lines gets two even ones, never a lone last word.
  textWrap: "balance",
  cursor: "pointer",
  transition: "transform 150ms ease, background-color 150ms ease, color 150ms ease, box-shadow 150ms ease",
  "&:hover:not(:disabled)": { transform: "translateY(-2px)" },
  "&:active:not(:disabled)": { transform: "translateY(0)" },
  "&:disabled": { cursor: "not-allowed", opacity: 0.7 },
  "@media (prefers-reduced-motion: reduce)": { transition: "none", "&:hover:not(:disabled)": { transform: "none" } },
}

/** Text inputs and text areas: dark fields, lime border on focus, pink when invalid. */
const fieldBase: ThemeUIStyleObject = {
  px: 3,
  fontSize: 2,
  fontFamily: "body",
  color: "text",
  bg: "surface",
  border: "2px solid",
  borderColor: "border",
  borderRadius: "default",
  "&::placeholder": { color: "subtle", opacity: 1 },
  "&:focus": { borderColor: "primary" },
  '&[aria-invalid="true"]': { borderColor: "secondary" },
}

/** The sticky header's height, its bottom border included: what stays clear of it is measured from here. */
export const HEADER_HEIGHT = 74

/**
 * The page root's styles (on <html>): written into every page's head at build time
 * (src/lib/root-styles.ts), so they are not part of the theme the browser carries.
 */
export const rootStyles: ThemeUIStyleObject = {
  fontFamily: "body",
  fontSize: 1,
  lineHeight: "body",
  color: "text",
  bg: "background",
  WebkitFontSmoothing: "antialiased",
  scrollBehavior: "smooth",
  "@media (prefers-reduced-motion: reduce)": { scrollBehavior: "auto" },
  "*, *::before, *::after": { boxSizing: "border-box" },
  // Room for what is fixed over the page: the sticky header above, the cookie notice below
  // (the notice sets its height while it shows), so scrolling to a link or a focused control
  // never leaves it under either, and the page's foot can scroll clear of the notice.
  scrollPaddingTop: `${HEADER_HEIGHT + 16}px`,
  scrollPaddingBottom: "var(--cookie-notice-space, 0px)",
  body: { margin: 0, paddingBottom: "var(--cookie-notice-space, 0px)" },
  "h1, h2, h3, p, ul, ol, figure": { margin: 0 },
  "h1, h2, h3, h4": { textWrap: "balance" },
  img: { maxWidth: "100%" },
  // Pictures (src/components/shared/Picture.tsx) fill their width; each keeps its image's
  // proportions inside any border (content-box), where the image sits, shown or not yet.
  picture: { display: "block", boxSizing: "content-box" },
  "picture img": { display: "block", width: "100%", height: "auto" },
  "::selection": { bg: "primary", color: "onPrimary" },
  "*:focus-visible": { outline: "3px solid", outlineColor: "focus", outlineOffset: "3px" },
}

/**
 * One colour mode, given to emotion without theme-ui's colour-mode provider (Layout.tsx), so
 * nothing about it is stored in the browser: the cookie-consent flag is the only thing kept.
 */
const theme: Theme = {
  breakpoints: ["40em", "64em", "80em"], // 640px, 1024px, 1280px
  space: [0, 4, 8, 16, 24, 32, 48, 64, 96, 128],
  sizes: { container: 1200, narrow: 760 },
  fonts: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    heading: '"Archivo Black", "Arial Black", Impact, system-ui, sans-serif',
    monospace: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  },
  fontSizes: [14, 16, 18, 20, 24, 32, 44, 60, 80],
  fontWeights: { body: 400, heading: 400, bold: 700 },
  lineHeights: { body: 1.6, heading: 1.05 },
  radii: { small: 6, default: 12, large: 24, pill: 999 },
  colors,
  shadows: {
    card: "0 0 0 2px #333333",
    pop: "6px 6px 0 #d4ff3a",
  },
  text: {
    heading: { fontFamily: "heading", fontWeight: "heading", lineHeight: "heading", letterSpacing: "-0.01em", textTransform: "uppercase" },
    display: {
      fontFamily: "heading",
      fontWeight: "heading",
      lineHeight: 0.95,
      textTransform: "uppercase",
      letterSpacing: "-0.02em",
      fontSize: [6, 7, 8],
    },
    eyebrow: { fontFamily: "heading", fontSize: 0, letterSpacing: "0.2em", textTransform: "uppercase", color: "primary" },
    lead: { fontSize: [2, 3], color: "subtle" },
  },
  buttons: {
    primary: {
      ...buttonBase,
      bg: "primary",
      color: "onPrimary",
      borderColor: "primary",
      "&:hover:not(:disabled)": { ...(buttonBase["&:hover:not(:disabled)"] as object), bg: "primaryHover", boxShadow: "0 6px 0 #ff3d7f" },
    },
    secondary: {
      ...buttonBase,
      bg: "transparent",
      color: "text",
      borderColor: "text",
      "&:hover:not(:disabled)": { ...(buttonBase["&:hover:not(:disabled)"] as object), bg: "text", color: "background" },
    },
    /** For what cannot be undone (leaving the list). */
    destructive: {
      ...buttonBase,
      bg: "destructive",
      color: "onDestructive",
      borderColor: "destructive",
      "&:hover:not(:disabled)": { ...(buttonBase["&:hover:not(:disabled)"] as object), boxShadow: "0 6px 0 #ff3d7f" },
    },
    small: { ...buttonBase, minHeight: 40, px: 3, fontSize: 0, bg: "primary", color: "onPrimary", borderColor: "primary" },
    ghost: { ...buttonBase, minHeight: 40, px: 3, fontSize: 0, bg: "transparent", color: "text", borderColor: "border" },
    icon: {
      display: "inline-flex",
      alignItems: "center",
      justifyContent: "center",
      width: 44,
      height: 44,
      p: 0,
      border: "2px solid",
      borderColor: "text",
      borderRadius: "pill",
      bg: "controlOverlay",
      color: "text",
      cursor: "pointer",
      "&:hover": { bg: "text", color: "background" },
    },
  },
  /** A line to notice, marked by a lime bar at its left edge: a drop's action, a slide's caption, a draw's verdict. */
  messages: {
    edge: { borderLeft: "6px solid", borderColor: "primary" },
  },
  /** Rounded tags: a size with its pieces, the drop link. */
  badges: {
    chip: { display: "inline-flex", alignItems: "baseline", gap: 2, px: 3, py: 1, border: "2px solid", borderColor: "border", borderRadius: "pill" },
  },
  cards: {
    /** Outlined in lime with the offset shadow: what asks for an answer (the signup card, the cookie notice). */
    pop: { bg: "muted", border: "2px solid", borderColor: "primary", boxShadow: "pop" },
    /** Panels on the owner's page (theme-ui's Card). */
    primary: { bg: "surface", border: "2px solid", borderColor: "border", borderRadius: "default", p: [3, 4] },
  },
  links: {
    nav: {
      fontFamily: "heading",
      fontSize: 1,
      letterSpacing: "0.06em",
      textTransform: "uppercase",
      color: "text",
      textDecoration: "none",
      py: 2,
      borderBottom: "3px solid transparent",
      "&:hover": { color: "primary" },
      '&[aria-current="page"]': { color: "primary", borderBottomColor: "primary" },
    },
    inline: {
      color: "primary",
      textDecoration: "underline",
      textUnderlineOffset: "0.2em",
      "&:hover": { color: "text", textDecorationColor: "primary" },
    },
  },
  forms: {
    label: { fontFamily: "heading", fontSize: 0, letterSpacing: "0.08em", textTransform: "uppercase", mb: 2 },
    input: { ...fieldBase, minHeight: 52 },
    textarea: { ...fieldBase, py: 3, resize: "vertical" },
  },
  layout: {
    container: { maxWidth: "container", mx: "auto", px: [3, 4, 5] },
    narrow: { maxWidth: "narrow", mx: "auto", px: [3, 4] },
  },
}

export default theme

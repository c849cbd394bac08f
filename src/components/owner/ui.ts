/** Styles the owner's page's parts share: cards and tables. */
import type { ThemeUIStyleObject } from "theme-ui"

export const card: ThemeUIStyleObject = { bg: "surface", border: "2px solid", borderColor: "border", borderRadius: "default", p: [3, 4] }

export const sectionHeading: ThemeUIStyleObject = { variant: "text.heading", fontSize: [3, 4], mb: 3 }

export const cardHeading: ThemeUIStyleObject = { variant: "text.heading", fontSize: [2, 3], mb: 2 }

/** A table's column headings, and the group headings over them. */
export const columnHeading: ThemeUIStyleObject = {
  fontFamily: "heading",
  fontWeight: "heading",
  color: "subtle",
  textTransform: "uppercase",
  letterSpacing: "0.03em",
  fontSize: "11px",
}

export const dataTable: ThemeUIStyleObject = {
  width: "100%",
  borderCollapse: "collapse",
  fontSize: 0,
  fontVariantNumeric: "tabular-nums",
  caption: { textAlign: "left", fontFamily: "heading", textTransform: "uppercase", letterSpacing: "0.04em", fontSize: 1, pb: 2 },
  "th, td": { textAlign: "left", py: 2, px: "6px", borderBottom: "1px solid", borderColor: "border", verticalAlign: "top" },
  "th:first-of-type, td:first-of-type": { pl: 0 },
  "th:last-of-type, td:last-of-type": { pr: 0 },
  "th[scope=col]": { ...columnHeading, whiteSpace: "nowrap" },
  ".number": { textAlign: "right", whiteSpace: "nowrap" },
  "tr:last-of-type td, tr:last-of-type th": { borderBottom: "none" },
}

/** A wide table scrolls sideways on a phone; the region takes focus so the keyboard can scroll it. */
export const scroller: ThemeUIStyleObject = { overflowX: "auto", "&:focus-visible": { outline: "3px solid", outlineColor: "focus" } }

/** A busy button stays focusable (a disabled one drops focus); its clicks are ignored instead. */
export const busyButton: ThemeUIStyleObject = { '&[aria-disabled="true"]': { opacity: 0.7, cursor: "progress" } }

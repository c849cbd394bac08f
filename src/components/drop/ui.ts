/** Styles the drop page's parts share. */
import type { ThemeUIStyleObject } from "theme-ui"

/** Read by screen readers, not shown. */
export const visuallyHidden: ThemeUIStyleObject = {
  position: "absolute",
  width: 1,
  height: 1,
  p: 0,
  m: -1,
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
}

/** A drop's sub-section heading (When, The pieces, How it works...). */
export const subheading: ThemeUIStyleObject = { variant: "text.heading", fontSize: [3, 4], mb: 4 }

/** A card on the page's canvas. */
export const panel: ThemeUIStyleObject = { p: [4, 5], bg: "surface", border: "2px solid", borderColor: "border", borderRadius: "large" }

/** Hashes, seeds and entry ids: machine text that must wrap anywhere on a phone. */
export const machineText: ThemeUIStyleObject = { fontFamily: "monospace", fontSize: 0, overflowWrap: "anywhere", wordBreak: "break-all" }

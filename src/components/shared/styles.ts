/** Styles parts of different pages share. */
import type { ThemeUIStyleObject } from "theme-ui"

/** Read by screen readers, not shown: for text a sighted visitor gets from the layout (a countdown's full sentence, a chart's table). */
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

/** Hashes, seeds and entry ids: machine text that must wrap anywhere on a phone. */
export const machineText: ThemeUIStyleObject = { fontFamily: "monospace", fontSize: 0, overflowWrap: "anywhere", wordBreak: "break-all" }

/** Two columns side by side from the theme's third breakpoint, one above the other below it: `wide` is the two tracks, `narrow` the one. */
export const sideBySide = (wide: string, narrow = "1fr"): ThemeUIStyleObject => ({ display: "grid", gridTemplateColumns: [narrow, narrow, wide] })

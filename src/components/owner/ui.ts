/** Styles the owner's page's parts share: headings, a table's column headings, a busy button. (Its cards are the theme's.) */
import type { ThemeUIStyleObject } from "theme-ui"

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

/** A step's panel under what opened it (a question to confirm, a seed to save), its border in the tone of what it is about. */
export const stepPanel = (borderColor: string): ThemeUIStyleObject => ({
  display: "grid",
  gap: 3,
  mt: 3,
  p: 3,
  bg: "muted",
  border: "2px solid",
  borderColor,
  borderRadius: "default",
})

/** A busy button stays focusable (a disabled one drops focus); its clicks are ignored instead. */
export const busyButton: ThemeUIStyleObject = { '&[aria-disabled="true"]': { opacity: 0.7, cursor: "progress" } }

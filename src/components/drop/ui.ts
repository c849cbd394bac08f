/** Styles the drop page's parts share. */
import type { ThemeUIStyleObject } from "theme-ui"

/** A drop's sub-section heading (When, The pieces, How it works...). */
export const subheading: ThemeUIStyleObject = { variant: "text.heading", fontSize: [3, 4], mb: 4 }

/** A card on the page's canvas. */
export const panel: ThemeUIStyleObject = { p: [4, 5], bg: "surface", border: "2px solid", borderColor: "border", borderRadius: "large" }

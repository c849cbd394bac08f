/** @jsxImportSource theme-ui */

/** Line icons on a 24px grid, drawn inline so no icon pack ships. */
/** Content icons (`Queries.IconName`, generated from the content model) and the site's own glyphs. */
const PATHS: Record<Queries.IconName | "menu" | "close" | "arrowLeft" | "arrowRight" | "pause" | "play" | "mail" | "clock", string> = {
  tee: "M8 3 3 6l2 4 2-1v12h10V9l2 1 2-4-5-3c-.5 1.5-2 2.5-4 2.5S8.5 4.5 8 3Z",
  cap: "M3 15c0-5 3.5-9 8-9s8 4 8 9H3Zm16 0 3 1c0 1-1 2-3 2H3v-3M11 6V4.5",
  home: "M3 11 12 4l9 7M5 9.5V20h14V9.5M10 20v-6h4v6",
  star: "m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3Z",
  truck: "M2 6h12v10H2zM14 10h4l3 3v3h-7M6 19a2 2 0 1 0 0-.01M17 19a2 2 0 1 0 0-.01",
  check: "M12 3 4 6v6c0 4.5 3.5 8 8 9 4.5-1 8-4.5 8-9V6l-8-3Zm-4 9 3 3 5-6",
  badge:
    "M12 2.5 14.5 5l3.5-.3.4 3.5L21 10.5 19.3 13.6 20 17l-3.4.9L14.5 21 12 19l-2.5 2-2.1-3.1L4 17l.7-3.4L3 10.5l2.6-2.3L6 4.7l3.5.3L12 2.5Zm-3 9.5 2 2 4-4",
  bolt: "M13 2 4 14h7l-1 8 9-12h-7l1-8Z",
  leaf: "M5 19C5 10 10 4 20 4c0 10-6 15-15 15Zm0 0 8-8",
  menu: "M3 6h18M3 12h18M3 18h18",
  close: "M5 5l14 14M19 5 5 19",
  arrowLeft: "M15 4l-8 8 8 8",
  arrowRight: "M9 4l8 8-8 8",
  pause: "M8 5v14M16 5v14",
  play: "M7 4l13 8-13 8V4Z",
  mail: "M3 5h18v14H3zM3 6l9 7 9-7",
  clock: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4v5l3 3",
}

export type IconGlyph = keyof typeof PATHS

interface IconProps {
  name: IconGlyph
  size?: number
}

export const Icon = ({ name, size = 24 }: IconProps) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    sx={{ flexShrink: 0, display: "block" }}
  >
    <path d={PATHS[name]} />
  </svg>
)

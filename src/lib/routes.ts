/** Routes and in-page anchors shared by the header, footer and pages. */
export const SIGNUP_SECTION_ID = "join-the-drop"
export const WHY_SECTION_ID = "why-94"
export const MAIN_CONTENT_ID = "main"

export interface NavLink {
  label: string
  to: string
}

export const MAIN_NAV: NavLink[] = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about/" },
  { label: "Contact", to: "/contact/" },
]

export const FOOTER_LINKS: NavLink[] = [...MAIN_NAV, { label: "Privacy Policy", to: "/privacy/" }]

/** Where the "Join the Drop" buttons lead on pages without their own signup section. */
export const HOME_SIGNUP_PATH = `/#${SIGNUP_SECTION_ID}`

/** Routes and in-page anchors shared by the header, footer and pages. */
export const SIGNUP_SECTION_ID = "join-the-drop"
export const WHY_SECTION_ID = "why-94"
export const MAIN_CONTENT_ID = "main"

/** A site page in the navigation; its label is the text of the same name in content/ui.json `navigation`. */
export interface NavLink {
  page: "home" | "about" | "contact" | "privacy"
  to: string
}

export const MAIN_NAV: NavLink[] = [
  { page: "home", to: "/" },
  { page: "about", to: "/about/" },
  { page: "contact", to: "/contact/" },
]

export const FOOTER_LINKS: NavLink[] = [...MAIN_NAV, { page: "privacy", to: "/privacy/" }]

/** The owner's page: private, in a frame of its own rather than the public header and footer. */
export const OWNER_PAGE_PATH = "/owner/"

/** Whether a page is the owner's (with or without its trailing slash). */
export const isOwnerPage = (pathname: string): boolean => pathname.replace(/\/?$/, "/") === OWNER_PAGE_PATH

/** The drop page: beside the navigation (whose links the spec fixes), the header, menu and footer link to it while a drop is announced, as Home does. */
export const DROP_PAGE_PATH = "/drop/"

/** Where the "Join the Drop" buttons lead on pages without their own signup section. */
export const HOME_SIGNUP_PATH = `/#${SIGNUP_SECTION_ID}`

/** The status page, where people on the list enter a drop with their status link (`#token=`). */
export const STATUS_PAGE_PATH = "/waitlist/"

/**
 * Pages that write dates or numbers as they load (the drop's times in the reader's zone, the
 * status page's place): they start the browser's formatters on a thread of their own first
 * (static/warm-formatters.js).
 */
export const PAGES_FORMATTING_ON_LOAD: readonly string[] = [DROP_PAGE_PATH, STATUS_PAGE_PATH]

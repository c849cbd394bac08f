// What the browser tests know about the site, shared by playwright.config.ts and the tests.
// No Playwright imports here: the config loads this module too.

/**
 * Tags that pin a test to one project of playwright.config.ts. An untagged test runs at phone
 * and laptop size; one that makes sense at one size only says which.
 */
export const PHONE_ONLY = { tag: "@phone" }
export const LAPTOP_ONLY = { tag: "@laptop" }
/** Reads the build or talks HTTP only: runs once, without starting a browser. */
export const NO_BROWSER = { tag: "@no-browser" }

/** Every page, and an unknown path that gets the 404 page. */
export const ROUTES = ["/", "/about/", "/contact/", "/privacy/", "/no-such-page/"]

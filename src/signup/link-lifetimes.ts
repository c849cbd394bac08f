/**
 * How long the links we email keep working, as the copy states them (the pages, the emails and
 * the server all read these; a module of its own, so the browser ships two numbers and no server code).
 */

/** A confirmation link works this many hours after it was sent ("{confirmHours} hours" in the copy). */
export const CONFIRM_LINK_HOURS = 48

/** A status link works this many days after it was sent ("{statusLinkDays} days" in the copy). */
export const STATUS_LINK_DAYS = 30

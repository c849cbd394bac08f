/**
 * How long the links we email keep working, as the copy states them (the pages, the emails and
 * the server all read these; a module of its own, so the browser ships two numbers and no server code).
 */

/** A confirmation link works this many hours after it was sent ("{confirmHours} hours" in the copy). */
export const CONFIRM_LINK_HOURS = 48

/** A status link works this many days after it was sent ("{statusLinkDays} days" in the copy). */
export const STATUS_LINK_DAYS = 30

/**
 * An email's unsubscribe link works this many days after the email was queued; the mailto
 * address in its List-Unsubscribe header, and the Leave button of a fresh status link, always do.
 */
export const UNSUBSCRIBE_LINK_DAYS = 90

/** An invitation's code works this many days after it was sent ("{inviteDays} days" in the copy), as a drop's code works its `redeemDays`. */
export const INVITATION_DAYS = 30

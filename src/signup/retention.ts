/**
 * How long the list keeps what it keeps, as the privacy page promises it (the page and the
 * server both read these; a module of its own, so no other page ships them).
 */

/**
 * The longest an address nobody confirmed is kept, in days: the privacy page promises it, and
 * the server's PENDING_SIGNUP_DAYS may only make it shorter.
 */
export const PENDING_SIGNUP_MAX_DAYS = 7

/**
 * The oldest backup copy of the list that is kept, in days: the privacy page promises it, and
 * BACKUP_KEEP_DAILY may only make it shorter.
 */
export const BACKUP_MAX_DAYS = 14

/**
 * How long after a drop's entries close the link between a person and their entry (its size,
 * its entry number, a winner's code) is kept, in days: the privacy page promises it. The published
 * list of entry numbers names no one and stays.
 */
export const DROP_ENTRY_DAYS = 90

/**
 * How long counted page views are kept, in months: counts only (per page, day and hour, and per
 * source, campaign, referring site and referral link), never a visitor. The privacy page and
 * the cookie notice promise it; the hourly purge deletes older counters.
 */
export const VISIT_COUNT_MONTHS = 13

/**
 * How long a signup's network fingerprint is kept, in days: after the signup, and after each
 * friend who joins with its link (the privacy page promises it; referral-review.ts keeps to it).
 */
export const NETWORK_FINGERPRINT_DAYS = 30

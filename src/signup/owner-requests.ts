/**
 * What the owner's requests may ask for: one declaration for the server that refuses more and
 * the owner's page that says so before asking.
 */

/** The most people one invite request may name ("{max}" in the owner page's copy). */
export const MAX_INVITE = 1_000

/** Lengths of time in milliseconds, written once for the server, the commands and the benches. */
export const HOUR_MS = 60 * 60 * 1000
export const DAY_MS = 24 * HOUR_MS

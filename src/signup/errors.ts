/**
 * Every refusal the signup service's endpoints give, declared once: a stable code, its HTTP
 * status, and the sentence that goes with it (`{name}` parts are filled in per request). Every
 * refusal answers `{ error, code }`; the browser reads the code, never the sentence or the status,
 * and shows words from content/. Free of zod and of the server, so the browser may import it.
 *
 * `visitor`: a page of the site can meet it (the browser's map, src/lib/refusal.ts, must name it);
 * the others answer the owner's page, the shop, or a request no page of ours sends.
 */
import { fillTemplate } from "./template"

export interface ErrorEntry {
  status: number
  message: string
  visitor?: true
}

export const API_ERRORS = {
  // Any request: how it was sent.
  method_not_allowed: { status: 405, message: "Method {method} is not allowed: {what} with {allowed}", visitor: true },
  unsupported_media_type: { status: 415, message: "Content-Type must be {expected}, got {got}", visitor: true },
  body_too_large: { status: 413, message: "Request body is too large: {limit}", visitor: true },
  body_incomplete: { status: 400, message: "Request body could not be read completely", visitor: true },
  body_not_utf8: { status: 400, message: "Request body must be UTF-8 text", visitor: true },
  body_empty: { status: 400, message: "Request body is empty: send a JSON object with {expected}", visitor: true },
  body_not_json: { status: 400, message: "Request body is not valid JSON", visitor: true },
  body_invalid: { status: 400, message: "Request body must be a JSON object with {expected}", visitor: true },
  /** Refused by the production server's framework before any endpoint (a body cut short); answered with the framework's status. */
  request_invalid: { status: 400, message: "{reason}", visitor: true },
  rate_limited: { status: 429, message: "Too many requests: try again in {seconds} seconds", visitor: true },
  bot_check_failed: { status: 403, message: "We couldn't check that this came from a person: please reload the page and try again", visitor: true },
  bot_check_off: { status: 404, message: "The bot check is off", visitor: true },
  // The server's side.
  signups_unavailable: { status: 503, message: "{reason}", visitor: true },
  store_unavailable: { status: 503, message: "The signup list can't be reached right now: please try again in a moment", visitor: true },
  server_error: { status: 500, message: "The signup service had a problem on our side: please try again later", visitor: true },

  // A signup's fields (src/signup/schema.ts) and the list's own rules.
  email_required: { status: 400, message: '"email" is required', visitor: true },
  email_not_text: { status: 400, message: '"email" must be a string', visitor: true },
  email_too_long: { status: 400, message: '"email" must be at most {max} characters', visitor: true },
  email_invalid: { status: 400, message: '"email" is not a valid email address', visitor: true },
  email_disposable: { status: 400, message: "Disposable email addresses can't join the list: please use an address you keep", visitor: true },
  source_invalid: { status: 400, message: '"source" must be "{source}"', visitor: true },
  timestamp_required: { status: 400, message: '"timestamp" is required', visitor: true },
  timestamp_invalid: { status: 400, message: '"timestamp" must be an ISO 8601 date-time such as 2025-01-31T12:00:00.000Z', visitor: true },
  consent_invalid: { status: 400, message: '"consent" must be the wording\'s version, at most {max} characters', visitor: true },
  altcha_invalid: { status: 400, message: '"altcha" is not a solution the site gave out', visitor: true },

  // Links from emails: confirming, the status page, unsubscribing.
  confirm_link_unknown: { status: 404, message: "This confirmation link is not known: check that the whole link was opened", visitor: true },
  confirm_link_expired: { status: 410, message: "This confirmation link has expired or was already used: sign up again for a new one", visitor: true },
  status_link_unknown: { status: 404, message: "This status link is not known: check that the whole link was opened", visitor: true },
  status_link_expired: { status: 410, message: "This status link has expired: ask for a fresh one by email", visitor: true },
  unsubscribe_link_unknown: { status: 404, message: "This unsubscribe link is not known: check that the whole link was opened", visitor: true },
  unsubscribe_link_expired: {
    status: 410,
    message: 'This unsubscribe link has expired: ask for a fresh status link by email and leave from there, or reply to us with "unsubscribe"',
    visitor: true,
  },

  // Drops: the public record, the entry list, entering.
  drops_not_kept: { status: 503, message: "Drops are not kept on this server", visitor: true },
  drop_unknown: { status: 404, message: "This drop is not known: check the drop's link", visitor: true },
  entry_list_not_published: { status: 409, message: "The entry list is published when entries close", visitor: true },
  drop_invalid: { status: 400, message: '"drop" must name the drop', visitor: true },
  size_invalid: { status: 400, message: '"size" must be one of the drop\'s sizes, or null to withdraw', visitor: true },
  size_unknown: { status: 400, message: '"size" is not one of this drop\'s sizes', visitor: true },
  entries_not_open: { status: 409, message: "Entries for this drop open at {opensAt}", visitor: true },
  entries_closed: { status: 409, message: "Entries for this drop have closed", visitor: true },
  entry_not_confirmed: { status: 403, message: "Only confirmed people on the list can enter: open the link in the email we sent you first", visitor: true },
  entry_held: { status: 403, message: "Your signup is waiting for a check by our team, so it can't enter a draw yet", visitor: true },
  draw_not_set_up: { status: 409, message: "This drop's draw isn't set up yet: please try again later", visitor: true },

  // The page-view beacon (its answer is never read: a beacon does not wait for one).
  visit_invalid: { status: 400, message: "{problem}" },

  // The shop: redeeming invitations.
  endpoint_off: { status: 404, message: "Not found" },
  shop_secret_wrong: { status: 401, message: "Send the shop's secret as Authorization: Bearer <INVITE_API_TOKEN>" },
  invitation_unknown: { status: 404, message: "This invitation code is not known" },
  invitation_expired: { status: 410, message: "This invitation code has expired" },
  invitation_used: { status: 409, message: "This invitation code was already used" },
  prize_passed: { status: 410, message: "This drop code was not used in time and passed to the reserve list" },

  // The owner's page.
  owner_off: { status: 404, message: "The owner's page is off: set OWNER_TOKEN on the server to turn it on" },
  owner_secret_wrong: { status: 401, message: "The owner's secret is missing or wrong" },
  list_not_kept: { status: 503, message: "The signup list is not kept on this server" },
  invitations_not_kept: { status: 503, message: "Signups are not stored here, so no one can be invited" },
  count_invalid: { status: 400, message: '"count" must be a whole number from 1 to {max}' },
  dry_run_invalid: { status: 400, message: '"dryRun" must be true (show who) or false (invite them)' },
  ids_invalid: { status: 400, message: '"ids" must list from 1 to {max} signup numbers of held referrals' },
  referral_decision_invalid: { status: 400, message: '"decision" must be "release" (the referrals count) or "reject" (they never will)' },
  whole_invalid: { status: 400, message: '"whole" must be true (the address whole) or false (masked)' },
  drop_action_invalid: { status: 400, message: '"action" must be "commit", "review" or "draw"' },
  seed_committed: { status: 409, message: "This drop's seed was committed already" },
  window_changed: { status: 409, message: "This drop was committed for another window and people entered under it: put its window back in content/drops.json" },
  window_opened: { status: 409, message: "The seed is committed before entries open: this drop's window has opened" },
  review_decision_invalid: { status: 400, message: '"decision" must be "letIn" or "leaveOut"' },
  review_entries_invalid: { status: 400, message: '"entries" must list 1 to {max} entry numbers waiting for review' },
  review_closed: { status: 409, message: "Entries are reviewed before they close: this drop is unknown or closed" },
  seed_not_committed: { status: 409, message: "This drop has no committed seed, so it cannot be drawn" },
  commitment_not_built: {
    status: 409,
    message: "The site as built does not carry this drop's commitment: put it in content/drops.json (npm run drop:commit does) and deploy first",
  },
  draw_too_early: { status: 409, message: "The draw runs after entries close, at {closesAt}" },
  already_drawn: { status: 409, message: "This drop was drawn already" },
  seed_not_kept: { status: 400, message: "The seed is not kept on this server: paste the seed you saved when you committed" },
  seed_mismatch: { status: 400, message: "That seed does not match the hash published before entries opened" },
  beacon_not_yet: { status: 409, message: "The beacon's round {round} comes out at {at}: run the draw after that" },
  beacon_unreachable: { status: 503, message: "The beacon's round {round} could not be fetched: try again in a minute, or paste the round's signature" },
  beacon_invalid: { status: 400, message: "That is not the beacon's round {round}, signed by the chain's key" },
} as const satisfies Record<string, ErrorEntry>

export type ErrorCode = keyof typeof API_ERRORS

/** The codes a page of the site can meet. */
export type VisitorErrorCode = { [Code in ErrorCode]: (typeof API_ERRORS)[Code] extends { visitor: true } ? Code : never }[ErrorCode]

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(API_ERRORS, value)
}

/** The code's sentence with its `{name}` parts filled in. */
export function errorMessage(code: ErrorCode, values: Record<string, string | number> = {}): string {
  return fillTemplate(API_ERRORS[code].message, values)
}

/** The code a refusal's body names, or null (no answer, a body that is not ours). */
export function errorCodeOf(body: unknown): ErrorCode | null {
  const code = typeof body === "object" && body !== null ? (body as { code?: unknown }).code : undefined
  return isErrorCode(code) ? code : null
}

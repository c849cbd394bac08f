/**
 * What a refusal from the signup service means to a page: the answer's code (src/signup/errors.ts),
 * never its status or its sentence, read as one of a few kinds. Each page turns a kind into its own
 * outcome and its words from content/. Types only from the catalogue, so its sentences stay out of
 * the browser's JavaScript.
 */
import type { ErrorCode, VisitorErrorCode } from "../signup/errors"

export type RefusalKind =
  /** A link's token the service does not know (or a request without one). */
  | "linkUnknown"
  | "linkExpired"
  | "emailMissing"
  | "emailMalformed"
  /** An address the list will not take (a throwaway mailbox). */
  | "emailRefused"
  | "tooMany"
  /** The bot check did not pass: reloading the page gives a fresh one. */
  | "botCheck"
  | "dropUnknown"
  | "badSize"
  | "notConfirmed"
  | "held"
  | "notOpen"
  | "closed"
  | "notSetUp"
  /** Anything a visitor cannot fix: the service's side, or a request our pages never send. */
  | "failed"

/** Every code a page can meet, and what it means there. */
export const VISITOR_REFUSALS: Record<VisitorErrorCode, RefusalKind> = {
  method_not_allowed: "failed",
  unsupported_media_type: "failed",
  body_too_large: "failed",
  body_incomplete: "failed",
  body_not_utf8: "failed",
  body_empty: "failed",
  body_not_json: "failed",
  body_invalid: "linkUnknown",
  request_invalid: "failed",
  rate_limited: "tooMany",
  bot_check_failed: "botCheck",
  bot_check_off: "failed",
  signups_unavailable: "failed",
  store_unavailable: "failed",
  server_error: "failed",
  email_required: "emailMissing",
  email_not_text: "emailMalformed",
  email_too_long: "emailMalformed",
  email_invalid: "emailMalformed",
  email_disposable: "emailRefused",
  source_invalid: "failed",
  timestamp_required: "failed",
  timestamp_invalid: "failed",
  consent_invalid: "failed",
  altcha_invalid: "botCheck",
  confirm_link_unknown: "linkUnknown",
  confirm_link_expired: "linkExpired",
  status_link_unknown: "linkUnknown",
  status_link_expired: "linkExpired",
  unsubscribe_link_unknown: "linkUnknown",
  unsubscribe_link_expired: "linkExpired",
  drops_not_kept: "failed",
  drop_unknown: "dropUnknown",
  entry_list_not_published: "failed",
  drop_invalid: "dropUnknown",
  size_invalid: "badSize",
  size_unknown: "badSize",
  entries_not_open: "notOpen",
  entries_closed: "closed",
  entry_not_confirmed: "notConfirmed",
  entry_held: "held",
  draw_not_set_up: "notSetUp",
}

/** The code of a refusal's body, when it is one a page can meet. */
export function visitorCode(body: unknown): VisitorErrorCode | null {
  const code = typeof body === "object" && body !== null ? (body as { code?: unknown }).code : undefined
  return typeof code === "string" && Object.hasOwn(VISITOR_REFUSALS, code) ? (code as VisitorErrorCode) : null
}

/** What a refusal's body means to a page; "failed" for no answer, or one without a code a page knows. */
export function refusalKind(body: unknown): RefusalKind {
  const code = visitorCode(body)
  return code === null ? "failed" : VISITOR_REFUSALS[code]
}

/** The code of any refusal's body (the owner's page reads its own), or null. */
export function refusalCode(body: unknown): ErrorCode | null {
  const code = typeof body === "object" && body !== null ? (body as { code?: unknown }).code : undefined
  return typeof code === "string" ? (code as ErrorCode) : null
}

/** Sends a signup to the endpoint. Anything but a 2xx answer is a failure: a lost signup is lost data. */
import { HONEYPOT_FIELD, SIGNUP_SOURCE } from "../signup/rules"
import type { SignupRequest, WaitlistPlace } from "../signup/schema"
import type { Attribution } from "./attribution"
import { isSuccess, requestJson, type RequestOptions } from "./http"
import { refusalKind, type RefusalKind } from "./refusal"
import { signupEndpoint } from "./signup-endpoint"

export { signupEndpoint }

/**
 * The request body: the spec's email, source and timestamp, the consent wording the visitor
 * agreed to, and where the visitor came from.
 * The trap field goes along only when something filled it, so the endpoint can tell a bot.
 */
export const buildSignupPayload = (
  email: string,
  now: Date = new Date(),
  honeypot = "",
  attribution: Attribution = {},
  consent?: string,
  altcha?: string,
): SignupRequest => ({
  email: email.trim(),
  source: SIGNUP_SOURCE,
  timestamp: now.toISOString(),
  ...(consent ? { consent } : {}),
  ...attribution,
  ...(altcha ? { altcha } : {}),
  ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}),
})

/** What the page shows after the success toast, when the endpoint says more than "ok". */
export type SignupFollowUp = { kind: "place"; place: WaitlistPlace } | { kind: "confirmEmail" }

export type SignupResult =
  | { delivered: true; followUp: SignupFollowUp | null }
  /** `refusal`: why the endpoint refused the address, for the visitor to fix. */
  | { delivered: false; refusal?: AddressRefusal }

/** The refusals of the address itself, which the form shows by its email field. */
export type AddressRefusal = Extract<RefusalKind, "emailMissing" | "emailMalformed" | "emailRefused">

function isAddressRefusal(kind: RefusalKind): kind is AddressRefusal {
  return kind === "emailMissing" || kind === "emailMalformed" || kind === "emailRefused"
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/** A confirmed signup's place, when the answer carries all of it. */
export const readPlace = (body: unknown): WaitlistPlace | null => {
  if (!isRecord(body)) return null
  const { position, total, referralCode, referralUrl, statusUrl } = body
  const whole = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value > 0
  const text = (value: unknown): value is string => typeof value === "string" && value !== ""
  // The list's size comes only once it may be shown (src/signup/list-size.ts).
  return whole(position) && (total === undefined || whole(total)) && text(referralCode) && text(referralUrl) && text(statusUrl)
    ? { position, ...(total === undefined ? {} : { total }), referralCode, referralUrl, statusUrl }
    : null
}

/**
 * The follow-up in an endpoint's answer: a place in line, or a request to confirm by email.
 * Anything else (a repeat signup, an email-list provider's answer) has none.
 */
export const readFollowUp = (body: unknown): SignupFollowUp | null => {
  if (!isRecord(body)) return null
  if (body.status === "pending") return { kind: "confirmEmail" }
  const place = body.status === "confirmed" ? readPlace(body) : null
  return place ? { kind: "place", place } : null
}

interface SendOptions extends RequestOptions {
  endpoint?: string
  now?: Date
  /** What the hidden trap field holds (empty for people). */
  honeypot?: string
  attribution?: Attribution
  /** Which wording of the consent box the visitor agreed to (`consentVersion`). */
  consent?: string
  /** The bot check's solution (see proof-of-work.ts). */
  altcha?: string
}

export const sendSignup = async (email: string, options: SendOptions = {}): Promise<SignupResult> => {
  const { endpoint = signupEndpoint(), now, honeypot, attribution, consent, altcha, ...request } = options
  const answer = await requestJson(endpoint, "POST", buildSignupPayload(email, now, honeypot, attribution, consent, altcha), request)
  if (isSuccess(answer.status)) return { delivered: true, followUp: readFollowUp(answer.body) }
  const refusal = refusalKind(answer.body)
  return isAddressRefusal(refusal) ? { delivered: false, refusal } : { delivered: false }
}

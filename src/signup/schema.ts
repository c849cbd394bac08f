/**
 * The signup request as the endpoint accepts it: one zod schema for the server's checks, and
 * the types the browser builds its request from (import them with `import type`, so zod stays
 * out of the browser bundle). Each check's message is the code of the endpoint's 400 answer
 * (src/signup/errors.ts). Below them, the one
 * declaration of what the service answers (a place, a status, a leaderboard row): the server
 * answers with these types and the browser reads them.
 */
import { z } from "zod"
import type { MyDropEntry } from "../drop/contract"
import { isErrorCode, type ErrorCode } from "./errors"
import { HONEYPOT_FIELD, isValidEmail, MAX_CONSENT_LENGTH, MAX_EMAIL_LENGTH, SIGNUP_SOURCE } from "./rules"

const isMissing = (input: unknown): boolean => input === undefined || input === null

/** A check's message: the code of its refusal. */
function code(name: ErrorCode): ErrorCode {
  return name
}

/** Optional attribution text: anything unusable is dropped, never a reason to refuse a signup. */
const optionalText = (maxLength: number) => z.string().trim().min(1).max(maxLength).optional().catch(undefined)

/** Where a signup came from: the landing page's UTM parameters and the referring site's host. */
export const attributionSchema = z
  .object({
    source: optionalText(100),
    medium: optionalText(100),
    campaign: optionalText(100),
    referrer: optionalText(253),
  })
  .optional()
  .catch(undefined)

const CONSENT_MESSAGE: ErrorCode = "consent_invalid"

export const signupRequestSchema = z.object(
  {
    email: z
      .string({ error: (issue) => code(isMissing(issue.input) ? "email_required" : "email_not_text") })
      .trim()
      .min(1, code("email_required"))
      .max(MAX_EMAIL_LENGTH, code("email_too_long"))
      .refine(isValidEmail, code("email_invalid")),
    source: z.literal(SIGNUP_SOURCE, { error: code("source_invalid") }),
    timestamp: z.iso.datetime({
      offset: true,
      error: (issue) => code(isMissing(issue.input) ? "timestamp_required" : "timestamp_invalid"),
    }),
    /** The referral code of the link the visitor came through; unknown codes are ignored. */
    referralCode: optionalText(32),
    utm: attributionSchema,
    /**
     * The consent the visitor gave: which wording they saw (see `consentVersion`), or `true` from a
     * client that only says they agreed. Without it the signup is stored as "consent not recorded".
     */
    consent: z.union([z.string().trim().min(1, CONSENT_MESSAGE).max(MAX_CONSENT_LENGTH, CONSENT_MESSAGE), z.boolean()], { error: CONSENT_MESSAGE }).optional(),
    /** The bot check's solved challenge (base64, see src/server/http/bot-check.ts); checked by the handler, not here. */
    altcha: z.string().max(4096, code("altcha_invalid")).optional(),
    /** Filled only by bots; the browser sends it only when something filled it (see `isHoneypotFilled`). */
    [HONEYPOT_FIELD]: z.unknown().optional(),
  },
  { error: code("body_invalid") },
)

/** What fills the sentences of the schema's codes. */
const SIGNUP_VALUES: Partial<Record<ErrorCode, Record<string, string | number>>> = {
  email_too_long: { max: MAX_EMAIL_LENGTH },
  source_invalid: { source: SIGNUP_SOURCE },
  consent_invalid: { max: MAX_CONSENT_LENGTH },
  body_invalid: { expected: "email, source and timestamp" },
}

/** The refusal a schema check names by its message. */
export function signupRefusal(message: string): { code: ErrorCode; values?: Record<string, string | number> } {
  const found = isErrorCode(message) ? message : "body_invalid"
  return { code: found, values: SIGNUP_VALUES[found] }
}

/** Whether a request's trap field was filled: a bot, whatever else it sent. */
export const isHoneypotFilled = (value: Record<string, unknown>): boolean => {
  const trap = value[HONEYPOT_FIELD]
  return typeof trap === "string" ? trap.trim() !== "" : trap !== undefined && trap !== null && trap !== false
}

/** Where a signup came from, as stored with it. */
export type Attribution = NonNullable<z.output<typeof attributionSchema>>

/** What the browser sends. */
export type SignupRequest = z.input<typeof signupRequestSchema>

/** A request that passed every check: email trimmed, other fields as sent. */
export type SignupFields = Omit<z.output<typeof signupRequestSchema>, typeof HONEYPOT_FIELD | "altcha">

/** Where a confirmed signup stands, as the signup, confirm and status answers report it. */
export interface WaitlistPlace {
  /** 1-based place in line among confirmed signups. */
  position: number
  /**
   * Confirmed signups on the list; told only once the list reaches the size the site starts to
   * show (src/signup/list-size.ts), so no answer belies the site's claim.
   */
  total?: number
  referralCode: string
  /** SITE_URL/?ref=CODE: the link to share. */
  referralUrl: string
  /** SITE_URL/waitlist/#token=...: the signup's own status page (a secret, in the fragment no server sees). */
  statusUrl: string
}

/** The status page's answer: where a signup stands and how many friends it brought. */
export interface WaitlistStatus extends Omit<WaitlistPlace, "statusUrl" | "position"> {
  status: "confirmed" | "pending"
  /** Null while the address is not confirmed: pending signups have no place yet. */
  position: number | null
  /** Confirmed signups that came through this signup's referral link. */
  referrals: number
  /** Friends who came through the link and wait for the owner's review; 0 from an older server. */
  waiting: number
  /** A wave has invited them to the shop; `redeemed`: the shop has taken their invitation. */
  invited: boolean
  redeemed: boolean
  /** The highest reward tier (its number of friends) reached and announced; it stays reached if a friend leaves. */
  milestone: number
  /** The top referrers, addresses masked; only when content/rewards.json switches the leaderboard on. */
  leaderboard?: LeaderboardEntry[]
  /** The person's drop entries, by drop id (see src/drop/contract.ts); absent from an older server. */
  drops?: Record<string, MyDropEntry>
}

/** A row of the masked leaderboard. */
export interface LeaderboardEntry {
  /** The address masked: "j***@g***.com". */
  name: string
  referrals: number
  /** The reader's own row. */
  you: boolean
}

/**
 * The signup request as the endpoint accepts it: one zod schema for the server's checks, and
 * the types the browser builds its request from (import them with `import type`, so zod stays
 * out of the browser bundle). Messages are the endpoint's 400 answers.
 */
import { z } from "zod"
import { HONEYPOT_FIELD, isValidEmail, MAX_EMAIL_LENGTH, SIGNUP_SOURCE } from "./rules"

const isMissing = (input: unknown): boolean => input === undefined || input === null

export const signupRequestSchema = z.object(
  {
    email: z
      .string({ error: (issue) => (isMissing(issue.input) ? '"email" is required' : '"email" must be a string') })
      .trim()
      .min(1, '"email" is required')
      .max(MAX_EMAIL_LENGTH, `"email" must be at most ${MAX_EMAIL_LENGTH} characters`)
      .refine(isValidEmail, '"email" is not a valid email address'),
    source: z.literal(SIGNUP_SOURCE, { error: `"source" must be "${SIGNUP_SOURCE}"` }),
    timestamp: z.iso.datetime({
      offset: true,
      error: (issue) =>
        isMissing(issue.input) ? '"timestamp" is required' : '"timestamp" must be an ISO 8601 date-time such as 2025-01-31T12:00:00.000Z',
    }),
    /** Filled only by bots; the browser sends it only when something filled it (see `isHoneypotFilled`). */
    [HONEYPOT_FIELD]: z.unknown().optional(),
  },
  { error: "Request body must be a JSON object with email, source and timestamp" },
)

/** Whether a request's trap field was filled: a bot, whatever else it sent. */
export const isHoneypotFilled = (value: Record<string, unknown>): boolean => {
  const trap = value[HONEYPOT_FIELD]
  return typeof trap === "string" ? trap.trim() !== "" : trap !== undefined && trap !== null && trap !== false
}

/** What the browser sends. */
export type SignupRequest = z.input<typeof signupRequestSchema>

/** A request that passed every check: email trimmed, other fields as sent. */
export type SignupFields = Omit<z.output<typeof signupRequestSchema>, typeof HONEYPOT_FIELD>

export type SignupStatus = "subscribed" | "already_subscribed"

/** The endpoint's JSON answer. */
export type SignupAnswerBody = { error: string } | { ok: true; status: SignupStatus }

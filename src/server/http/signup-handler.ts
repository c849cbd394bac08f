/**
 * Joining the list: the signup, its confirmation, the link again, and the bot check's challenge.
 *
 *   POST /api/signup       { email, source, timestamp, referralCode?, utm?, consent?, altcha? }
 *   POST /api/confirm      { token }
 *   POST /api/resend       { email, altcha? }
 *   GET  /api/challenge    (the bot check's proof-of-work challenge, see bot-check.ts)
 */
import { isValidEmail } from "../../signup/rules"
import { isHoneypotFilled, signupRefusal, signupRequestSchema, type SignupFields } from "../../signup/schema"
import { newChallenge } from "./bot-check"
import { signalNetwork } from "./client-address"
import {
  admit,
  answer,
  behindBotCheck,
  checkMethod,
  guarded,
  isAnswer,
  isObject,
  readJson,
  refuse,
  type ApiAnswer,
  type ApiRequest,
  type HandlerDependencies,
} from "./kit"

export type SignupCheck =
  | { kind: "rejected"; answer: ApiAnswer }
  /** The honeypot was filled: answer as if subscribed, store nothing. */
  | { kind: "honeypot" }
  | { kind: "signup"; signup: SignupFields }

/** Checks a signup's fields against the shared schema. Unknown extra fields are ignored. */
export function checkSignupFields(value: unknown): SignupCheck {
  if (isObject(value) && isHoneypotFilled(value)) return { kind: "honeypot" }
  const result = signupRequestSchema.safeParse(value)
  // The first problem, in field order, is the one the sender fixes first.
  if (!result.success) {
    const { code, values } = signupRefusal(result.error.issues[0].message)
    return { kind: "rejected", answer: refuse(code, { values }) }
  }
  const { email, source, timestamp, referralCode, utm, consent } = result.data
  return { kind: "signup", signup: { email, source, timestamp, referralCode, utm, consent } }
}

/** With double opt-in, the answer to every signup: check your inbox. */
function pendingAnswer(): ApiAnswer {
  return answer(201, { ok: true, status: "pending" })
}

/** POST /api/signup */
export function handleSignupRequest(request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> {
  return guarded(deps, async () => {
    const service = await admit(request, deps)
    if (isAnswer(service)) return service
    const json = await readJson(request, "send the signup", "email, source and timestamp")
    if (json.kind === "rejected") return json.answer
    const check = checkSignupFields(json.value)
    if (check.kind === "rejected") return check.answer
    return behindBotCheck(json.value, deps, async () => {
      // A bot gets the answer a person gets: nothing stored, nothing revealed.
      if (check.kind === "honeypot") return service.confirmsByEmail ? pendingAnswer() : answer(200, { ok: true, status: "already_subscribed" })
      const joined = await service.join(check.signup, deps.now(), signalNetwork(request.clientKey))
      switch (joined.kind) {
        case "refused":
          // The one refusal of the list's own rules: a throwaway mailbox.
          return refuse("email_disposable")
        case "alreadySubscribed":
          return answer(200, { ok: true, status: "already_subscribed" })
        case "pending":
          return pendingAnswer()
        case "confirmed": {
          const { kind: _kind, ...place } = joined
          return answer(201, { ok: true, status: "confirmed", ...place })
        }
      }
    })
  })
}

/** POST /api/confirm */
export function handleConfirmRequest(request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> {
  return guarded(deps, async () => {
    const service = await admit(request, deps)
    if (isAnswer(service)) return service
    const json = await readJson(request, "confirm", "the token from the confirmation link")
    if (json.kind === "rejected") return json.answer
    if (!isObject(json.value) || typeof json.value.token !== "string")
      return refuse("body_invalid", { values: { expected: 'the "token" from the confirmation link' } })
    const confirmed = await service.confirm(json.value.token, deps.now())
    switch (confirmed.kind) {
      case "unknown":
        return refuse("confirm_link_unknown")
      case "expired":
        return refuse("confirm_link_expired")
      case "confirmed": {
        const { kind: _kind, ...place } = confirmed
        return answer(200, { ok: true, status: "confirmed", ...place })
      }
    }
  })
}

/** POST /api/resend `{ email }`: "didn't get the email?". The same 202 whether or not the address is on the list. */
export function handleResendRequest(request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> {
  return guarded(deps, async () => {
    const service = await admit(request, deps)
    if (isAnswer(service)) return service
    const json = await readJson(request, "ask for the link again", "the email address you signed up with")
    if (json.kind === "rejected") return json.answer
    const email = isObject(json.value) && typeof json.value.email === "string" ? json.value.email.trim() : ""
    if (!isValidEmail(email)) return refuse("email_invalid")
    return behindBotCheck(json.value, deps, async () => {
      await service.resend(email, deps.now())
      return answer(202, { ok: true })
    })
  })
}

/** GET /api/challenge: a signed proof-of-work challenge for the forms (404 while the bot check is off). */
export function handleChallengeRequest(request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> {
  return guarded(deps, async () => {
    const service = await admit(request, deps, "read")
    if (isAnswer(service)) return service
    const wrongMethod = checkMethod(request.method, "GET", "ask for a challenge")
    if (wrongMethod) return wrongMethod
    if (!deps.botCheck || deps.botCheck.mode === "off") return refuse("bot_check_off")
    return answer(200, { ...(await newChallenge(deps.botCheck.secret, deps.now())) })
  })
}

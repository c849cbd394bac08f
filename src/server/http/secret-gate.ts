/**
 * The gate in front of a secret's endpoints (the owner's, OWNER_TOKEN; the shop's, INVITE_API_TOKEN).
 *
 * Each client has a failure bucket of the realm's own, apart from the signup limit, and the bucket
 * decides before the secret's comparison counts: while it is empty every try is refused with 429,
 * the right secret too, so a client learns nothing from a guess past its budget (a right guess
 * that still got 200 would let a client guess at any rate). A wrong try takes a token; the right
 * secret takes none, so the owner's page and the shop, however busy, never empty it. The bucket
 * and the comparison are one step (a hit that costs 0 or 1), so guesses sent together cannot slip
 * past it.
 *
 * What this costs: someone who shares the owner's client key (the same IPv4 address, the same
 * IPv6 /64) and guesses wrong holds the owner off too, until the bucket refills. There is no
 * bucket shared by every client: checked before the comparison, it would let anyone lock the owner
 * out from anywhere; checked after it, it would slow no one. A pool of addresses is held back by
 * each address's bucket and beaten by the secret itself (32 characters or more, with variety).
 */
import { hash, timingSafeEqual } from "node:crypto"
import { refuse, tooManyRequests, type ApiAnswer } from "./kit"
import type { ErrorCode } from "../../signup/errors"
import type { ApiRequest, HandlerDependencies } from "./kit"
import { createWrongTryLog, type SecretRealm, type WrongTryLog } from "./wrong-try-log"

/** Whether the request carries `Authorization: Bearer <secret>`, compared in constant time. */
export function hasBearerSecret(authorization: string | undefined, secret: string): boolean {
  const sent = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? "")?.[1]
  if (sent === undefined) return false
  // Digests of equal length, so neither the comparison's time nor a length check tells anything.
  return timingSafeEqual(hash("sha256", sent, "buffer"), hash("sha256", secret, "buffer"))
}

// Dependencies made without a log of their own (tests, tools) share one per logger.
const fallbackLogs = new WeakMap<HandlerDependencies["logError"], WrongTryLog>()
function wrongTryLogOf(deps: HandlerDependencies): WrongTryLog {
  if (deps.wrongTryLog) return deps.wrongTryLog
  let log = fallbackLogs.get(deps.logError)
  if (!log) fallbackLogs.set(deps.logError, (log = createWrongTryLog(deps.logError)))
  return log
}

/**
 * The gate: null when the request carries the right secret and its client's failure bucket is
 * not empty; else the answer (429 while the bucket is empty, whatever was sent; 401 for a wrong
 * or missing secret, logged once a window per client).
 */
export async function secretGate(
  request: ApiRequest,
  deps: HandlerDependencies,
  realm: SecretRealm,
  secret: string,
  wrongSecret: ErrorCode,
): Promise<ApiAnswer | null> {
  const right = hasBearerSecret(request.headers.authorization, secret)
  const decision = await deps.rateLimiter.hit(`${realm} secret: ${request.clientKey}`, right ? 0 : 1)
  if (!right) wrongTryLogOf(deps)(realm, request.clientKey, deps.now().getTime())
  if (!decision.allowed) return tooManyRequests(decision.retryAfterSeconds)
  return right ? null : refuse(wrongSecret, { headers: { "WWW-Authenticate": `Bearer realm="${realm}"` } })
}

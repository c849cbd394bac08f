/**
 * The bot check in front of the endpoints a stranger can make us write or mail from (signup,
 * resend): a self-hosted proof of work (ALTCHA). The server signs a short-lived challenge
 * (`GET /api/challenge`); the visitor's browser solves it while they type (a few thousand
 * SHA-256 hashes in a worker); the request carries the solution, which is checked here on every
 * path, never trusted from the browser, and taken once (see store/challenges.ts). No third
 * party, no cookie, nothing for a person to click.
 *
 * Modes (ALTCHA_MODE): `off`; `monitor` (the default: every check is recorded and counted, what
 * would be refused goes through: the way to roll it out); `enforce` (refused with 403).
 */
import { randomBytes } from "node:crypto"
import { createChallenge, solveChallenge, verifySolution, type Challenge } from "altcha-lib"
import { deriveKey } from "altcha-lib/algorithms/sha"
import type { ChallengeVerdict } from "../store/store"

export type BotCheckMode = "off" | "monitor" | "enforce"
export const BOT_CHECK_MODES: readonly BotCheckMode[] = ["off", "monitor", "enforce"]

/** How long a challenge may be solved and used: a person fills the form in well under this. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000
/**
 * The work: a key whose hex starts with three zeros, 4,096 SHA-256 hashes on average (under a
 * second on a slow phone, see `npm run bench:abuse`); each solution is good for one request.
 */
const KEY_PREFIX = "000"
const ALGORITHM = "SHA-256"

/** The field of a request that carries the solution: what the browser sends. */
export const SOLUTION_FIELD = "altcha"

export interface BotCheckSettings {
  mode: BotCheckMode
  /** The secret challenges are signed with (ALTCHA_HMAC_KEY), or one made for this process. */
  secret: string
}

/** A signed challenge for a visitor's browser, valid for CHALLENGE_TTL_MS from `now`. */
export function newChallenge(secret: string, now: Date): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    keyPrefix: KEY_PREFIX,
    deriveKey,
    hmacSignatureSecret: secret,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  })
}

/** What the check of a request's solution found, before it is taken once. */
export interface SolutionCheck {
  verdict: ChallengeVerdict
  /** The challenge's signature, which names it (for taking it once), and when it expires. */
  signature: string | null
  expiresAt: string | null
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/** The `{ challenge, solution }` a request's field carries (base64 of JSON, as ALTCHA sends it), or null. */
export function decodeSolution(field: unknown): { challenge: Challenge; solution: { counter: number; derivedKey: string } } | null {
  if (typeof field !== "string" || field.length === 0 || field.length > 4096) return null
  try {
    const value: unknown = JSON.parse(Buffer.from(field, "base64").toString("utf8"))
    if (!isObject(value) || !isObject(value.challenge) || !isObject(value.challenge.parameters) || !isObject(value.solution)) return null
    return value as unknown as { challenge: Challenge; solution: { counter: number; derivedKey: string } }
  } catch {
    return null
  }
}

/** Checks a request's solution field: signature, expiry (against `now`), the work itself. */
export async function checkSolution(field: unknown, secret: string, now: Date): Promise<SolutionCheck> {
  if (field === undefined || field === null || field === "") return { verdict: "missing", signature: null, expiresAt: null }
  const payload = decodeSolution(field)
  if (!payload) return { verdict: "invalid", signature: null, expiresAt: null }
  const { challenge, solution } = payload
  const expiresAt = challenge.parameters.expiresAt
  if (typeof expiresAt !== "number" || expiresAt * 1000 < now.getTime()) return { verdict: "expired", signature: null, expiresAt: null }
  try {
    const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: secret })
    if (result.expired) return { verdict: "expired", signature: null, expiresAt: null }
    if (!result.verified || typeof challenge.signature !== "string") return { verdict: "invalid", signature: null, expiresAt: null }
    return { verdict: "passed", signature: challenge.signature, expiresAt: new Date(expiresAt * 1000).toISOString() }
  } catch {
    return { verdict: "invalid", signature: null, expiresAt: null }
  }
}

/** Solves a challenge in Node and gives the request field's value: for tests and the attacker bench. */
export async function solveForRequest(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error("the challenge could not be solved")
  return Buffer.from(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } })).toString("base64")
}

/** The mode ALTCHA_MODE names (monitor when unset), or the problem with it. */
export function parseBotCheckMode(raw: string | undefined): { mode: BotCheckMode; problem: string | null } {
  const value = raw?.trim().toLowerCase()
  if (value === undefined || value === "") return { mode: "monitor", problem: null }
  if ((BOT_CHECK_MODES as readonly string[]).includes(value)) return { mode: value as BotCheckMode, problem: null }
  return { mode: "monitor", problem: `ALTCHA_MODE is "${raw}": use off, monitor or enforce; until then it is monitor` }
}

/** A secret for this process alone, where ALTCHA_HMAC_KEY is not set: challenges then verify only on this instance. */
export function processSecret(): string {
  return randomBytes(32).toString("base64url")
}

/**
 * What production says at start about a bot check that refuses nothing: in `monitor` (the
 * default) every signup passes, solved or not; `off` does not even count. Null in `enforce`.
 */
export function botCheckNotice(mode: BotCheckMode): string | null {
  if (mode === "enforce") return null
  const how = "set ALTCHA_HMAC_KEY and ALTCHA_MODE=enforce to refuse signups without a solved challenge"
  return mode === "monitor"
    ? `the bot check is in monitor mode (ALTCHA_MODE=monitor, the default): it counts, on the owner's page, what it would refuse, and refuses nothing; once the counts look right, ${how}`
    : `the bot check is off (ALTCHA_MODE=off): nothing is checked or counted; ${how}`
}

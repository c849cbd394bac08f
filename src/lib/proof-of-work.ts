/**
 * The signup and resend forms' answer to the bot check (src/server/http/bot-check.ts): fetch a
 * signed challenge and solve it while the visitor types, so the request carries the solution and
 * nobody waits or clicks a puzzle. The work is ALTCHA's SHA-256 proof (the same as the `altcha`
 * widget's SHA worker): find a counter whose SHA-256(salt, nonce, counter) starts with the key
 * prefix. Plain Web Crypto, a few dozen lines: the widget's 110 KB of interface would show a
 * checkbox the form does not need. Loaded only when a visitor starts a form.
 */
import { requestJson } from "./http"
import { siblingEndpoint } from "./waitlist-client"

interface ChallengeParameters {
  algorithm: string
  nonce: string
  salt: string
  keyPrefix: string
  keyLength?: number
}

interface Challenge {
  parameters: ChallengeParameters
  signature?: string
}

/** Hashes tried at once: Web Crypto answers each asynchronously, so a batch saves most of the waiting. */
const BATCH = 32
/** A solve that takes longer than this is given up (the server would find the challenge expired). */
const GIVE_UP_MS = 60_000

const bytesOfHex = (hex: string): Uint8Array => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16))
const hexOf = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")

const isChallenge = (value: unknown): value is Challenge => {
  const parameters = (value as Challenge | null)?.parameters
  return (
    typeof parameters?.nonce === "string" &&
    typeof parameters.salt === "string" &&
    typeof parameters.keyPrefix === "string" &&
    parameters.algorithm === "SHA-256"
  )
}

/** The counter and key that solve `challenge`, searched in batches; null if it takes too long. */
export const solve = async (challenge: Challenge, subtle: SubtleCrypto = crypto.subtle, now: () => number = () => performance.now()) => {
  const { nonce, salt, keyPrefix, keyLength = 32 } = challenge.parameters
  const prefix = bytesOfHex(salt)
  const start = bytesOfHex(nonce)
  const started = now()
  for (let first = 0; now() - started < GIVE_UP_MS; first += BATCH) {
    const counters = Array.from({ length: BATCH }, (_, index) => first + index)
    const keys = await Promise.all(
      counters.map(async (counter) => {
        const data = new Uint8Array(prefix.length + start.length + 4)
        data.set(prefix, 0)
        data.set(start, prefix.length)
        new DataView(data.buffer).setUint32(prefix.length + start.length, counter, false)
        return hexOf(new Uint8Array(await subtle.digest("SHA-256", data)).slice(0, keyLength))
      }),
    )
    const found = keys.findIndex((key) => key.startsWith(keyPrefix))
    if (found !== -1) return { counter: counters[found], derivedKey: keys[found] }
  }
  return null
}

/** The value the request's `altcha` field carries: the challenge and its solution, as base64 JSON. */
export const solutionField = (challenge: Challenge, solution: { counter: number; derivedKey: string }): string => btoa(JSON.stringify({ challenge, solution }))

/** Asks for a challenge and solves it; undefined when the site has no bot check or the work failed (the server decides). */
const fetchAndSolve = async (): Promise<string | undefined> => {
  const answer = await requestJson(siblingEndpoint("challenge"), "GET", undefined)
  if (answer.status !== 200 || !isChallenge(answer.body)) return undefined
  try {
    const solution = await solve(answer.body)
    return solution ? solutionField(answer.body, solution) : undefined
  } catch {
    return undefined
  }
}

let current: Promise<string | undefined> | null = null

/** Starts solving for the next request, once per page view until it is taken; safe to call on every focus. */
export const startProofOfWork = (): Promise<string | undefined> => {
  current ??= fetchAndSolve()
  return current
}

/** The solution for a request now (waiting for it if the visitor was quicker); each is used once. */
export const takeProofOfWork = async (): Promise<string | undefined> => {
  const solution = await startProofOfWork()
  current = null
  return solution
}

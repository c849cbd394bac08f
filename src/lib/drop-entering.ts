/**
 * Entering a drop from the status page: the request (POST /api/drop/enter, behind the bot check
 * like signup and resend) and what its answer means. The status page loads this module when a
 * person first touches a drop's size choice, with the signup form's bot check (its proof of work
 * is solved while they choose), so readers who never enter download none of it.
 */
import type { EntryReview } from "../drop/contract"
import { isSuccess, requestJson, type RequestOptions } from "./http"
import { siblingEndpoint } from "./waitlist-client"

export { startBotCheck, takeBotCheck } from "./signup-sending"

/** Why an entry did not go through, one kind per answer the endpoint gives (src/server/http/drop-handler.ts). */
export type EntryRefusal = "badSize" | "botCheck" | "notConfirmed" | "held" | "notFound" | "notOpen" | "closed" | "notSetUp" | "expired" | "tooMany" | "failed"

export type EntryOutcome =
  { kind: "entered"; size: string | null; tickets: number; entryId: string | null; review: EntryReview } | { kind: "refused"; why: EntryRefusal }

const errorOf = (body: unknown): string => {
  const error = typeof body === "object" && body !== null ? (body as { error?: unknown }).error : undefined
  return typeof error === "string" ? error : ""
}

/**
 * The refusal an answer names. A status alone says most; 403 and 409 each have several reasons,
 * which the endpoint's sentence tells apart (a test holds these patterns to the handler's words).
 */
export const refusalOf = (status: number, body: unknown): EntryRefusal => {
  const error = errorOf(body)
  switch (status) {
    case 400:
      return "badSize"
    case 403:
      if (/^Only confirmed people/.test(error)) return "notConfirmed"
      if (/waiting for a check/.test(error)) return "held"
      return "botCheck"
    case 404:
      return "notFound"
    case 409:
      if (/ open at /.test(error)) return "notOpen"
      if (/isn't set up/.test(error)) return "notSetUp"
      return "closed"
    case 410:
      return "expired"
    case 429:
      return "tooMany"
    default:
      return "failed"
  }
}

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0

const REVIEWS: readonly EntryReview[] = ["waiting", "leftOut", null]

/** What a 2xx answer says of the entry now, or null when it is not the endpoint's answer. */
const readEntry = (body: unknown): { size: string | null; tickets: number; entryId: string | null; review: EntryReview } | null => {
  if (typeof body !== "object" || body === null) return null
  const { ok, size, tickets, entryId, review = null } = body as Record<string, unknown>
  if (ok !== true || !(size === null || typeof size === "string") || !isCount(tickets) || !(entryId === null || typeof entryId === "string")) return null
  if (!REVIEWS.includes(review as EntryReview)) return null
  return { size, tickets, entryId, review: review as EntryReview }
}

/** Enters the draw with `size`, changes the entry to it, or withdraws it (`size: null`); never throws. */
export const enterDrop = async (token: string, drop: string, size: string | null, altcha?: string, options?: RequestOptions): Promise<EntryOutcome> => {
  const answer = await requestJson(siblingEndpoint("drop/enter"), "POST", { token, drop, size, ...(altcha ? { altcha } : {}) }, options)
  if (isSuccess(answer.status)) {
    const entry = readEntry(answer.body)
    return entry ? { kind: "entered", ...entry } : { kind: "refused", why: "failed" }
  }
  return { kind: "refused", why: refusalOf(answer.status, answer.body) }
}

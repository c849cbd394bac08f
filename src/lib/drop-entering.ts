/**
 * Entering a drop from the status page: the request (POST /api/drop/enter, behind the bot check
 * like signup and resend) and what its answer means. The status page loads this module when a
 * person first touches a drop's size choice, with the signup form's bot check (its proof of work
 * is solved while they choose), so readers who never enter download none of it.
 */
import type { EntryReview } from "../drop/contract"
import { isSuccess, requestJson, type RequestOptions } from "./http"
import { refusalKind, type RefusalKind } from "./refusal"
import { siblingEndpoint } from "./waitlist-client"

export { startBotCheck, takeBotCheck } from "./signup-sending"

/** Why an entry did not go through, one kind per answer the endpoint gives (src/server/http/drop-handler.ts). */
export type EntryRefusal = "badSize" | "botCheck" | "notConfirmed" | "held" | "notFound" | "notOpen" | "closed" | "notSetUp" | "expired" | "tooMany" | "failed"

export type EntryOutcome =
  { kind: "entered"; size: string | null; tickets: number; entryId: string | null; review: EntryReview } | { kind: "refused"; why: EntryRefusal }

/** What each kind of refusal means to an entry. */
const ENTRY_REFUSALS: Partial<Record<RefusalKind, EntryRefusal>> = {
  badSize: "badSize",
  botCheck: "botCheck",
  notConfirmed: "notConfirmed",
  held: "held",
  linkUnknown: "notFound",
  dropUnknown: "notFound",
  notOpen: "notOpen",
  closed: "closed",
  notSetUp: "notSetUp",
  linkExpired: "expired",
  tooMany: "tooMany",
}

/** The refusal an answer's code names. */
export function refusalOf(body: unknown): EntryRefusal {
  return ENTRY_REFUSALS[refusalKind(body)] ?? "failed"
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
  return { kind: "refused", why: refusalOf(answer.body) }
}

/** The confirmation, status-page and leaving calls of the signup service, as their pages need them. */
import type { MyDropEntry } from "../drop/contract"
import type { LeaderboardEntry, WaitlistPlace, WaitlistStatus } from "../signup/schema"
import { isSuccess, requestJson, type RequestOptions } from "./http"
import { refusalKind } from "./refusal"
import { readPlace, signupEndpoint } from "./signup-client"

/** The service's endpoints the pages call besides the signup, by name (a test holds them to the server's route table). */
export const SIBLING_ENDPOINTS = ["confirm", "waitlist", "resend", "leave", "unsubscribe", "invite", "challenge", "drop/enter"] as const

/** The service's other endpoints sit next to the signup endpoint (/api/signup -> /api/confirm). */
export const siblingEndpoint = (name: (typeof SIBLING_ENDPOINTS)[number]): string => signupEndpoint().replace(/signup\/?$/, name)

export type ConfirmOutcome = { kind: "confirmed"; place: WaitlistPlace } | { kind: "expired" } | { kind: "notFound" } | { kind: "failed" }

/** What a refused link means to its page: expired, not known, or a failure to try again. */
function linkRefusal(body: unknown): { kind: "expired" } | { kind: "notFound" } | { kind: "failed" } {
  const kind = refusalKind(body)
  return kind === "linkExpired" ? { kind: "expired" } : kind === "linkUnknown" ? { kind: "notFound" } : { kind: "failed" }
}

/** Confirms the address behind a confirmation token (a POST: a mail scanner's GET confirms nothing). */
export const confirmSignup = async (token: string, options?: RequestOptions): Promise<ConfirmOutcome> => {
  const answer = await requestJson(siblingEndpoint("confirm"), "POST", { token }, options)
  if (isSuccess(answer.status)) {
    const place = readPlace(answer.body)
    return place ? { kind: "confirmed", place } : { kind: "failed" }
  }
  return linkRefusal(answer.body)
}

export type StatusOutcome = { kind: "found"; status: WaitlistStatus } | { kind: "notFound" } | { kind: "expired" } | { kind: "failed" }

const count = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0

/** The leaderboard's rows, or undefined when the answer has none (switched off) or they are malformed. */
const readLeaderboard = (value: unknown): LeaderboardEntry[] | undefined => {
  if (!Array.isArray(value)) return undefined
  const rows = value.flatMap((row: unknown) => {
    const { name, referrals, you } = (typeof row === "object" && row !== null ? row : {}) as Record<string, unknown>
    return typeof name === "string" && count(referrals) && typeof you === "boolean" ? [{ name, referrals, you }] : []
  })
  return rows.length === value.length ? rows : undefined
}

const OUTCOMES: ReadonlyArray<MyDropEntry["outcome"]> = ["won", "notWon", null]
const REVIEWS: ReadonlyArray<MyDropEntry["review"]> = ["waiting", "leftOut", null]

/** The person's drop entries by drop id; entries that are not well formed are left out (a drop shows as not entered). */
const readDropEntries = (value: unknown): Record<string, MyDropEntry> => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {}
  return Object.fromEntries(
    Object.entries(value).flatMap(([drop, entry]: [string, unknown]) => {
      const { size, tickets, entryId, outcome, review = null } = (typeof entry === "object" && entry !== null ? entry : {}) as Record<string, unknown>
      const known = OUTCOMES.includes(outcome as MyDropEntry["outcome"]) && REVIEWS.includes(review as MyDropEntry["review"])
      return typeof size === "string" && count(tickets) && typeof entryId === "string" && known
        ? [[drop, { size, tickets, entryId, outcome: outcome as MyDropEntry["outcome"], review: review as MyDropEntry["review"] }]]
        : []
    }),
  )
}

const readStatus = (body: unknown): WaitlistStatus | null => {
  if (typeof body !== "object" || body === null) return null
  const { status, position, total, referrals, waiting, milestone, referralCode, referralUrl, invited, redeemed, leaderboard, drops } = body as Record<
    string,
    unknown
  >
  if (status !== "confirmed" && status !== "pending") return null
  // The list's size comes only once it may be shown (src/signup/list-size.ts).
  if (!(position === null || count(position)) || !(total === undefined || count(total)) || !count(referrals)) return null
  if (typeof referralCode !== "string" || typeof referralUrl !== "string") return null
  const rows = readLeaderboard(leaderboard)
  // A server from before rewards, invitations or drops says nothing of them: no milestone announced, no invitation, no entries.
  return {
    status,
    position,
    ...(total === undefined ? {} : { total }),
    referrals,
    waiting: count(waiting) ? waiting : 0,
    milestone: count(milestone) ? milestone : 0,
    referralCode,
    referralUrl,
    invited: invited === true,
    redeemed: redeemed === true,
    ...(rows ? { leaderboard: rows } : {}),
    drops: readDropEntries(drops),
  }
}

/** Where the signup behind a status token stands (the token in the body: an address would put it in logs). */
export const fetchWaitlistStatus = async (token: string, options?: RequestOptions): Promise<StatusOutcome> => {
  const answer = await requestJson(siblingEndpoint("waitlist"), "POST", { token }, options)
  if (isSuccess(answer.status)) {
    const status = readStatus(answer.body)
    return status ? { kind: "found", status } : { kind: "failed" }
  }
  return linkRefusal(answer.body)
}

/** Asks for the confirmation email again ("didn't get the email?"), with the bot check's solution; true when the service took the request. */
export const requestLinkAgain = async (email: string, altcha?: string, options?: RequestOptions): Promise<boolean> =>
  isSuccess((await requestJson(siblingEndpoint("resend"), "POST", { email, ...(altcha ? { altcha } : {}) }, options)).status)

export type LeaveOutcome = { kind: "left" } | { kind: "notFound" } | { kind: "expired" } | { kind: "failed" }

const leaveOutcome = ({ status, body }: { status: number; body: unknown }): LeaveOutcome => {
  if (isSuccess(status))
    return typeof body === "object" && body !== null && (body as { status?: unknown }).status === "left" ? { kind: "left" } : { kind: "failed" }
  return linkRefusal(body)
}

/** "Leave the list" on the status page: erases the person behind a status token. */
export const leaveList = async (token: string, options?: RequestOptions): Promise<LeaveOutcome> =>
  leaveOutcome(await requestJson(siblingEndpoint("leave"), "POST", { token }, options))

/** The unsubscribe page's button: erases the person behind an email's unsubscribe token (a used one answers "left" too). */
export const unsubscribeByLink = async (token: string, options?: RequestOptions): Promise<LeaveOutcome> =>
  leaveOutcome(await requestJson(siblingEndpoint("unsubscribe"), "POST", { token }, options))

/** What a drop's winning code is for: the drop's name and the piece and size ("Block Heavyweight Hoodie, M"). */
export interface Prize {
  drop: string
  size: string
}

export type InvitationOutcome =
  /** `prize`: the code is a drop's winning code, for this piece; absent for a wave's invitation. */
  | { kind: "valid"; prize?: Prize }
  | { kind: "redeemed"; prize?: Prize }
  /** A drop's winning code not used in time: it went to the next person on the reserve list. */
  | { kind: "passed"; prize: Prize }
  /** A wave's invitation not used in time. */
  | { kind: "expired" }
  | { kind: "notFound" }
  | { kind: "failed" }

const readPrize = (body: Record<string, unknown>): Prize | null =>
  typeof body.drop === "string" && typeof body.size === "string" && body.drop !== "" && body.size !== "" ? { drop: body.drop, size: body.size } : null

/** Whether an invitation code is good, used, passed on or unknown, and the drop's piece when it is a winning code: the invitation page's one question. */
export const fetchInvitation = async (code: string, options?: RequestOptions): Promise<InvitationOutcome> => {
  const answer = await requestJson(siblingEndpoint("invite"), "POST", { code }, options)
  if (!isSuccess(answer.status) || typeof answer.body !== "object" || answer.body === null) return { kind: "failed" }
  const body = answer.body as Record<string, unknown>
  const prize = readPrize(body)
  if (body.state === "valid" || body.state === "redeemed") return prize ? { kind: body.state, prize } : { kind: body.state }
  if (body.state === "passed") return prize ? { kind: "passed", prize } : { kind: "failed" }
  if (body.state === "expired") return { kind: "expired" }
  return body.state === "unknown" ? { kind: "notFound" } : { kind: "failed" }
}

/** Where an invitation's button leads: the shop, with the code, so the shop can redeem it. */
export const shopLink = (shopUrl: string, code: string): string => {
  const url = new URL(shopUrl)
  url.searchParams.set("code", code)
  return url.toString()
}

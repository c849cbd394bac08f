/**
 * The owner's page's calls: its endpoints under /api/owner/, each with the owner's secret as a
 * bearer token, and where the page keeps that secret (this tab's session storage only).
 */
import type { OwnerSummaryAnswer } from "../signup/owner-summary"
import { isValidEmail } from "../signup/rules"
import { REQUEST_TIMEOUT_MS } from "./http"
import { refusalCode } from "./refusal"

export const OWNER_API = "/api/owner"

/** Why a call got no answer to use: the page is off (no OWNER_TOKEN), the secret is wrong, too many tries, or no answer. */
export type OwnerProblem = { kind: "off" } | { kind: "wrong" } | { kind: "tooMany" } | { kind: "failed"; message?: string }

export type OwnerOutcome<Value> = ({ kind: "ok" } & Value) | OwnerProblem

/** "Block 94" -> "block94-owner-secret". */
export const ownerSecretKey = (brand: string): string => `${brand.toLowerCase().replace(/[^a-z0-9]+/g, "")}-owner-secret`

/** This tab's session storage, or undefined where it is blocked. */
const sessionStore = (): Storage | undefined => {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

export const readSecret = (key: string): string | null => {
  try {
    return sessionStore()?.getItem(key) ?? null
  } catch {
    return null
  }
}

export const keepSecret = (key: string, secret: string | null): void => {
  try {
    if (secret === null) sessionStore()?.removeItem(key)
    else sessionStore()?.setItem(key, secret)
  } catch {
    // Blocked storage: the secret lasts as long as the page, which is still this tab only.
  }
}

/** What a refused call means to the page, by the refusal's code (src/signup/errors.ts); a status without one is a failure. */
export const problemOf = (body: unknown): OwnerProblem => {
  const code = refusalCode(body)
  if (code === "owner_off") return { kind: "off" }
  if (code === "owner_secret_wrong") return { kind: "wrong" }
  if (code === "rate_limited") return { kind: "tooMany" }
  const message =
    typeof body === "object" && body !== null && typeof (body as { error?: unknown }).error === "string" ? (body as { error: string }).error : undefined
  return { kind: "failed", message }
}

/** One call with the secret (none: the page asks whether it is on at all); never throws. */
export const call = async (
  path: string,
  secret: string | null,
  init: { method?: "GET" | "POST" | "OPTIONS"; body?: unknown } = {},
): Promise<{ status: number; response: Response | null }> => {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS * 3)
  try {
    const headers: Record<string, string> = { Accept: "application/json" }
    if (secret !== null) headers.Authorization = `Bearer ${secret}`
    if (init.body !== undefined) headers["Content-Type"] = "application/json"
    const response = await fetch(`${OWNER_API}/${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: controller.signal,
      cache: "no-store",
    })
    return { status: response.status, response }
  } catch {
    return { status: 0, response: null }
  } finally {
    clearTimeout(timer)
  }
}

export const jsonOf = async (response: Response | null): Promise<unknown> => {
  try {
    return response ? await response.json() : null
  } catch {
    return null
  }
}

export const isCount = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0

const readSummary = (body: unknown): OwnerSummaryAnswer | null => {
  if (typeof body !== "object" || body === null) return null
  const summary = body as OwnerSummaryAnswer
  const counts = [summary.confirmed, summary.pending, summary.invited, summary.redeemed, summary.left]
  if (!counts.every(isCount) || !Array.isArray(summary.perDay) || typeof summary.generatedAt !== "string") return null
  if (
    ![
      summary.sources,
      summary.campaigns,
      summary.referrers,
      summary.topReferrers,
      summary.disabledWebhooks,
      summary.audit,
      summary.heldReferrals?.rows,
      summary.hardBounces?.rows,
    ].every(Array.isArray)
  )
    return null
  return typeof summary.outbox === "object" && summary.outbox !== null ? summary : null
}

/** Whether the owner's endpoints are on here (OPTIONS, no secret: 200 when on, 404 when off); null when no answer came. */
export const isOwnerPageOn = async (): Promise<boolean | null> => {
  const { status, response } = await call("summary", null, { method: "OPTIONS" })
  await jsonOf(response)
  return status === 404 ? false : status === 0 ? null : true
}

export const fetchSummary = async (secret: string): Promise<OwnerOutcome<{ summary: OwnerSummaryAnswer }>> => {
  const { status, response } = await call("summary", secret)
  const body = await jsonOf(response)
  if (status !== 200) return problemOf(body)
  const summary = readSummary(body)
  return summary ? { kind: "ok", summary } : { kind: "failed" }
}

/** The CSV export as a file to save. */
export const fetchExport = async (secret: string): Promise<OwnerOutcome<{ file: Blob; name: string }>> => {
  const { status, response } = await call("export", secret)
  if (status !== 200 || !response) return problemOf(await jsonOf(response))
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "signups.csv"
  try {
    return { kind: "ok", file: await response.blob(), name }
  } catch {
    return { kind: "failed" }
  }
}

/** Saves a file the page fetched, through a link to it that is clicked once. */
export const saveFile = (file: Blob, name: string): void => {
  const url = URL.createObjectURL(file)
  const link = document.createElement("a")
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // The click has started the download; the file's memory is let go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export const forgetAddress = async (secret: string, email: string): Promise<OwnerOutcome<{ found: boolean }>> => {
  const { status, response } = await call("forget", secret, { method: "POST", body: { email } })
  const body = await jsonOf(response)
  if (status !== 200) return problemOf(body)
  const found = (body as { found?: unknown } | null)?.found
  return typeof found === "boolean" ? { kind: "ok", found } : { kind: "failed" }
}

export type InviteOutcome = OwnerOutcome<{ dryRun: boolean; invited: Array<{ email: string; position: number }> }>

export const inviteNext = async (secret: string, count: number, dryRun: boolean): Promise<InviteOutcome> => {
  const { status, response } = await call("invite", secret, { method: "POST", body: { count, dryRun } })
  const body = await jsonOf(response)
  if (status !== 200) return problemOf(body)
  const { invited, dryRun: answeredDryRun } = (body ?? {}) as { invited?: unknown; dryRun?: unknown }
  if (!Array.isArray(invited) || typeof answeredDryRun !== "boolean") return { kind: "failed" }
  return { kind: "ok", dryRun: answeredDryRun, invited: invited as Array<{ email: string; position: number }> }
}

export const isEmailAddress = (text: string): boolean => isValidEmail(text.trim())

/** Releases held referrals (they count) or rejects them (they never will); says how many were still held. */
export const reviewReferrals = async (secret: string, ids: number[], decision: "release" | "reject"): Promise<OwnerOutcome<{ decided: number }>> => {
  const { status, response } = await call("referrals", secret, { method: "POST", body: { ids, decision } })
  const body = await jsonOf(response)
  if (status !== 200) return problemOf(body)
  const decided = (body as { decided?: unknown } | null)?.decided
  return isCount(decided) ? { kind: "ok", decided } : { kind: "failed" }
}

/** A drop as the owner's page sees it (GET /api/owner/drops): its public record, its window, entries per UTC day and size, and whether this server keeps its seed. */

/**
 * The drop page's calls: a drop's public record (GET /api/drop?drop=ID, a PublishedDrop) and
 * its frozen entry list (GET /api/drop/entries?drop=ID, text). Both sit next to the signup
 * endpoint, like the waitlist's calls. Neither throws: a missing, failed or malformed answer is
 * "unavailable", and the page says so calmly.
 */
import { readBeacon } from "../drop/beacon"
import type { DropCommitment } from "../drop/commitment"
import type { DropPhase, PublishedDrop, SizeStock } from "../drop/contract"
import { isSuccess, requestJson, REQUEST_TIMEOUT_MS, type RequestOptions } from "./http"
import { signupEndpoint } from "./signup-client"

/** The drop endpoints sit next to the signup endpoint (/api/signup -> /api/drop). */
const dropEndpoint = (path: "drop" | "drop/entries"): string => signupEndpoint().replace(/signup\/?$/, path)

const withDrop = (endpoint: string, dropId: string): string => `${endpoint}?${new URLSearchParams({ drop: dropId }).toString()}`

/** Where a drop's public record is (also the no-JavaScript link). */
export const dropRecordUrl = (dropId: string): string => withDrop(dropEndpoint("drop"), dropId)

/** Where a drop's frozen entry list is, one line per entry: id, size, tickets. */
export const entryListUrl = (dropId: string): string => withDrop(dropEndpoint("drop/entries"), dropId)

const PHASES: readonly DropPhase[] = ["scheduled", "open", "closed", "drawn"]

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)
const isCount = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === "string"

const readCounts = (value: unknown): Record<string, number> | null => {
  if (!isRecord(value)) return null
  return Object.values(value).every(isCount) ? (value as Record<string, number>) : null
}

/** Per size, a list of entry ids; null stays null (not drawn yet), anything else malformed is undefined. */
const readIdLists = (value: unknown): Record<string, string[]> | null | undefined => {
  if (value === null || value === undefined) return null
  if (!isRecord(value)) return undefined
  const valid = Object.values(value).every((ids) => Array.isArray(ids) && ids.every((id) => typeof id === "string"))
  return valid ? (value as Record<string, string[]>) : undefined
}

const readStock = (value: unknown): SizeStock[] | null => {
  if (!Array.isArray(value)) return null
  const stock = value.flatMap((item: unknown) =>
    isRecord(item) && typeof item.size === "string" && isCount(item.pieces) ? [{ size: item.size, pieces: item.pieces }] : [],
  )
  return stock.length === value.length ? stock : null
}

/** A commitment; null stays null (not committed yet), anything else malformed is undefined. */
export const readCommitment = (value: unknown): DropCommitment | null | undefined => {
  if (value === null || value === undefined) return null
  if (!isRecord(value)) return undefined
  const { seedHash, chainHash, round, opensAt, closesAt, committedAt } = value
  const texts = [seedHash, chainHash, opensAt, closesAt, committedAt]
  if (!texts.every((text) => typeof text === "string") || typeof round !== "number" || !Number.isSafeInteger(round)) return undefined
  return { seedHash, chainHash, round, opensAt, closesAt, committedAt } as DropCommitment
}

/** A PublishedDrop from an answer's body, or null when it is not one (for this drop). */
export const readPublishedDrop = (body: unknown, dropId: string): PublishedDrop | null => {
  if (!isRecord(body) || body.drop !== dropId || !PHASES.includes(body.phase as DropPhase)) return null
  const { listHash, frozenAt, seed, drawnAt } = body
  if (![listHash, frozenAt, seed, drawnAt].every(isTextOrNull)) return null
  const commitment = readCommitment(body.commitment)
  const beacon = body.beacon === null || body.beacon === undefined ? null : readBeacon(body.beacon)
  const entrants = readCounts(body.entrants ?? {})
  const winners = readIdLists(body.winners)
  const promoted = readIdLists(body.promoted)
  const stock = readStock(body.stock)
  if (commitment === undefined || (body.beacon && !beacon) || !entrants || winners === undefined || promoted === undefined || !stock) return null
  return {
    drop: dropId,
    phase: body.phase as DropPhase,
    commitment,
    beacon,
    entrants,
    listHash: listHash as string | null,
    frozenAt: frozenAt as string | null,
    seed: seed as string | null,
    drawnAt: drawnAt as string | null,
    winners,
    promoted,
    stock,
  }
}

export type DropRecordOutcome = { kind: "found"; record: PublishedDrop } | { kind: "unavailable" }

/** A drop's public record; "unavailable" when there is none yet (404), no answer, or a malformed one. */
export const fetchPublishedDrop = async (dropId: string, options?: RequestOptions): Promise<DropRecordOutcome> => {
  try {
    const answer = await requestJson(dropRecordUrl(dropId), "GET", null, options)
    const record = isSuccess(answer.status) ? readPublishedDrop(answer.body, dropId) : null
    return record ? { kind: "found", record } : { kind: "unavailable" }
  } catch {
    // No fetch at all (an old browser, a test without one): nothing to show either.
    return { kind: "unavailable" }
  }
}

/** The frozen entry list's exact text (the list hash covers these bytes), or null when it cannot be had. */
export const fetchEntryList = async (dropId: string, { timeoutMs = REQUEST_TIMEOUT_MS, fetchImpl = fetch }: RequestOptions = {}): Promise<string | null> => {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    const response = await fetchImpl(entryListUrl(dropId), { headers: { Accept: "text/plain" }, signal: controller.signal })
    return isSuccess(response.status) ? await response.text() : null
  } catch {
    return null
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The owner's page's calls about drops (GET and POST /api/owner/drops): each drop with where it
 * stands, the commitment, the review of entries from new signups, and the draw.
 */
import type { DropCommitment } from "../drop/commitment"
import type { PublishedDrop } from "../drop/contract"
// An entry waiting for the owner's review and the groups they form: the server's own shapes.
import type { EntryCluster, EntryReviewList, ReviewedEntry as WaitingEntry } from "../signup/entry-review"
import { readCommitment, readPublishedDrop } from "./drop-client"
import { call, isCount, jsonOf, problemOf, type OwnerOutcome } from "./owner-client"
import { refusalCode } from "./refusal"
import type { ErrorCode } from "../signup/errors"

export interface OwnerDrop extends PublishedDrop {
  name: string
  opensAt: string
  closesAt: string
  resultsAt: string
  entriesByDay: Array<{ day: string; size: string; entries: number }>
  seedKept: boolean
  /** The commitment as the built site carries it: entries open only while it is the store's. */
  builtCommitment: DropCommitment | null
  /** When the committed beacon round's value comes out, and the chain's name. */
  beaconAt: string | null
  beaconChain: string
  review: EntryReviewList
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)
const isText = (value: unknown): value is string => typeof value === "string"

const readWaiting = (value: unknown): WaitingEntry | null => {
  if (!isRecord(value)) return null
  const { entryCode, size, enteredAt, signedUpAt, domain, network } = value
  if (![entryCode, size, enteredAt, signedUpAt, domain].every(isText) || !(network === null || isCount(network))) return null
  return value as unknown as WaitingEntry
}

const readCluster = (value: unknown): EntryCluster | null => {
  if (!isRecord(value)) return null
  const { by, label, entryCodes } = value
  if ((by !== "network" && by !== "domain") || !isText(label) || !Array.isArray(entryCodes) || !entryCodes.every(isText)) return null
  return { by, label, entryCodes }
}

const readReview = (value: unknown): OwnerDrop["review"] | null => {
  if (!isRecord(value) || !Array.isArray(value.entries) || !Array.isArray(value.clusters)) return null
  const entries = value.entries.map(readWaiting)
  const clusters = value.clusters.map(readCluster)
  if (entries.some((entry) => entry === null) || clusters.some((cluster) => cluster === null)) return null
  return { entries: entries as WaitingEntry[], clusters: clusters as EntryCluster[] }
}

const readOwnerDrop = (value: unknown): OwnerDrop | null => {
  if (!isRecord(value)) return null
  const record = typeof value.drop === "string" ? readPublishedDrop(value, value.drop) : null
  const built = readCommitment(value.builtCommitment)
  const { name, opensAt, closesAt, resultsAt, entriesByDay, seedKept, beaconAt, beaconChain } = value
  const review = readReview(value.review)
  if (!record || built === undefined || !review || ![name, opensAt, closesAt, resultsAt, beaconChain].every(isText) || typeof seedKept !== "boolean")
    return null
  if (!(beaconAt === null || isText(beaconAt)) || !Array.isArray(entriesByDay)) return null
  const days = entriesByDay.flatMap((row: unknown) => {
    const { day, size, entries } = (isRecord(row) ? row : {}) as Record<string, unknown>
    return isText(day) && isText(size) && isCount(entries) ? [{ day, size, entries }] : []
  })
  if (days.length !== entriesByDay.length) return null
  return {
    ...record,
    name: name as string,
    opensAt: opensAt as string,
    closesAt: closesAt as string,
    resultsAt: resultsAt as string,
    entriesByDay: days,
    seedKept,
    builtCommitment: built,
    beaconAt,
    beaconChain: beaconChain as string,
    review,
  }
}

/** Every drop content declares, with where it stands. */
export const fetchDrops = async (secret: string): Promise<OwnerOutcome<{ drops: OwnerDrop[] }>> => {
  const { status, response } = await call("drops", secret)
  const body = await jsonOf(response)
  if (status !== 200) return problemOf(body)
  const list = (body as { drops?: unknown } | null)?.drops
  if (!Array.isArray(list)) return { kind: "failed" }
  const drops = list.map(readOwnerDrop)
  return drops.every((drop): drop is OwnerDrop => drop !== null) ? { kind: "ok", drops } : { kind: "failed" }
}

/** A drop action the server refused for where the drop stands (committed already, not closed, drawn already, unknown): 409, or a 404 that names the drop. */
export type DropRefusal = { kind: "conflict" }

/** Where the drop stands, by the refusal's code (src/signup/errors.ts). */
const CONFLICTS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "drop_unknown",
  "seed_committed",
  "window_changed",
  "window_opened",
  "review_closed",
  "seed_not_committed",
  "commitment_not_built",
  "draw_too_early",
  "already_drawn",
])

/** The drop's own refusals; null for the answers every owner call shares (off, wrong, too many, failed). */
function dropRefusal(body: unknown): DropRefusal | null {
  const code = refusalCode(body)
  return code !== null && CONFLICTS.has(code) ? { kind: "conflict" } : null
}

/** Commits a new seed for a drop before its window opens: the seed comes back this once, with the commitment. */
export const commitSeed = async (
  secret: string,
  drop: string,
): Promise<OwnerOutcome<{ seed: string; commitment: DropCommitment; seedKept: boolean }> | DropRefusal> => {
  const { status, response } = await call("drops", secret, { method: "POST", body: { action: "commit", drop } })
  const body = await jsonOf(response)
  if (status !== 200) return dropRefusal(body) ?? problemOf(body)
  const { seed, seedKept } = (body ?? {}) as Record<string, unknown>
  const commitment = readCommitment(isRecord(body) ? body.commitment : undefined)
  return isText(seed) && typeof seedKept === "boolean" && commitment ? { kind: "ok", seed, commitment, seedKept } : { kind: "failed" }
}

/** Lets entries waiting for review into the draw, or leaves them out; how many changed. */
export const reviewEntries = async (
  secret: string,
  drop: string,
  entries: readonly string[],
  decision: "letIn" | "leaveOut",
): Promise<OwnerOutcome<{ changed: number }> | DropRefusal> => {
  const { status, response } = await call("drops", secret, { method: "POST", body: { action: "review", drop, entries, decision } })
  const body = await jsonOf(response)
  if (status !== 200) return dropRefusal(body) ?? problemOf(body)
  const { changed } = (body ?? {}) as Record<string, unknown>
  return isCount(changed) ? { kind: "ok", changed } : { kind: "failed" }
}

/** Why a draw waits on the beacon: its round is not out yet (until `at`), could not be fetched, or the value given is not it. */
export type BeaconProblem =
  { kind: "beaconNotYet"; round: number; at: string } | { kind: "beaconUnreachable"; round: number } | { kind: "beaconInvalid"; round: number }

function beaconProblem(body: unknown): BeaconProblem | null {
  if (!isRecord(body) || !isCount(body.round)) return null
  const code = refusalCode(body)
  if (code === "beacon_not_yet" && isText(body.at)) return { kind: "beaconNotYet", round: body.round, at: body.at }
  if (code === "beacon_unreachable") return { kind: "beaconUnreachable", round: body.round }
  if (code === "beacon_invalid") return { kind: "beaconInvalid", round: body.round }
  return null
}

/**
 * Runs a closed drop's draw, with the seed the owner saved when the server keeps none (null: the
 * server's), and the beacon round's signature when the owner gives it by hand (null: fetched).
 */
export const runDraw = async (
  secret: string,
  drop: string,
  seed: string | null,
  beacon: string | null = null,
): Promise<OwnerOutcome<{ winners: number; notified: number }> | DropRefusal | BeaconProblem | { kind: "seedMissing" } | { kind: "seedMismatch" }> => {
  const { status, response } = await call("drops", secret, {
    method: "POST",
    body: { action: "draw", drop, ...(seed ? { seed } : {}), ...(beacon ? { beacon } : {}) },
  })
  const body = await jsonOf(response)
  const waiting = beaconProblem(body)
  if (waiting) return waiting
  if (refusalCode(body) === "seed_not_kept") return { kind: "seedMissing" }
  if (refusalCode(body) === "seed_mismatch") return { kind: "seedMismatch" }
  if (status !== 200) return dropRefusal(body) ?? problemOf(body)
  const { winners, notified } = (body ?? {}) as Record<string, unknown>
  return isCount(winners) && isCount(notified) ? { kind: "ok", winners, notified } : { kind: "failed" }
}

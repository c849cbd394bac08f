/**
 * The owner's side of a drop: the commitment before the window opens, the draw after the close
 * (with the committed beacon round's value, fetched or given by hand, checked by its signature
 * either way), and the emails that follow. The draw rule itself is src/drop/draw.ts, the same
 * code the verifiers run; this file only feeds it what the store froze.
 */
import { readBeacon, roundTime, type Beacon } from "../../drop/beacon"
import { isBeaconSigned } from "../../drop/beacon-signature"
import { commitmentMismatch, makeCommitment, sameCommitment, type DropCommitment } from "../../drop/commitment"
import { windowPhase } from "../../drop/contract"
import { drawKey, drawWinners, newSeed, seedHash, type DrawResult } from "../../drop/draw"
import { hashToken, newSecretToken } from "../keys/codes"
import type { NewPrize, PrizeWinner } from "../store/store"
import { findDrop, redeemDeadline, stockOf, type CatalogDrop } from "./catalog"
import { nodeTicketHasher, type DropCore } from "./drop-core"
import { readSeed, stageSeed } from "./seeds"

export type CommitAnswer =
  /** A new commitment (and seed): `replaced` when it took the place of one for another window. */
  | { kind: "committed"; seed: string; commitment: DropCommitment; seedFile: string | null; replaced: boolean }
  /** The store has this window's commitment already: the same one goes into content. */
  | { kind: "alreadyCommitted"; commitment: DropCommitment }
  | { kind: "unknownDrop" }
  | { kind: "tooLate" }
  /** The store's commitment is for another window, and entries were taken under it: it stays. */
  | { kind: "notReplaceable"; commitment: DropCommitment }

export type DrawAnswer =
  | { kind: "drawn"; result: DrawResult; drawMs: number; notified: number; beacon: Beacon }
  | { kind: "unknownDrop" }
  | { kind: "notCommitted" }
  /** The built content's commitment is not the store's: no draw until they agree. */
  | { kind: "commitmentDiffers" }
  | { kind: "notClosed"; closesAt: string }
  | { kind: "alreadyDrawn" }
  | { kind: "noSeed" }
  | { kind: "seedMismatch" }
  /** The committed round's value appears at `at`: try again then. */
  | { kind: "beaconNotYet"; round: number; at: string }
  /** No relay gave the round's value: try again, or give it by hand. */
  | { kind: "beaconUnreachable"; round: number; reasons: string[] }
  /** The value given (or a relay's) is not the committed round's, signed by the chain's key. */
  | { kind: "beaconInvalid"; round: number; reasons: string[] }

/** "Not this time" emails queued per transaction: a million entrants never hold the writer for long. */
const NOTIFY_BATCH = 1_000

/** The date a winner reads in their email: "10 December 2026, 17:00 UTC". */
export const deadlineText = (deadline: Date): string =>
  `${deadline.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })}, ${deadline.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" })} UTC`

export const drawService = (core: DropCore) => {
  const { store, catalog, seedDir, links } = core

  /** A code for a winner (or the reserve reached after one), kept as its hash, in its email. */
  const issuePrize =
    (drop: CatalogDrop, deadline: Date) =>
    (winner: PrizeWinner): NewPrize => {
      const code = newSecretToken()
      return {
        codeHash: hashToken(code),
        mail: core.dropMessage("drop-won", winner.email, links.invite(code), {
          drop: drop.name,
          size: core.sizeName(drop, winner.size),
          deadline: deadlineText(deadline),
        }),
      }
    }

  /** Queues "not this time" emails in batches, at most `batches` of them (the rest wait for the next call). */
  const notifyNotWon = async (drop: CatalogDrop, now: Date, batches = Number.POSITIVE_INFINITY): Promise<number> => {
    if (!catalog.notThisTimeEmail) return 0
    let notified = 0
    for (let batch = 0; batch < batches; batch += 1) {
      const queued = await store.notifyNotWon(
        drop.id,
        (entrant) => core.dropMessage("drop-not-won", entrant.email, links.drop(drop.id), { drop: drop.name, size: core.sizeName(drop, entrant.size) }),
        now,
        NOTIFY_BATCH,
      )
      notified += queued
      if (queued < NOTIFY_BATCH) break
    }
    return notified
  }

  /** The committed round's value: the one given (checked), else fetched from the chain's relays (checked again). */
  const beaconFor = async (round: number, given: unknown, now: Date): Promise<{ beacon: Beacon } | DrawAnswer> => {
    if (given !== null && given !== undefined) {
      const beacon = readBeacon(typeof given === "string" ? { round, signature: given.trim().toLowerCase() } : given)
      if (!beacon || beacon.round !== round || !(await isBeaconSigned(catalog.chain, beacon)))
        return { kind: "beaconInvalid", round, reasons: [`the value given is not round ${round}'s, signed by ${catalog.chain.name}'s key`] }
      return { beacon }
    }
    const at = roundTime(catalog.chain, round)
    if (now < at) return { kind: "beaconNotYet", round, at: at.toISOString() }
    if (!core.beacons) return { kind: "beaconUnreachable", round, reasons: ["this server fetches no beacon: give the round's value by hand"] }
    const fetched = await core.beacons(catalog.chain, round)
    if (fetched.kind === "beacon") return { beacon: fetched.beacon }
    return { kind: fetched.kind === "invalid" ? "beaconInvalid" : "beaconUnreachable", round, reasons: fetched.reasons }
  }

  return {
    /**
     * The owner commits before the window opens: a new secret seed, and the first beacon round
     * after the close. The commitment goes to the store (and then, by drop:commit or by hand, into
     * content/drops.json); the seed to a file of its own (where one lasts) and back to the owner.
     * A drop already committed for this window keeps its commitment; one committed for a window
     * since moved gets a new one, as long as nobody entered under the old.
     */
    async commit(dropId: unknown, now: Date): Promise<CommitAnswer> {
      const drop = findDrop(catalog, dropId)
      if (!drop) return { kind: "unknownDrop" }
      if (windowPhase(drop, now) !== "scheduled") return { kind: "tooLate" }
      const stored = await store.dropRow(drop.id)
      if (stored && commitmentMismatch(stored.commitment, drop, catalog.chain) === null) return { kind: "alreadyCommitted", commitment: stored.commitment }
      const seed = newSeed()
      const commitment = makeCommitment(await seedHash(seed), catalog.chain, drop, now)
      // The seed is kept before the commitment exists, so a committed drop always has its seed.
      const staged = seedDir ? stageSeed(seedDir, drop.id, seed) : null
      if (!(await store.commitDrop(drop.id, commitment, { replace: stored !== null }))) {
        staged?.discard()
        const kept = await store.dropRow(drop.id)
        return kept ? { kind: stored ? "notReplaceable" : "alreadyCommitted", commitment: kept.commitment } : { kind: "tooLate" }
      }
      staged?.keep()
      return { kind: "committed", seed, commitment, seedFile: staged?.file ?? null, replaced: stored !== null }
    },

    /**
     * The draw, after the close: the content's commitment must be the store's; the seed (given,
     * or the one kept at the commitment) must match its hash; the committed round's beacon value
     * must be out and signed; the entries are frozen; the rule ranks each size; winners get their
     * codes and (where content says so) everyone else a short email, all through the outbox.
     */
    async draw(dropId: unknown, given: { seed?: string | null; beacon?: unknown }, now: Date): Promise<DrawAnswer> {
      const drop = findDrop(catalog, dropId)
      if (!drop) return { kind: "unknownDrop" }
      const committed = await store.dropRow(drop.id)
      if (!committed) return { kind: "notCommitted" }
      if (committed.drawnAt) return { kind: "alreadyDrawn" }
      if (!sameCommitment(committed.commitment, drop.commitment)) return { kind: "commitmentDiffers" }
      if (windowPhase(drop, now) !== "closed") return { kind: "notClosed", closesAt: drop.closesAt }
      const seed = given.seed?.trim().toLowerCase() || (seedDir ? readSeed(seedDir, drop.id) : null)
      if (!seed) return { kind: "noSeed" }
      if (!/^[0-9a-f]{64}$/.test(seed) || (await seedHash(seed)) !== committed.commitment.seedHash) return { kind: "seedMismatch" }
      const row = await core.currentRow(drop, now)
      if (!row?.listHash) throw new Error(`the entries of ${drop.id} could not be frozen`)
      const found = await beaconFor(committed.commitment.round, given.beacon ?? null, now)
      if (!("beacon" in found)) return found
      const entries = await store.frozenEntries(drop.id)
      const key = drawKey(seed, found.beacon.signature)
      const started = performance.now()
      const result = await drawWinners({ entries, stock: stockOf(drop), key, listHash: row.listHash, hasher: nodeTicketHasher(key) })
      const drawMs = performance.now() - started
      const deadline = redeemDeadline(drop, now)
      const ranking = result.bySize.map(({ size, pieces, winners, reserve }) => ({ size, pieces, order: [...winners, ...reserve] }))
      if (!(await store.recordDraw(drop.id, { seed, beacon: found.beacon }, ranking, issuePrize(drop, deadline), now, deadline)))
        return { kind: "alreadyDrawn" }
      // The first batch of "not this time" now; the rest (a million entrants take minutes) by `notifyNotWon`, which the upkeep runs too.
      const notified = await notifyNotWon(drop, now, 1)
      await core.outboxWritten()
      return { kind: "drawn", result, drawMs, notified, beacon: found.beacon }
    },

    /** Queues every "not this time" email of a drawn drop still due; returns how many. */
    async notifyNotWon(dropId: unknown, now: Date): Promise<number> {
      const drop = findDrop(catalog, dropId)
      if (!drop) return 0
      const notified = await notifyNotWon(drop, now)
      if (notified > 0) await core.outboxWritten()
      return notified
    },

    /** Drawn drops' unused codes passed on to the reserve list, and "not this time" still due: the upkeep's part. */
    async passOn(drop: CatalogDrop, now: Date): Promise<number> {
      const deadline = redeemDeadline(drop, now)
      return (await store.passOnPrizes(drop.id, core.piecesOf(drop), issuePrize(drop, deadline), now, deadline)) + (await notifyNotWon(drop, now))
    },
  }
}

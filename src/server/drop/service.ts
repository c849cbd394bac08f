/**
 * The drop's rules, free of HTTP: entering from a status link while the window is open (only once
 * the built content's commitment is the store's), the public record and its frozen entry list,
 * the owner's review of entries from new signups, and the upkeep that freezes a drop at its close
 * and passes unused codes on. The owner's commitment and the draw are draw-service.ts.
 */
import { randomBytes } from "node:crypto"
import { roundTime } from "../../drop/beacon"
import { sameCommitment } from "../../drop/commitment"
import { windowPhase, type EntryReview, type PublishedDrop } from "../../drop/contract"
import { ticketsFor } from "../../drop/tickets"
import { DROP_ENTRY_DAYS } from "../../signup/retention"
import type { RedeemPrizeResult } from "../store/store"
import { hashToken, isTokenShape } from "../keys/codes"
import { findDrop, stockOf, type CatalogDrop } from "./catalog"
import { dropCore, type DropServiceDependencies } from "./drop-core"
import { drawService } from "./draw-service"
import { listFileCache, type ListFile } from "./list-file"
import { reviewList } from "../../signup/entry-review"
import { readSeed } from "./seeds"
import { DAY_MS } from "../../signup/durations"

export type { DropServiceDependencies } from "./drop-core"
export { nodeTicketHasher } from "./drop-core"
export type { CommitAnswer, DrawAnswer } from "./draw-service"
export { deadlineText } from "./draw-service"

export type EnterAnswer =
  | { kind: "entered"; size: string | null; tickets: number; entryId: string | null; review: EntryReview }
  | { kind: "unknownDrop" }
  | { kind: "unknownSize" }
  | { kind: "notOpen"; opensAt: string }
  | { kind: "closed" }
  | { kind: "unknown" }
  | { kind: "expired" }
  | { kind: "notConfirmed" }
  | { kind: "held" }
  | { kind: "notCommitted" }

/** How long a person stays tied to their entry after the close (the privacy page's promise). */
const ENTRY_KEEP_MS = DROP_ENTRY_DAYS * DAY_MS

/** A pseudonymous entry code for the published list: 16 characters of [a-z2-7], 80 random bits. */
export const newEntryCode = (): string => {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
  const bytes = randomBytes(16)
  return Array.from(bytes, (byte) => alphabet[byte % 32]).join("")
}

export const createDropService = (deps: DropServiceDependencies) => {
  const core = dropCore(deps)
  const { store, catalog, seedDir, links } = core
  const drawing = drawService(core)
  const listFiles = listFileCache(deps.listDir)

  /** Drops whose built commitment the store was seen to hold: commitments never change once entries exist. */
  const agreed = new Set<string>()
  const commitmentAgrees = async (drop: CatalogDrop): Promise<boolean> => {
    if (agreed.has(drop.id)) return true
    const row = await store.dropRow(drop.id)
    if (!row || !sameCommitment(row.commitment, drop.commitment)) return false
    agreed.add(drop.id)
    return true
  }

  return {
    ...drawing,

    /**
     * Enters (or changes the size, or withdraws with `size: null`) for the person behind a status
     * token; `network` is the request's, kept for the owner's review of entries from new signups.
     */
    async enter(token: unknown, dropId: unknown, size: string | null, now: Date, network: string | null = null): Promise<EnterAnswer> {
      const drop = findDrop(catalog, dropId)
      if (!drop) return { kind: "unknownDrop" }
      if (size !== null && !drop.sizes.some(({ key }) => key === size)) return { kind: "unknownSize" }
      if (!isTokenShape(token)) return { kind: "unknown" }
      const phase = windowPhase(drop, now)
      if (phase === "scheduled") return { kind: "notOpen", opensAt: drop.opensAt }
      if (phase === "closed") return { kind: "closed" }
      // No entry counts until the site as built carries the commitment the store holds.
      if (!(await commitmentAgrees(drop))) return { kind: "notCommitted" }
      if (await store.statusTokenExpired(hashToken(token), now)) return { kind: "expired" }
      const entered = await store.enterDrop(
        {
          statusTokenHash: hashToken(token),
          drop: drop.id,
          size,
          entryCode: newEntryCode(),
          network,
          // The entry's email leads back to the status page it was made on, where it can be changed.
          confirmation: (email, chosen) =>
            deps.mail ? core.dropMessage("drop-entered", email, links.status(token), { drop: drop.name, size: core.sizeName(drop, chosen) }) : null,
        },
        now,
      )
      switch (entered.kind) {
        case "entered":
          if (entered.changed) await core.outboxWritten()
          return {
            kind: "entered",
            size: entered.size,
            tickets: ticketsFor(entered.referrals, drop.bonus),
            entryId: entered.entryCode,
            review: entered.review,
          }
        case "withdrawn":
        case "notEntered":
          return { kind: "entered", size: null, tickets: 0, entryId: null, review: null }
        case "frozen":
          return { kind: "closed" }
        default:
          return entered
      }
    },

    /** A person's entries, for their status page: size, tickets (as frozen, once frozen), review, and the outcome once drawn. */
    async entriesOf(signupId: number, referrals: number) {
      const entries = await store.entriesOf(signupId)
      return Object.fromEntries(
        entries.flatMap((entry) => {
          const drop = findDrop(catalog, entry.drop)
          if (!drop) return []
          return [
            [
              entry.drop,
              {
                size: entry.size,
                tickets: entry.frozenTickets ?? ticketsFor(referrals, drop.bonus),
                entryId: entry.entryCode,
                outcome: entry.drawn && entry.review === null ? (entry.won ? "won" : "notWon") : null,
                review: entry.review,
              },
            ] as const,
          ]
        }),
      )
    },

    /** The drop's public record (frozen first if its window has closed); null for a drop content does not declare. */
    async record(dropId: unknown, now: Date): Promise<PublishedDrop | null> {
      const drop = findDrop(catalog, dropId)
      if (!drop) return null
      const row = await core.currentRow(drop, now)
      const counted = await store.dropEntrants(drop.id)
      const entrants = Object.fromEntries(drop.sizes.map(({ key }) => [key, counted[key] ?? 0]))
      const outcome = row?.drawnAt ? await store.drawOutcome(drop.id, core.piecesOf(drop)) : null
      return {
        drop: drop.id,
        phase: row?.drawnAt ? "drawn" : windowPhase(drop, now),
        commitment: row?.commitment ?? null,
        entrants,
        listHash: row?.listHash ?? null,
        frozenAt: row?.frozenAt ?? null,
        seed: row?.seed ?? null,
        beacon: row?.beacon ?? null,
        drawnAt: row?.drawnAt ?? null,
        winners: outcome?.winners ?? null,
        promoted: outcome?.promoted ?? null,
        stock: stockOf(drop),
      }
    },

    /** The frozen entry list's file to serve (gzip, copied once from the store); null before the close. */
    async entryListFile(dropId: unknown, now: Date): Promise<ListFile | null> {
      const drop = findDrop(catalog, dropId)
      if (!drop) return null
      const row = await core.currentRow(drop, now)
      if (!row?.frozenAt || !row.listHash) return null
      return listFiles(drop.id, row.listHash, () => store.listFile(drop.id))
    },

    /** The owner lets waiting entries into the draw or leaves them out (before the close); returns how many changed. */
    async review(dropId: unknown, entryCodes: readonly string[], decision: "letIn" | "leaveOut", now: Date): Promise<number | null> {
      const drop = findDrop(catalog, dropId)
      if (!drop || windowPhase(drop, now) === "closed") return null
      return store.reviewEntries(drop.id, entryCodes, decision)
    },

    /** Every drop content declares, for the owner's page: its record, window, entries per size and day, and the review. */
    async overview(now: Date) {
      const drops = []
      for (const drop of catalog.drops) {
        const record = await this.record(drop.id, now)
        if (!record) continue
        drops.push({
          ...record,
          name: drop.name,
          opensAt: drop.opensAt,
          closesAt: drop.closesAt,
          resultsAt: drop.resultsAt,
          entriesByDay: await store.entriesByDay(drop.id),
          /** Whether this server keeps the drop's seed (else the owner pastes it to draw). */
          seedKept: seedDir !== null && readSeed(seedDir, drop.id) !== null,
          /** The commitment as the built content carries it: entries open only while it is the store's. */
          builtCommitment: drop.commitment,
          /** When the committed beacon round's value appears (the draw can run from then). */
          beaconAt: record.commitment && record.commitment.round > 0 ? roundTime(catalog.chain, record.commitment.round).toISOString() : null,
          beaconChain: catalog.chain.name,
          review: reviewList(record.frozenAt ? [] : await store.waitingEntries(drop.id)),
        })
      }
      return drops
    },

    /** When the next drop closes after `now` (its entries freeze then, to the second); null when none will. */
    nextCloseAt(now: Date): Date | null {
      const closes = catalog.drops.map((drop) => Date.parse(drop.closesAt)).filter((at) => at > now.getTime())
      return closes.length > 0 ? new Date(Math.min(...closes)) : null
    },

    /**
     * What runs on a timer (serve:prod at each close and every minute, every scheduled `mail:send`):
     * closed drops frozen, and drawn drops' unused codes passed on to the reserve list. Returns new codes sent.
     */
    async upkeep(now: Date): Promise<number> {
      let sent = 0
      // What the privacy page promises: who entered is forgotten DROP_ENTRY_DAYS after the close.
      const finished = catalog.drops.filter((drop) => Date.parse(drop.closesAt) + ENTRY_KEEP_MS <= now.getTime())
      await store.forgetOldEntries(
        finished.map((drop) => ({ drop: drop.id, until: new Date(drop.closesAt) })),
        now,
        ENTRY_KEEP_MS,
      )
      for (const drop of catalog.drops.filter((drop) => !finished.includes(drop))) {
        const row = await core.currentRow(drop, now)
        if (row?.drawnAt) sent += await drawing.passOn(drop, now)
      }
      if (sent > 0) await core.outboxWritten()
      return sent
    },

    /** A winner's code as the invitation page may know it: its state, and the drop and size it is for; null when it is no drop's. */
    async prize(code: unknown, now: Date) {
      if (!isTokenShape(code)) return null
      const state = await store.prizeState(hashToken(code), now)
      if (state.kind === "unknown") return null
      const drop = findDrop(catalog, state.drop)
      return { state: state.kind, drop: drop?.name ?? state.drop, size: drop ? core.sizeName(drop, state.size) : state.size, sizeKey: state.size }
    },

    /** The shop takes a winner's code, once, before its deadline. */
    async redeemPrize(code: string, now: Date): Promise<RedeemPrizeResult> {
      if (!isTokenShape(code)) return { kind: "unknown" }
      return store.redeemPrize(hashToken(code), now)
    },
  }
}

export type DropService = ReturnType<typeof createDropService>

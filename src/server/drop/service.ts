/**
 * The drop's rules, free of HTTP: entering from a status link while the window is open, the
 * owner's commitment before it opens, freezing the entries at close, the draw, and passing
 * unused codes on to the reserve list. The draw rule itself is src/drop/draw.ts, the same code
 * the verifiers run; this file only feeds it what the store froze.
 */
import { createHmac, randomBytes } from "node:crypto"
import { windowPhase, type PublishedDrop } from "../../drop/contract"
import { drawWinners, entryListHash, entryListText, newSeed, seedHash, type DrawResult, type TicketHasher } from "../../drop/draw"
import { ticketsFor } from "../../drop/tickets"
import { DROP_ENTRY_DAYS } from "../../signup/retention"
import type { MailQueue } from "../waitlist/service"
import { queuedMessage } from "../waitlist/queued-message"
import { siteLinks } from "../waitlist/links"
import type { DropRow, NewPrize, PrizeWinner, RedeemPrizeResult } from "../store/drop-store"
import type { MessageKind, QueuedMessage, SignupStore } from "../store/store"
import { hashToken, isTokenShape, newSecretToken } from "../waitlist/codes"
import { findDrop, redeemDeadline, stockOf, type CatalogDrop, type DropCatalog } from "./catalog"
import { discardSeed, readSeed, saveSeed } from "./seeds"

export type DropStoreParts = Pick<
  SignupStore,
  | "commitDrop"
  | "dropRow"
  | "dropEntrants"
  | "enterDrop"
  | "entriesOf"
  | "freezeDrop"
  | "frozenEntries"
  | "recordDraw"
  | "drawOutcome"
  | "passOnPrizes"
  | "notifyNotWon"
  | "statusTokenExpired"
  | "entriesByDay"
  | "prizeState"
  | "redeemPrize"
  | "forgetOldEntries"
>

export interface DropServiceDependencies {
  store: DropStoreParts
  catalog: DropCatalog
  siteUrl: string
  /** Null without SMTP_URL: entries are confirmed on the page only (codes still wait in the outbox for a mailer). */
  mail: MailQueue | null
  /** Told when a change wrote events or codes' emails; none when nothing delivers them. */
  outbox?: MailQueue | null
  /** Where seeds wait for their draw (see seeds.ts); null where no file lasts (serverless). */
  seedDir: string | null
}

export type EnterAnswer =
  | { kind: "entered"; size: string | null; tickets: number; entryId: string | null }
  | { kind: "unknownDrop" }
  | { kind: "unknownSize" }
  | { kind: "notOpen"; opensAt: string }
  | { kind: "closed" }
  | { kind: "unknown" }
  | { kind: "expired" }
  | { kind: "notConfirmed" }
  | { kind: "held" }
  | { kind: "notCommitted" }

export type CommitAnswer =
  { kind: "committed"; seed: string; seedHash: string; seedFile: string | null } | { kind: "unknownDrop" } | { kind: "alreadyCommitted" } | { kind: "tooLate" }

export type DrawAnswer =
  | { kind: "drawn"; result: DrawResult; drawMs: number; notified: number }
  | { kind: "unknownDrop" }
  | { kind: "notCommitted" }
  | { kind: "notClosed"; closesAt: string }
  | { kind: "alreadyDrawn" }
  | { kind: "noSeed" }
  | { kind: "seedMismatch" }

/** How long a person stays tied to their entry after the close (the privacy page's promise). */
const ENTRY_KEEP_MS = DROP_ENTRY_DAYS * 24 * 60 * 60 * 1000

/** "Not this time" emails queued per transaction: a million entrants never hold the writer for long. */
const NOTIFY_BATCH = 1_000

/** A pseudonymous entry code for the published list: 16 characters of [a-z2-7], 80 random bits. */
export const newEntryCode = (): string => {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567"
  const bytes = randomBytes(16)
  return Array.from(bytes, (byte) => alphabet[byte % 32]).join("")
}

/** The draw's keyed hash with node:crypto: the rule's own definition, synchronously, for a million tickets. */
export const nodeTicketHasher =
  (seed: string): TicketHasher =>
  (message) =>
    createHmac("sha256", seed).update(message).digest("hex")

/** The date a winner reads in their email: "10 December 2026, 17:00 UTC". */
export const deadlineText = (deadline: Date): string =>
  `${deadline.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })}, ${deadline.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" })} UTC`

export const createDropService = (deps: DropServiceDependencies) => {
  const { store, catalog, siteUrl, mail, seedDir } = deps
  const links = siteLinks(siteUrl)
  const sizeName = (drop: CatalogDrop, key: string): string => drop.sizes.find((size) => size.key === key)?.name ?? key
  const piecesOf = (drop: CatalogDrop): Map<string, number> => new Map(drop.sizes.map(({ key, pieces }) => [key, pieces]))

  /** A drop email: the usual links and unsubscribe token, with the drop's and size's names for its words. */
  const dropMessage = (kind: MessageKind, to: string, link: string, words: Record<string, string>): QueuedMessage => {
    const message = queuedMessage(siteUrl, kind, to, link)
    return { ...message, payload: { ...message.payload, ...words } }
  }

  /** A code for a winner (or the reserve reached after one), kept as its hash, in its email. */
  const issuePrize =
    (drop: CatalogDrop, deadline: Date) =>
    (winner: PrizeWinner): NewPrize => {
      const code = newSecretToken()
      return {
        codeHash: hashToken(code),
        mail: dropMessage("drop-won", winner.email, links.invite(code), {
          drop: drop.name,
          size: sizeName(drop, winner.size),
          deadline: deadlineText(deadline),
        }),
      }
    }

  const outboxWritten = async (): Promise<void> => {
    await (mail ?? deps.outbox)?.queued()
  }

  /** One freeze at a time per drop in this process; the store's claim keeps other processes out. */
  const freezing = new Map<string, Promise<DropRow | null>>()
  const freeze = (drop: CatalogDrop, now: Date): Promise<DropRow | null> => {
    let running = freezing.get(drop.id)
    if (!running) {
      running = store.freezeDrop(drop.id, (referrals) => ticketsFor(referrals, drop.bonus), entryListHash, now).finally(() => freezing.delete(drop.id))
      freezing.set(drop.id, running)
    }
    return running
  }

  /** The drop's row, frozen first when its window has closed. */
  const currentRow = async (drop: CatalogDrop, now: Date): Promise<DropRow | null> => {
    const row = await store.dropRow(drop.id)
    if (row && !row.frozenAt && windowPhase(drop, now) === "closed") return freeze(drop, now)
    return row
  }

  /** The frozen list's published text, made once per drop and process: it never changes. */
  const listTexts = new Map<string, Promise<string>>()

  /** Queues "not this time" emails in batches, at most `batches` of them (the rest wait for the next call). */
  const notifyNotWon = async (drop: CatalogDrop, now: Date, batches = Number.POSITIVE_INFINITY): Promise<number> => {
    if (!catalog.notThisTimeEmail) return 0
    let notified = 0
    for (let batch = 0; batch < batches; batch += 1) {
      const queued = await store.notifyNotWon(
        drop.id,
        (entrant) => dropMessage("drop-not-won", entrant.email, links.drop(drop.id), { drop: drop.name, size: sizeName(drop, entrant.size) }),
        now,
        NOTIFY_BATCH,
      )
      notified += queued
      if (queued < NOTIFY_BATCH) break
    }
    return notified
  }

  return {
    /** Enters (or changes the size, or withdraws with `size: null`) for the person behind a status token. */
    async enter(token: unknown, dropId: unknown, size: string | null, now: Date): Promise<EnterAnswer> {
      const drop = findDrop(catalog, dropId)
      if (!drop) return { kind: "unknownDrop" }
      if (size !== null && !drop.sizes.some(({ key }) => key === size)) return { kind: "unknownSize" }
      if (!isTokenShape(token)) return { kind: "unknown" }
      const phase = windowPhase(drop, now)
      if (phase === "scheduled") return { kind: "notOpen", opensAt: drop.opensAt }
      if (phase === "closed") return { kind: "closed" }
      if (await store.statusTokenExpired(hashToken(token), now)) return { kind: "expired" }
      const entered = await store.enterDrop(
        {
          statusTokenHash: hashToken(token),
          drop: drop.id,
          size,
          entryCode: newEntryCode(),
          // The entry's email leads back to the status page it was made on, where it can be changed.
          confirmation: (email, chosen) =>
            mail ? dropMessage("drop-entered", email, links.status(token), { drop: drop.name, size: sizeName(drop, chosen) }) : null,
        },
        now,
      )
      switch (entered.kind) {
        case "entered":
          if (entered.changed) await outboxWritten()
          return { kind: "entered", size: entered.size, tickets: ticketsFor(entered.referrals, drop.bonus), entryId: entered.entryCode }
        case "withdrawn":
        case "notEntered":
          return { kind: "entered", size: null, tickets: 0, entryId: null }
        case "frozen":
          return { kind: "closed" }
        default:
          return entered
      }
    },

    /** A person's entries, for their status page: size, tickets now (fixed at close), and the outcome once drawn. */
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
                tickets: ticketsFor(referrals, drop.bonus),
                entryId: entry.entryCode,
                outcome: entry.drawn ? (entry.won ? "won" : "notWon") : null,
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
      const row = await currentRow(drop, now)
      const counted = await store.dropEntrants(drop.id)
      const entrants = Object.fromEntries(drop.sizes.map(({ key }) => [key, counted[key] ?? 0]))
      const outcome = row?.drawnAt ? await store.drawOutcome(drop.id, piecesOf(drop)) : null
      return {
        drop: drop.id,
        phase: row?.drawnAt ? "drawn" : windowPhase(drop, now),
        seedHash: row?.seedHash ?? null,
        committedAt: row?.committedAt ?? null,
        entrants,
        listHash: row?.listHash ?? null,
        frozenAt: row?.frozenAt ?? null,
        seed: row?.seed ?? null,
        drawnAt: row?.drawnAt ?? null,
        winners: outcome?.winners ?? null,
        promoted: outcome?.promoted ?? null,
        stock: stockOf(drop),
      }
    },

    /** The frozen entry list as published (see draw.ts's `entryListText`); null before the close. */
    async entryList(dropId: unknown, now: Date): Promise<string | null> {
      const drop = findDrop(catalog, dropId)
      if (!drop) return null
      const row = await currentRow(drop, now)
      if (!row?.frozenAt) return null
      let text = listTexts.get(drop.id)
      if (!text) {
        text = store.frozenEntries(drop.id).then(entryListText)
        text.catch(() => listTexts.delete(drop.id))
        listTexts.set(drop.id, text)
      }
      return text
    },

    /**
     * The owner commits to a new secret seed before the window opens: its hash goes to the store
     * (and so to the drop page), the seed to a file of its own (where one lasts) and back to the owner.
     */
    async commit(dropId: unknown, now: Date): Promise<CommitAnswer> {
      const drop = findDrop(catalog, dropId)
      if (!drop) return { kind: "unknownDrop" }
      if (windowPhase(drop, now) !== "scheduled") return { kind: "tooLate" }
      if (await store.dropRow(drop.id)) return { kind: "alreadyCommitted" }
      const seed = newSeed()
      const hash = await seedHash(seed)
      // The seed is kept before the commitment exists, so a committed drop always has its seed.
      const seedFile = seedDir ? saveSeed(seedDir, drop.id, seed) : null
      if (!(await store.commitDrop(drop.id, hash, now))) {
        if (seedDir) discardSeed(seedDir, drop.id)
        return { kind: "alreadyCommitted" }
      }
      return { kind: "committed", seed, seedHash: hash, seedFile }
    },

    /**
     * The draw, after the close: the seed (given, or the one kept at the commitment) must match the
     * published hash; the entries are frozen; the rule ranks each size; winners get their codes
     * and (where content says so) everyone else a short email, all through the outbox.
     */
    async draw(dropId: unknown, givenSeed: string | null, now: Date): Promise<DrawAnswer> {
      const drop = findDrop(catalog, dropId)
      if (!drop) return { kind: "unknownDrop" }
      const committed = await store.dropRow(drop.id)
      if (!committed) return { kind: "notCommitted" }
      if (committed.drawnAt) return { kind: "alreadyDrawn" }
      if (windowPhase(drop, now) !== "closed") return { kind: "notClosed", closesAt: drop.closesAt }
      const seed = givenSeed?.trim().toLowerCase() || (seedDir ? readSeed(seedDir, drop.id) : null)
      if (!seed) return { kind: "noSeed" }
      if (!/^[0-9a-f]{64}$/.test(seed) || (await seedHash(seed)) !== committed.seedHash) return { kind: "seedMismatch" }
      const row = await currentRow(drop, now)
      if (!row?.listHash) throw new Error(`the entries of ${drop.id} could not be frozen`)
      const entries = await store.frozenEntries(drop.id)
      const started = performance.now()
      const result = await drawWinners({ entries, stock: stockOf(drop), seed, listHash: row.listHash, hasher: nodeTicketHasher(seed) })
      const drawMs = performance.now() - started
      const deadline = redeemDeadline(drop, now)
      const ranking = result.bySize.map(({ size, pieces, winners, reserve }) => ({ size, pieces, order: [...winners, ...reserve] }))
      if (!(await store.recordDraw(drop.id, seed, ranking, issuePrize(drop, deadline), now, deadline))) return { kind: "alreadyDrawn" }
      // The first batch of "not this time" now; the rest (a million entrants take minutes) by `notifyNotWon`, which the upkeep runs too.
      const notified = await notifyNotWon(drop, now, 1)
      await outboxWritten()
      return { kind: "drawn", result, drawMs, notified }
    },

    /** Queues every "not this time" email of a drawn drop still due; returns how many. */
    async notifyNotWon(dropId: unknown, now: Date): Promise<number> {
      const drop = findDrop(catalog, dropId)
      if (!drop) return 0
      const notified = await notifyNotWon(drop, now)
      if (notified > 0) await outboxWritten()
      return notified
    },

    /** A winner's code as the invitation page may know it: its state, and the drop and size it is for; null when it is no drop's. */
    async prize(code: unknown, now: Date) {
      if (!isTokenShape(code)) return null
      const state = await store.prizeState(hashToken(code), now)
      if (state.kind === "unknown") return null
      const drop = findDrop(catalog, state.drop)
      return { state: state.kind, drop: drop?.name ?? state.drop, size: drop ? sizeName(drop, state.size) : state.size, sizeKey: state.size }
    },

    /** The shop takes a winner's code, once, before its deadline. */
    async redeemPrize(code: string, now: Date): Promise<RedeemPrizeResult> {
      if (!isTokenShape(code)) return { kind: "unknown" }
      return store.redeemPrize(hashToken(code), now)
    },

    /** Every drop content declares, for the owner's page: its record, its window, entries per size and day. */
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
        })
      }
      return drops
    },

    /**
     * What runs on a timer (serve:prod every minute, every scheduled `mail:send`): closed drops
     * frozen, and drawn drops' unused codes passed on to the reserve list. Returns new codes sent.
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
        const row = await currentRow(drop, now)
        if (!row?.drawnAt) continue
        const deadline = redeemDeadline(drop, now)
        sent += await store.passOnPrizes(drop.id, piecesOf(drop), issuePrize(drop, deadline), now, deadline)
        sent += await notifyNotWon(drop, now)
      }
      if (sent > 0) await outboxWritten()
      return sent
    },
  }
}

export type DropService = ReturnType<typeof createDropService>

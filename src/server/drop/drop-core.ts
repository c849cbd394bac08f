/**
 * What the drop service's parts share (service.ts builds it once): the store, the catalog, the
 * emails' shape, and freezing a drop's entries at its close, once per drop in this process.
 */
import { createHmac } from "node:crypto"
import { windowPhase } from "../../drop/contract"
import type { TicketHasher } from "../../drop/draw"
import { ticketsFor } from "../../drop/tickets"
import { deliverQueued, type MailQueue } from "../waitlist/service"
import { queuedMessage } from "../waitlist/queued-message"
import { siteLinks } from "../waitlist/links"
import type { DropRow } from "../store/store"
import type { MessageKind, QueuedMessage, SignupStore } from "../store/store"
import type { BeaconSource } from "./beacon-client"
import type { CatalogDrop, DropCatalog } from "./catalog"
import { publishList } from "./list-file"

export type DropStoreParts = Pick<
  SignupStore,
  | "commitDrop"
  | "dropRow"
  | "dropEntrants"
  | "enterDrop"
  | "entriesOf"
  | "waitingEntries"
  | "reviewEntries"
  | "freezeDrop"
  | "frozenEntries"
  | "listFile"
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
  /** Where the beacon's round is fetched at the draw; null: only a value given by hand (`--beacon`) draws. */
  beacons: BeaconSource | null
  /** Where frozen entry lists are kept as files to serve (see list-file.ts). */
  listDir: string
}

/** The draw's keyed hash with node:crypto: the rule's own definition (src/drop/draw.ts), synchronously, for a million tickets. */
export const nodeTicketHasher =
  (drawKeyText: string): TicketHasher =>
  (message) =>
    createHmac("sha256", drawKeyText).update(message).digest("hex")

export const dropCore = (deps: DropServiceDependencies) => {
  const { store, catalog, siteUrl, mail } = deps
  const links = siteLinks(siteUrl)

  /** One freeze at a time per drop in this process; the store's claim keeps other processes out. */
  const freezing = new Map<string, Promise<DropRow | null>>()
  const freeze = (drop: CatalogDrop, now: Date): Promise<DropRow | null> => {
    let running = freezing.get(drop.id)
    if (!running) {
      running = store.freezeDrop(drop.id, (referrals) => ticketsFor(referrals, drop.bonus), publishList, now).finally(() => freezing.delete(drop.id))
      freezing.set(drop.id, running)
    }
    return running
  }

  return {
    ...deps,
    links,
    sizeName: (drop: CatalogDrop, key: string): string => drop.sizes.find((size) => size.key === key)?.name ?? key,
    piecesOf: (drop: CatalogDrop): Map<string, number> => new Map(drop.sizes.map(({ key, pieces }) => [key, pieces])),

    /** A drop email: the usual links and unsubscribe token, with the drop's and size's names for its words. */
    dropMessage: (kind: MessageKind, to: string, link: string, words: Record<string, string>): QueuedMessage => {
      const message = queuedMessage(siteUrl, kind, to, link)
      return { ...message, payload: { ...message.payload, ...words } }
    },

    outboxWritten: (): Promise<void> => deliverQueued(mail ?? deps.outbox),

    /** The drop's row, frozen first when its window has closed. */
    currentRow: async (drop: CatalogDrop, now: Date): Promise<DropRow | null> => {
      const row = await store.dropRow(drop.id)
      if (row && !row.frozenAt && windowPhase(drop, now) === "closed") return freeze(drop, now)
      return row
    },

    catalog,
  }
}

export type DropCore = ReturnType<typeof dropCore>

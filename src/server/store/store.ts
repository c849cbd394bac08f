/**
 * store/: where the list lives. The store's contract is declared in contract/, one interface per
 * concern; this file composes them into the one store the service takes. sql-store.ts assembles
 * the one implementation from its parts by concern, over two engines whose connections and
 * migrations sit beside it. Nothing here knows HTTP or the wiring.
 *
 * One implementation over two engines passes one contract test suite: SQLite, embedded (one
 * file, for one machine), and PostgreSQL (DATABASE_URL, for any number of them).
 */
import type { BotCheckStore } from "./contract/bot-check"
import type { DropStore } from "./contract/drops"
import type { InvitationStore } from "./contract/invitations"
import type { OutboxStore } from "./contract/outbox"
import type { OwnerStore } from "./contract/owner"
import type { RetentionStore } from "./contract/retention"
import type { SignupsStore } from "./contract/signups"
import type { VisitStore } from "./contract/visits"
import type { WebhookStore } from "./contract/webhooks"

export * from "./contract/bot-check"
export * from "./contract/drops"
export * from "./contract/invitations"
export * from "./contract/mail"
export * from "./contract/outbox"
export * from "./contract/owner"
export * from "./contract/retention"
export * from "./contract/signups"
export * from "./contract/visits"
export * from "./contract/webhooks"

/** The signup store: what the service needs from wherever the list lives, every concern's part. */
export interface SignupStore
  extends SignupsStore, OutboxStore, WebhookStore, InvitationStore, OwnerStore, BotCheckStore, RetentionStore, DropStore, VisitStore {
  /** Throws when the store cannot be reached (for /healthz). */
  ping(): Promise<void>
  /** Finishes pending writes and lets go of files and connections. */
  close(): Promise<void>
}

/**
 * What happens on the list, as events for the owner's own tools (signed webhooks, the email
 * provider's list). An event is written to the outbox in the same transaction as the change that
 * causes it, as a message of kind "event"; the sender fans it out to its targets, each delivered
 * with its own retries. An event about a person is tied to their signup, so erasing them erases
 * every event about them that has not gone out yet; `signup.left` carries an id only.
 */
import { randomUUID } from "node:crypto"
import type { SqlExecutor } from "./database"
import { insertOutboxRows } from "./outbox-rows"
import type { EventPayload, ListEventType } from "./contract/outbox"

/** An event as it is written: `data` is what receivers see; `contact` only what the email provider needs. */
export interface ListEvent {
  type: ListEventType
  /** The signup it is about, or null when it outlives its subject (`signup.left`). */
  signupId: number | string | null
  /** When it happened (ISO 8601). */
  timestamp: string
  data: Record<string, unknown>
  /** The address, for the email provider alone (leaving removes the person there too); never sent in a webhook. */
  contact?: { email: string }
}

/** The public id of a signup in events: stable, and says nothing but its signup number. */
export const eventSignupId = (id: number | string): string => `sig_${id}`

/** Writes events to the outbox inside the caller's transaction, due at once. */
export const recordEvents = async (tx: SqlExecutor, events: readonly ListEvent[]): Promise<void> => {
  if (events.length === 0) return
  await insertOutboxRows(
    tx,
    events.map((event) => {
      const payload: EventPayload = { type: event.type, timestamp: event.timestamp, data: event.data, ...(event.contact ? { contact: event.contact } : {}) }
      return { messageId: `evt_${randomUUID()}`, kind: "event", signupId: event.signupId, payload, at: event.timestamp }
    }),
  )
}

/** Counters kept in `list_counters`, changed in the same transaction as what they count. */
/** `left`: people erased from the list, all time (the owner's page). */
/** `link_requests`: a repeat signup or "didn't get the email?", for any address, on the list or not. */
export type ListCounter = "invited" | "redeemed" | "left" | "link_requests" | `bot_${string}`

/** Adds `delta` to each named counter inside the caller's transaction. */
export const bumpCounters = async (tx: SqlExecutor, deltas: Partial<Record<ListCounter, number>>): Promise<void> => {
  for (const [name, delta] of Object.entries(deltas)) {
    if (!delta) continue
    await tx.query("insert into list_counters (name, value) values ($1, $2) on conflict (name) do update set value = list_counters.value + excluded.value", [
      name,
      delta,
    ])
  }
}

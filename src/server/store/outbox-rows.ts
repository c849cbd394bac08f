/**
 * Writing to the outbox: mail, list events and their fan-out to webhooks and the email provider
 * all go in as the same row, due at once, so its columns are listed here only.
 */
import { insertRows, type SqlExecutor } from "./database"
import type { OutboxKind } from "./contract/outbox"

/** A message to write, inside the caller's transaction: `at` is when it was made and when it is first due. */
export interface NewOutboxRow {
  messageId: string
  kind: OutboxKind
  signupId: number | string | null
  payload: unknown
  at: string
}

const OUTBOX_COLUMNS = ["message_id", "kind", "signup_id", "payload", "created_at", "next_attempt_at"] as const

export const insertOutboxRows = async (tx: SqlExecutor, rows: readonly NewOutboxRow[]): Promise<void> => {
  await insertRows(
    tx,
    "outbox",
    OUTBOX_COLUMNS,
    rows.map(({ messageId, kind, signupId, payload, at }) => [messageId, kind, signupId, JSON.stringify(payload), at, at]),
  )
}

/**
 * The outbox's part of the signup store: claiming due messages for one attempt, marking them
 * delivered or failed, fanning list events out to webhooks and the email provider, and the
 * health of both for the owner.
 */
import { randomUUID } from "node:crypto"
import { insertRows, parameters, type SqlExecutor } from "./database"
import { insertOutboxRows } from "./outbox-rows"
import { contactOf, endpointOf, textFields, type EndpointRow } from "./signup-rows"
import type { StandingWhere, StoreContext } from "./store-context"
import { THROTTLED_KINDS, type QueuedMessage, type MessageKind } from "./contract/mail"
import type { OutboxEntry, OutboxHealth, OutboxKind, OutboxStore as OutboxContract, EventPayload } from "./contract/outbox"
import { unsubscribeTokenExpiry } from "./contract/signups"
import type { WebhookStore } from "./contract/webhooks"

/** Writes messages to the outbox, due at once; the sender delivers them. */
export const queueMessages = async (
  tx: SqlExecutor,
  messages: ReadonlyArray<{ signupId: number | string; message: QueuedMessage; at: string }>,
): Promise<void> => {
  if (messages.length === 0) return
  // Each email's unsubscribe link works UNSUBSCRIBE_LINK_DAYS from when the email is queued.
  const hashes = messages.map(({ message }) => message.unsubscribeTokenHash)
  await tx.query(`update signup_tokens set expires_at = $1 where kind = 'unsubscribe' and expires_at is null and hash in (${parameters(hashes.length, 2)})`, [
    unsubscribeTokenExpiry(messages[messages.length - 1].at),
    ...hashes,
  ])
  await insertOutboxRows(
    tx,
    messages.map(({ signupId, message, at }) => ({ messageId: randomUUID(), kind: message.kind, signupId, payload: message.payload, at })),
  )
}

/** Writes each email's unsubscribe token (its links work from when the email is queued) and queues the emails. */
export const queueEmails = async (
  tx: SqlExecutor,
  messages: ReadonlyArray<{ signupId: number | string; message: QueuedMessage; at: string }>,
): Promise<void> => {
  await insertRows(
    tx,
    "signup_tokens",
    ["hash", "signup_id", "kind", "expires_at"],
    messages.map(({ signupId, message }) => [message.unsubscribeTokenHash, signupId, "unsubscribe", null]),
  )
  await queueMessages(tx, messages)
}

type OutboxStore = Pick<
  OutboxContract & WebhookStore,
  | "claimDueMessages"
  | "markDelivered"
  | "markAttemptFailed"
  | "fanOutEvent"
  | "webhookEndpoint"
  | "webhookSucceeded"
  | "webhookFailed"
  | "disableWebhookEndpoint"
  | "webhookHealth"
  | "outboxHealth"
>

export const outboxStore = ({ query, transaction }: StoreContext, standingWhere: StandingWhere): OutboxStore => {
  const outboxHealth = async (): Promise<OutboxHealth> => {
    const [counts] = await query<{ waiting: number | string | null; failed: number | string | null }>(
      `select sum(case when failed_at is null then 1 else 0 end) as waiting, sum(case when failed_at is not null then 1 else 0 end) as failed
       from outbox where delivered_at is null`,
    )
    const [last] = await query<{ last_error: string }>(
      "select last_error from outbox where last_error is not null and delivered_at is null order by id desc limit 1",
    )
    return { waiting: Number(counts?.waiting ?? 0), failed: Number(counts?.failed ?? 0), lastError: last?.last_error ?? null }
  }

  return {
    async claimDueMessages(now, limit, leaseUntil, kinds) {
      if (kinds?.length === 0) return []
      const ofKinds = kinds ? ` and kind in (${parameters(kinds.length, 4)})` : ""
      const rows = await query<{ id: number | string; message_id: string; kind: OutboxKind; payload: string | null; attempts: number | string }>(
        `update outbox set next_attempt_at = $3, attempts = attempts + 1
         where id in (
           select id from outbox where delivered_at is null and failed_at is null and next_attempt_at <= $1${ofKinds} order by next_attempt_at, id limit $2
         ) and next_attempt_at <= $1
         returning id, message_id, kind, payload, attempts`,
        [now.toISOString(), limit, leaseUntil.toISOString(), ...(kinds ?? [])],
      )
      return rows
        .map((row): OutboxEntry => ({
          id: Number(row.id),
          messageId: row.message_id,
          kind: row.kind,
          payload: textFields(row.payload),
          attempts: Number(row.attempts),
        }))
        .sort((a, b) => a.id - b.id)
    },

    markDelivered: (id, now) =>
      transaction(async (tx) => {
        const [message] = await tx.query<{ signup_id: number | string | null; kind: MessageKind }>(
          "update outbox set delivered_at = $2, payload = null, last_error = null where id = $1 and delivered_at is null returning signup_id, kind",
          [id, now.toISOString()],
        )
        // Only a link someone asked for counts towards (and releases) the resend throttle.
        if (message?.signup_id != null && THROTTLED_KINDS.has(message.kind)) {
          await tx.query("update signups set last_mail_at = $2, mail_waiting = 0 where id = $1", [message.signup_id, now.toISOString()])
        }
      }),

    markAttemptFailed: (id, now, error, retryAt) =>
      transaction(async (tx) => {
        const reason = error.slice(0, 500)
        if (retryAt) {
          await tx.query("update outbox set last_error = $2, next_attempt_at = $3 where id = $1 and delivered_at is null", [id, reason, retryAt.toISOString()])
          return
        }
        // Given up: the payload (an address, a link) is not kept; the signup may ask for mail again.
        const [message] = await tx.query<{ signup_id: number | string | null; kind: MessageKind }>(
          "update outbox set last_error = $2, failed_at = $3, payload = null where id = $1 and delivered_at is null returning signup_id, kind",
          [id, reason, now.toISOString()],
        )
        if (message?.signup_id != null && THROTTLED_KINDS.has(message.kind))
          await tx.query("update signups set mail_waiting = 0 where id = $1", [message.signup_id])
      }),

    fanOutEvent: (id, now, fanOut) =>
      transaction(async (tx) => {
        const at = now.toISOString()
        // Claimed by marking it done first: a second sender (whose lease ran out) finds it done.
        const [event] = await tx.query<{ message_id: string; signup_id: number | string | null; payload: string | null }>(
          "update outbox set delivered_at = $2, last_error = null where id = $1 and kind = 'event' and delivered_at is null and failed_at is null returning message_id, signup_id, payload",
          [id, at],
        )
        // Gone with its person, or fanned out already.
        if (!event?.payload) return 0
        const standing = event.signup_id == null ? null : await standingWhere(tx, "s.id = $1", [event.signup_id])
        // An address that bounced for good is kept out of the email tool (its removal went out with signup.bounced).
        const bounced = event.signup_id != null && (await tx.query("select 1 as bounced from hard_bounces where signup_id = $1", [event.signup_id])).length > 0
        const contact = standing?.place && !bounced ? contactOf(standing) : null
        const messages = fanOut({ ...(JSON.parse(event.payload) as EventPayload), messageId: event.message_id }, contact)
        await insertOutboxRows(
          tx,
          messages.map((message) => ({
            messageId: `${message.kind === "webhook" ? "whk" : "prv"}_${randomUUID()}`,
            kind: message.kind,
            signupId: event.signup_id,
            payload: message.payload,
            at,
          })),
        )
        await tx.query("update outbox set payload = null where id = $1", [id])
        return messages.length
      }),

    async webhookEndpoint(url) {
      const [row] = await query<EndpointRow>("select url, failing_since, disabled_at, disabled_reason from webhook_endpoints where url = $1", [url])
      return row ? endpointOf(row) : null
    },

    async webhookSucceeded(url) {
      await query("update webhook_endpoints set failing_since = null where url = $1 and failing_since is not null", [url])
    },

    webhookFailed: (url, now) =>
      transaction(async (tx) => {
        const [row] = await tx.query<EndpointRow>(
          `insert into webhook_endpoints (url, failing_since) values ($1, $2)
           on conflict (url) do update set failing_since = coalesce(webhook_endpoints.failing_since, excluded.failing_since)
           returning url, failing_since, disabled_at, disabled_reason`,
          [url, now.toISOString()],
        )
        return endpointOf(row)
      }),

    async disableWebhookEndpoint(url, now, reason) {
      await query(
        `insert into webhook_endpoints (url, failing_since, disabled_at, disabled_reason) values ($1, $2, $2, $3)
         on conflict (url) do update set disabled_at = coalesce(webhook_endpoints.disabled_at, excluded.disabled_at),
           disabled_reason = coalesce(webhook_endpoints.disabled_reason, excluded.disabled_reason)`,
        [url, now.toISOString(), reason.slice(0, 500)],
      )
    },

    async webhookHealth() {
      const [counts] = await query<{ waiting: number | string | null; failed: number | string | null }>(
        `select sum(case when failed_at is null then 1 else 0 end) as waiting, sum(case when failed_at is not null then 1 else 0 end) as failed
         from outbox where delivered_at is null and kind = 'webhook'`,
      )
      const endpoints = await query<EndpointRow>("select url, failing_since, disabled_at, disabled_reason from webhook_endpoints order by url")
      return { waiting: Number(counts?.waiting ?? 0), failed: Number(counts?.failed ?? 0), endpoints: endpoints.map(endpointOf) }
    },

    outboxHealth,
  }
}

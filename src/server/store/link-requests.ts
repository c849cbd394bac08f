/**
 * Someone asks for their link again: a repeat signup of an address already on the list (in the
 * signup's own transaction, see signup-insert.ts) or "didn't get the email?". Every request costs the
 * same write, on the list or not, throttled or not, so the time an answer takes says nothing of
 * who is on the list.
 */
import type { SqlExecutor } from "./database"
import { bumpCounters } from "./events"
import { insertToken } from "./milestone-announcer"
import { queueMessages } from "./outbox-store"
import type { StoreContext } from "./store-context"
import type { QueuedMessage } from "./contract/mail"
import type { NewToken, SignupsStore } from "./contract/signups"

/**
 * Queues `message` with the token its link carries to the signup with `emailKey`, unless mail was
 * delivered to it less than `minIntervalMs` before `now` or a message to it still waits: one
 * statement claims the signup, so two requests cannot both queue one. Returns whether it did.
 */
export const queueLinkAgain = async (
  tx: SqlExecutor,
  emailKey: string,
  token: NewToken,
  message: QueuedMessage,
  now: Date,
  minIntervalMs: number,
): Promise<boolean> => {
  await bumpCounters(tx, { link_requests: 1 })
  const [claimed] = await tx.query<{ id: number | string }>(
    `update signups set mail_waiting = 1
     where email_key = $1 and mail_waiting = 0 and (last_mail_at is null or last_mail_at <= $2) returning id`,
    [emailKey, new Date(now.getTime() - minIntervalMs).toISOString()],
  )
  if (!claimed) return false
  await insertToken(tx, claimed.id, token)
  await insertToken(tx, claimed.id, { kind: "unsubscribe", hash: message.unsubscribeTokenHash })
  await queueMessages(tx, [{ signupId: claimed.id, message, at: now.toISOString() }])
  return true
}

export const linkRequestStore = ({ transaction }: StoreContext): Pick<SignupsStore, "queueMail"> => ({
  queueMail: (emailKey, token, message, now, minIntervalMs) => transaction((tx) => queueLinkAgain(tx, emailKey, token, message, now, minIntervalMs)),
})

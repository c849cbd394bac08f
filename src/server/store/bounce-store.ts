/**
 * Hard bounces: an address the receiving server refused for good (5xx at RCPT). It gets no more
 * mail (what waits for it is given up, and nothing queued later goes out), the owner's email
 * tool is told to remove it (a `signup.bounced` event) and hears of it no more, and the owner's
 * page lists it. The person keeps their place: the list is theirs, only the mail stopped.
 */
import { EMAIL_KINDS } from "./contract/mail"
import type { OutboxStore } from "./contract/outbox"
import { parameters } from "./database"
import { eventSignupId, recordEvents } from "./events"
import type { StoreContext } from "./store-context"

type BounceStore = Pick<OutboxStore, "recordHardBounce" | "refusesMail">

export const bounceStore = ({ options, query, transaction }: StoreContext): BounceStore => ({
  recordHardBounce: (messageId, reason, now) =>
    transaction(async (tx) => {
      const [me] = await tx.query<{ id: number | string; email: string }>(
        "select s.id, s.email from outbox o join signups s on s.id = o.signup_id where o.id = $1",
        [messageId],
      )
      if (!me) return false
      const at = now.toISOString()
      const added = await tx.query(
        "insert into hard_bounces (signup_id, at, reason) values ($1, $2, $3) on conflict (signup_id) do nothing returning signup_id",
        [me.id, at, reason],
      )
      if (added.length === 0) return false
      await tx.query(
        `update outbox set failed_at = $2, last_error = $3 where signup_id = $1 and id <> $4 and delivered_at is null and failed_at is null and kind in (${parameters(EMAIL_KINDS.length, 5)})`,
        [me.id, at, `not sent: the address refused mail for good (${reason})`, messageId, ...EMAIL_KINDS],
      )
      await tx.query("update signups set mail_waiting = 0 where id = $1", [me.id])
      if (options.events) {
        await recordEvents(tx, [{ type: "signup.bounced", signupId: me.id, timestamp: at, data: { id: eventSignupId(me.id) }, contact: { email: me.email } }])
      }
      return true
    }),

  async refusesMail(messageId) {
    const rows = await query("select 1 as bounced from outbox o join hard_bounces b on b.signup_id = o.signup_id where o.id = $1", [messageId])
    return rows.length > 0
  },
})

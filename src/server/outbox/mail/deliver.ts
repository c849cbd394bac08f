/**
 * Email delivery from the outbox: each email is built from the copy when it is sent and handed to
 * the mailer with its stable Message-ID; an address the receiving server refuses for good is
 * recorded as a hard bounce, and no mail is tried to it again.
 */
import emails from "../../../../content/emails.json"
import { EMAIL_KINDS, type OutboxKind, type SignupStore } from "../../store/store"
import { GiveUp, type Deliver } from "../outbox"
import type { EmailFacts } from "./emails"
import { AddressRefused, type Mailer } from "./mailer"

// The emails' renderer (React Email, html-to-text) loads with the first email sent: code that sends
// none (most Functions' cold starts) never evaluates it. "eager" keeps it in the Function's one file.
const emailRenderer = () => import(/* webpackMode: "eager" */ "./emails")

/** The deliverer of each kind of email, through `mailer`, with the site's facts in every email. */
export function emailDeliverers(store: SignupStore, mailer: Mailer, facts: EmailFacts): Partial<Record<OutboxKind, Deliver>> {
  const deliverers: Partial<Record<OutboxKind, Deliver>> = {}
  for (const kind of EMAIL_KINDS) {
    deliverers[kind] = async (entry, now) => {
      if (await store.refusesMail(entry.id)) throw new GiveUp("not sent: the address refused mail for good earlier")
      const { emailForMessage, messageIdHeader } = await emailRenderer()
      try {
        await mailer.send(emailForMessage(kind, entry.payload, emails, facts), messageIdHeader(entry.messageId, facts.siteUrl))
      } catch (error) {
        if (error instanceof AddressRefused) await store.recordHardBounce(entry.id, error.response, now)
        throw error
      }
    }
  }
  return deliverers
}

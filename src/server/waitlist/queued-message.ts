/**
 * A message ready for the outbox. Its own module so the waitlist's service, invitations and drop
 * all queue mail alike without importing each other.
 */
import { siteLinks } from "./links"
import type { MessageKind, QueuedMessage } from "../store/store"
import { hashToken, newSecretToken } from "../keys/codes"

/**
 * A message with a new unsubscribe token of its own: the page link for the footer, and the
 * one-click link (RFC 8058) for the List-Unsubscribe header, which a mailbox provider POSTs to.
 */
export const queuedMessage = (siteUrl: string, kind: MessageKind, to: string, link: string): QueuedMessage => {
  const links = siteLinks(siteUrl)
  const token = newSecretToken()
  return {
    kind,
    payload: { to, link, unsubscribe: links.unsubscribePage(token), oneClickUnsubscribe: links.oneClickUnsubscribe(token) },
    unsubscribeTokenHash: hashToken(token),
  }
}

/**
 * What a list event becomes when the sender fans it out: a signed webhook per endpoint, and a
 * call to the owner's email provider where one is set up (a confirmed person added or updated
 * with their place, referrals and attribution; someone who left, or whose address bounced for
 * good, removed). Each is then an outbox
 * message of its own, delivered and retried on its own.
 */
import { ProviderBusyError, ProviderRejectedError, type EmailProvider, type ProviderContact } from "./providers/provider"
import { GiveUp, RetryLater, type Deliver } from "./outbox"
import type { ListEventType } from "../store/store"
import type { DerivedMessage, FanOut, OutboxStore } from "../store/store"

export interface EventTargets {
  /** The webhook endpoints, as WEBHOOK_URL names them (checked). */
  webhookUrls: readonly string[]
  /** Whether an email provider (EMAIL_PROVIDER) is kept in step. */
  emailProvider: boolean
}

/** Events after which the email provider gets the person's current details. */
const UPSERTED: ReadonlySet<ListEventType> = new Set(["signup.confirmed", "referral.confirmed", "milestone.reached", "drop.entered", "drop.won"])

/** A drop event tags the contact with the drop ("drop-01 entered", "drop-01 won"), so the owner's tool can segment by it. */
const taggedWithDrop = (event: { type: string; data: Record<string, unknown> }, contact: ProviderContact): ProviderContact =>
  (event.type === "drop.entered" || event.type === "drop.won") && typeof event.data.drop === "string"
    ? { ...contact, drop: `${event.data.drop} ${event.type === "drop.won" ? "won" : "entered"}` }
    : contact

/** The Standard Webhooks body of an event: `{ type, timestamp, data }`, nothing else (never the provider's contact). */
export const webhookBody = (event: { type: string; timestamp: string; data: Record<string, unknown> }): string =>
  JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data })

/** The fan-out for these targets. The webhook id is the event's own id, the same for every endpoint and every retry. */
export const fanOutTo =
  (targets: EventTargets): FanOut =>
  (event, contact) => {
    const body = webhookBody(event)
    const messages: DerivedMessage[] = targets.webhookUrls.map((url) => ({ kind: "webhook", payload: { url, msgId: event.messageId, body } }))
    if (targets.emailProvider) {
      if (UPSERTED.has(event.type) && contact)
        messages.push({ kind: "provider", payload: { action: "upsert", contact: JSON.stringify(taggedWithDrop(event, contact)) } })
      if ((event.type === "signup.left" || event.type === "signup.bounced") && event.contact)
        messages.push({ kind: "provider", payload: { action: "remove", email: event.contact.email } })
    }
    return messages
  }

/** The deliverer of event messages: fans each out in one store transaction. */
export const eventDeliverer =
  (store: Pick<OutboxStore, "fanOutEvent">, targets: EventTargets): Deliver =>
  async (entry, now) => {
    await store.fanOutEvent(entry.id, now, fanOutTo(targets))
  }

/**
 * The deliverer of email-provider calls, whose payload is `{ action: "upsert", contact }` or
 * `{ action: "remove", email }`. A refusal for good is given up on at once; "slow down" waits at
 * least as long as the provider asked.
 */
export const providerDeliverer =
  (provider: EmailProvider): Deliver =>
  async (entry) => {
    const { action, contact, email } = entry.payload
    try {
      if (action === "upsert" && contact) await provider.upsert(JSON.parse(contact) as ProviderContact)
      else if (action === "remove" && email) await provider.remove(email)
      else throw new GiveUp(`a provider message with no action it knows (${action ?? "none"})`)
    } catch (error) {
      if (error instanceof ProviderRejectedError) throw new GiveUp(`${provider.name} refused it: ${error.message}`, { cause: error })
      if (error instanceof ProviderBusyError) throw new RetryLater(`${provider.name} is busy: ${error.message}`, error.retryAfterMs, { cause: error })
      throw error
    }
  }

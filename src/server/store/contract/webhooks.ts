/** The store's contract, webhooks: each endpoint's health, as the sender keeps it. */

/** A webhook endpoint's health, as the sender keeps it. */
export interface WebhookEndpointState {
  url: string
  /** When the failures that have not been followed by a success began. */
  failingSince: string | null
  disabledAt: string | null
  disabledReason: string | null
}

/** Webhook messages and endpoints, for `signups:stats`. */
export interface WebhookHealth {
  /** Webhook messages not yet delivered that will be tried (again). */
  waiting: number
  /** Webhook messages given up on. */
  failed: number
  endpoints: WebhookEndpointState[]
}

/** Webhook endpoints: failing since when, disabled, and their messages' health. */
export interface WebhookStore {
  /** A webhook endpoint's health; null when nothing was ever sent to it. */
  webhookEndpoint(url: string): Promise<WebhookEndpointState | null>
  /** A delivery to the endpoint succeeded: it is no longer failing. */
  webhookSucceeded(url: string): Promise<void>
  /** A delivery to the endpoint failed: it is failing since now, unless it was already. Returns its state. */
  webhookFailed(url: string, now: Date): Promise<WebhookEndpointState>
  /** No more deliveries to the endpoint (it answered 410, or failed for days). */
  disableWebhookEndpoint(url: string, now: Date, reason: string): Promise<void>
  webhookHealth(): Promise<WebhookHealth>
}

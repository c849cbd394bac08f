/**
 * The signup service as one process runs it: settings read now, and the store, outbox sender
 * and rate limiter they name, made once and shared. Both ways in (the Gatsby Functions and the
 * production server) take their dependencies from here.
 */
import emails from "../../../content/emails.json"
import site from "../../../content/site.json"
import { emailForMessage, messageIdHeader } from "../mail/emails"
import { createMailer, type Mailer } from "../mail/mailer"
import { clientAddress, parseTrustProxy, rateLimitKey, type ClientAddressRule, type RequestHeaders } from "./client-address"
import type { HandlerDependencies } from "./handler"
import type { OwnerDependencies } from "./owner-handler"
import { makeRateLimiter, type RateLimiter } from "./rate-limit"
import { createOutboxSender, type OutboxSender } from "./outbox"
import { createSignupService, type MailQueue, type SignupService } from "./service"
import { readSetting, readSignupSettings, type SignupSettings, type SiteFacts } from "./settings"
import type { SqlDatabase } from "./stores/database"
import { openEmbeddedStore, openPostgresStore } from "./stores/open-store"
import { openPostgresDatabase } from "./stores/postgres-database"
import { createSqlStore } from "./stores/sql-store"
import type { SignupStore } from "./stores/store"

export const SITE_FACTS: SiteFacts = { brand: site.brand, siteUrl: site.siteUrl, generalEmail: site.emails.general }

export const logError = (message: string, error: unknown): void => console.error(message, error instanceof Error ? error.message : error)

/** Why signups cannot be taken here, or null when they can. */
export const unavailableReason = (settings: SignupSettings): string | null =>
  settings.serverless && !settings.databaseUrl
    ? `Signups are not stored: ${settings.serverless} keeps no files between requests. Set DATABASE_URL to a PostgreSQL database (see the README, "Deploying").`
    : null

const postgresOptions = (settings: SignupSettings & { databaseUrl: string }) => ({ connectionString: settings.databaseUrl, poolSize: settings.databasePoolSize })

/** The store the settings name: PostgreSQL with DATABASE_URL, else the embedded SQLite database. */
export const openStore = (settings: SignupSettings): SignupStore =>
  settings.databaseUrl
    ? openPostgresStore(postgresOptions({ ...settings, databaseUrl: settings.databaseUrl }), settings.referralBoost)
    : openEmbeddedStore(settings.signupsFile, settings.referralBoost)

export interface SignupRuntime {
  settings: SignupSettings
  store: SignupStore | null
  /** Delivers the outbox's mail; null without SMTP_URL. */
  sender: OutboxSender | null
  dependencies: HandlerDependencies
  /** The owner's endpoints' dependencies: the same, with the owner's secret and the store. */
  owner: OwnerDependencies
  /** The client a request counts as, for rate limiting. */
  clientKey(socketAddress: string | undefined, headers: RequestHeaders): string
}

interface Shared {
  /** PostgreSQL pools by URL: the store and the rate limiter share one per process. */
  databases: Map<string, SqlDatabase>
  stores: Map<string, SignupStore>
  mailers: Map<string, Mailer>
  limiters: Map<string, RateLimiter>
  senders: Map<string, OutboxSender>
}

// Gatsby's develop and serve servers re-require a Function's bundle on every request, which
// resets module state; what must live as long as the process lives on globalThis.
const SHARED_KEY = Symbol.for("block94.signupRuntime")
type GlobalWithShared = typeof globalThis & { [SHARED_KEY]?: Shared }
const shared = (): Shared => {
  const holder = globalThis as GlobalWithShared
  holder[SHARED_KEY] ??= { databases: new Map(), stores: new Map(), mailers: new Map(), limiters: new Map(), senders: new Map() }
  return holder[SHARED_KEY]
}

const once = <Value>(map: Map<string, Value>, key: string, make: () => Value): Value => {
  let value = map.get(key)
  if (value === undefined) {
    value = make()
    map.set(key, value)
  }
  return value
}

/** How often a long-running server looks for mail that is due again (retries wait 30 s and more). */
export const OUTBOX_POLL_MS = 10_000
/** How long a serverless answer waits for its mail's first attempt; a scheduled `npm run mail:send` retries the rest. */
export const SERVERLESS_MAIL_WAIT_MS = 3_000

type MailSettings = Pick<SignupSettings, "siteUrl" | "serverless">

/** The outbox's mail, built from the copy when sent and delivered over SMTP with its stable Message-ID. */
export const outboxSender = (store: SignupStore, mailer: Mailer, settings: MailSettings, log = logError, now = () => new Date()): OutboxSender => {
  const facts = { brand: SITE_FACTS.brand, siteUrl: settings.siteUrl, generalEmail: SITE_FACTS.generalEmail }
  const sender = createOutboxSender({
    store,
    deliver: (entry) => mailer.send(emailForMessage(entry.kind, entry.payload, emails, facts), messageIdHeader(entry.messageId, settings.siteUrl)),
    logError: log,
    now,
  })
  // A serverless function is frozen between requests: no loop there (see SERVERLESS_MAIL_WAIT_MS).
  if (!settings.serverless) sender.start(OUTBOX_POLL_MS)
  return sender
}

/** What the service is told when it queued mail: start delivering, or on serverless wait for a first attempt. */
export const mailQueue = (sender: OutboxSender, settings: MailSettings): MailQueue => ({
  queued: async () => {
    if (settings.serverless) await sender.deliverDue(SERVERLESS_MAIL_WAIT_MS)
    else sender.kick()
  },
})

/** The runtime for the settings in the environment now; the same objects while they stay the same. */
export const signupRuntime = (): SignupRuntime => {
  const settings = readSignupSettings(SITE_FACTS)
  const unavailable = unavailableReason(settings)
  const { databases, stores, mailers, limiters, senders } = shared()
  const { databaseUrl } = settings
  const postgres = databaseUrl ? once(databases, databaseUrl, () => openPostgresDatabase(postgresOptions({ ...settings, databaseUrl }))) : null
  const store = unavailable
    ? null
    : once(stores, `${databaseUrl ?? settings.signupsFile} ${settings.referralBoost}`, () =>
        postgres ? createSqlStore(postgres, { boost: settings.referralBoost }) : openEmbeddedStore(settings.signupsFile, settings.referralBoost),
      )
  const mailer = settings.smtpUrl ? once(mailers, `${settings.smtpUrl} ${settings.mailFrom} ${settings.smtpTimeoutMs}`, () =>
        createMailer({ smtpUrl: settings.smtpUrl as string, from: settings.mailFrom, timeoutMs: settings.smtpTimeoutMs }),
      ) : null
  const sender = store && mailer ? once(senders, `${databaseUrl ?? settings.signupsFile} ${settings.smtpUrl} ${settings.mailFrom}`, () => outboxSender(store, mailer, settings)) : null
  // With PostgreSQL the limit lives in the database, so it holds across every instance.
  const rateLimiter = once(limiters, `${databaseUrl ?? "memory"} ${settings.rateLimit}/${settings.rateWindowMs}`, () => makeRateLimiter(settings, postgres ? postgres.query : null))
  const service: SignupService | { unavailable: string } = store
    ? createSignupService({ store, mail: sender ? mailQueue(sender, settings) : null, settings })
    : { unavailable: unavailable as string }
  const clientRule: ClientAddressRule = { trust: parseTrustProxy(settings.trustProxy), header: settings.clientAddressHeader }
  const dependencies: HandlerDependencies = { service, rateLimiter, now: () => new Date(), logError }
  return {
    settings,
    store,
    sender,
    dependencies,
    // OWNER_TOKEN is read on every request, so setting or changing it needs no restart. Inviting
    // comes with the invitations feature; until then its endpoint answers 501.
    owner: { ...dependencies, ownerToken: () => readSetting("OWNER_TOKEN"), store, inviteNext: null },
    clientKey: (socketAddress, headers) => rateLimitKey(clientAddress(socketAddress, headers, clientRule)),
  }
}

/** Drops the shared stores and limiters, as a process restart would; for tests. */
export const resetSignupRuntime = async (): Promise<void> => {
  const { databases, stores, mailers, limiters, senders } = shared()
  await Promise.all([...senders.values()].map((sender) => sender.stop(1_000)))
  senders.clear()
  // A PostgreSQL store closes its pool, which is the database's; close each once.
  const closing = new Set<{ close(): Promise<void> }>([...stores.values(), ...databases.values()])
  await Promise.all([...closing].map((closable) => closable.close().catch(() => undefined)))
  for (const mailer of mailers.values()) mailer.close()
  databases.clear()
  stores.clear()
  mailers.clear()
  limiters.clear()
}

/**
 * The signup service as one process runs it: settings read now, and the store, mailer and rate
 * limiter they name, made once and shared. Both ways in (the Gatsby Functions and the
 * production server) take their dependencies from here.
 */
import emails from "../../../content/emails.json"
import site from "../../../content/site.json"
import { createMailer, type Mailer } from "../mail/mailer"
import { clientAddress, parseTrustProxy, rateLimitKey, type ClientAddressRule, type RequestHeaders } from "./client-address"
import type { HandlerDependencies } from "./handler"
import { makeRateLimiter, type RateLimiter } from "./rate-limit"
import { createSignupService, type SignupService } from "./service"
import { readSignupSettings, type SignupSettings, type SiteFacts } from "./settings"
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
  dependencies: HandlerDependencies
  /** The client a request counts as, for rate limiting. */
  clientKey(socketAddress: string | undefined, headers: RequestHeaders): string
}

interface Shared {
  /** PostgreSQL pools by URL: the store and the rate limiter share one per process. */
  databases: Map<string, SqlDatabase>
  stores: Map<string, SignupStore>
  mailers: Map<string, Mailer>
  limiters: Map<string, RateLimiter>
}

// Gatsby's develop and serve servers re-require a Function's bundle on every request, which
// resets module state; what must live as long as the process lives on globalThis.
const SHARED_KEY = Symbol.for("block94.signupRuntime")
type GlobalWithShared = typeof globalThis & { [SHARED_KEY]?: Shared }
const shared = (): Shared => {
  const holder = globalThis as GlobalWithShared
  holder[SHARED_KEY] ??= { databases: new Map(), stores: new Map(), mailers: new Map(), limiters: new Map() }
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

/** The runtime for the settings in the environment now; the same objects while they stay the same. */
export const signupRuntime = (): SignupRuntime => {
  const settings = readSignupSettings(SITE_FACTS)
  const unavailable = unavailableReason(settings)
  const { databases, stores, mailers, limiters } = shared()
  const { databaseUrl } = settings
  const postgres = databaseUrl ? once(databases, databaseUrl, () => openPostgresDatabase(postgresOptions({ ...settings, databaseUrl }))) : null
  const store = unavailable
    ? null
    : once(stores, `${databaseUrl ?? settings.signupsFile} ${settings.referralBoost}`, () =>
        postgres ? createSqlStore(postgres, { boost: settings.referralBoost }) : openEmbeddedStore(settings.signupsFile, settings.referralBoost),
      )
  const mailer = settings.smtpUrl ? once(mailers, `${settings.smtpUrl} ${settings.mailFrom}`, () => createMailer({ smtpUrl: settings.smtpUrl as string, from: settings.mailFrom })) : null
  // With PostgreSQL the limit lives in the database, so it holds across every instance.
  const rateLimiter = once(limiters, `${databaseUrl ?? "memory"} ${settings.rateLimit}/${settings.rateWindowMs}`, () => makeRateLimiter(settings, postgres ? postgres.query : null))
  const service: SignupService | { unavailable: string } = store
    ? createSignupService({ store, mailer, settings, emails, brand: SITE_FACTS.brand, logError })
    : { unavailable: unavailable as string }
  const clientRule: ClientAddressRule = { trust: parseTrustProxy(settings.trustProxy), header: settings.clientAddressHeader }
  return {
    settings,
    store,
    dependencies: { service, rateLimiter, now: () => new Date(), logError },
    clientKey: (socketAddress, headers) => rateLimitKey(clientAddress(socketAddress, headers, clientRule)),
  }
}

/** Drops the shared stores and limiters, as a process restart would; for tests. */
export const resetSignupRuntime = async (): Promise<void> => {
  const { databases, stores, mailers, limiters } = shared()
  // A PostgreSQL store closes its pool, which is the database's; close each once.
  const closing = new Set<{ close(): Promise<void> }>([...stores.values(), ...databases.values()])
  await Promise.all([...closing].map((closable) => closable.close().catch(() => undefined)))
  for (const mailer of mailers.values()) mailer.close()
  databases.clear()
  stores.clear()
  mailers.clear()
  limiters.clear()
}

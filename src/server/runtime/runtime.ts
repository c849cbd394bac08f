/**
 * runtime/: the wiring. The signup service as one process runs it: settings read now, and the
 * store, outbox sender and rate limiter they name, made once and shared. Every way in (the
 * Gatsby Functions, the production server and the commands under tools/) takes them from here.
 */
import { madeOnce, once, processShared } from "./made-once"
import { appendErasure, rekeyErasureLog, type ErasureEntry } from "../backup/erasure-log"
import { choosePepper } from "../keys/pepper"
import { readBackupSettings } from "../settings/backup"
import { backupSummary } from "../backup/snapshot"
import rewards from "../../../content/rewards.json"
import site from "../../../content/site.json"
import { createMailer, type Mailer, type MailSettings as MailerSettings } from "../outbox/mail/mailer"
import { clientAddress, parseTrustProxy, rateLimitKey, type ClientAddressRule, type RequestHeaders } from "../http/client-address"
import { processSecret } from "../http/bot-check"
import { createWrongTryLog, type WrongTryLog } from "../http/wrong-try-log"
import type { BotCheck, HandlerDependencies } from "../http/kit"
import type { OwnerDependencies } from "../http/owner-handler"
import { makeRateLimiters, type RateLimiters } from "../http/rate-limit"
import type { VisitDependencies } from "../http/visit-handler"
import { closeVisitCounters, visitWiring } from "./visits"
import { createEmailProvider } from "./email-provider"
import type { EmailProvider } from "../outbox/providers/provider"
import type { WebhookSettings } from "../outbox/webhooks/settings"
import { webhookDeliverer } from "../outbox/webhooks/sender"
import { eventDeliverer, providerDeliverer } from "../outbox/fan-out"
import { createOutboxSender, type Deliver, type OutboxSender } from "../outbox/outbox"
import { emailDeliverers } from "../outbox/mail/deliver"
import { inviteNext } from "../waitlist/invitations"
import { createSignupService, deliverQueued, type MailQueue, type SignupService } from "../waitlist/service"
import { createAnswerPaces, type AnswerPaces } from "../waitlist/answer-pace"
import { dropCatalog, dropsContent } from "../drop/catalog"
import { providerSettingsKey } from "../settings/provider"
import { drandBeacons } from "../drop/beacon-client"
import { createDropService, type DropService } from "../drop/service"
import {
  optInProblem,
  pepperProblem,
  readSecret,
  readSignupSettings,
  recordsEvents,
  SECRET_SETTINGS,
  secretProblem,
  type SignupSettings,
  type SiteFacts,
} from "../settings/settings"
import type { SqlDatabase } from "../store/database"
import { openEmbeddedStore } from "../store/open-store"
import { openPostgresDatabase } from "../store/postgres-database"
import { createSqlStore } from "../store/sql-store"
import type { Milestone, OutboxKind, SignupStore } from "../store/store"

export const SITE_FACTS: SiteFacts = { brand: site.brand, siteUrl: site.siteUrl, generalEmail: site.emails.general }

export const logError = (message: string, error: unknown): void => console.error(message, error instanceof Error ? error.message : error)

/** Why signups cannot be taken here, or null when they can. */
export const unavailableReason = (settings: SignupSettings): string | null =>
  settings.serverless && !settings.databaseUrl
    ? `Signups are not stored: ${settings.serverless} keeps no files between requests. Set DATABASE_URL to a PostgreSQL database (see docs/operations.md, "Deploying").`
    : (optInProblem(settings) ?? pepperProblem(settings))

/** The reward tiers of content/rewards.json, as the store announces them. */
export const MILESTONES: readonly Milestone[] = rewards.tiers.map(({ referrals, reward }) => ({ referrals, reward }))

/**
 * What a store is opened from: the settings it reads, and nothing else. Beyond keeping the list
 * it announces reward tiers (by email where mail goes out), records list events while something
 * receives them, and (the embedded database) logs who leaves, for a restore to re-apply.
 */
const storeSpec = (settings: SignupSettings) => ({
  postgres: postgresSpec(settings),
  signupsFile: settings.signupsFile,
  referralBoost: settings.referralBoost,
  referralDailyCap: settings.referralDailyCap,
  events: recordsEvents(settings),
  milestoneEmails: Boolean(settings.smtpUrl),
  erasureLog: settings.erasureLog,
  pepper: settings.listPepper,
})
type StoreSpec = ReturnType<typeof storeSpec>

/** A PostgreSQL pool is opened from its address and size; null: the embedded database. */
const postgresSpec = ({ databaseUrl, databasePoolSize }: Pick<SignupSettings, "databaseUrl" | "databasePoolSize">): PostgresSpec | null =>
  databaseUrl ? { connectionString: databaseUrl, poolSize: databasePoolSize } : null
type PostgresSpec = { connectionString: string; poolSize: number }

/** A mailer is made from its SMTP server, sender, timeout and DKIM key. */
type MailerSpec = Required<MailerSettings>

/** The store of `spec`, on `postgres` (a pool the caller shares) or a pool of its own. */
const openStoreFrom = (spec: StoreSpec, postgres: SqlDatabase | null): SignupStore => {
  const { erasureLog } = spec
  const options = {
    // Read on first use: the embedded database's folder may not be there yet.
    pepper: () => choosePepper(spec.pepper, spec.postgres ? null : spec.signupsFile),
    milestones: MILESTONES,
    milestoneEmails: spec.milestoneEmails,
    events: spec.events,
    referralDailyCap: spec.referralDailyCap,
    recordErasure: erasureLog ? (entry: ErasureEntry) => appendErasure(erasureLog, entry) : undefined,
    rekeyErasureLog: erasureLog ? (pepper: string) => rekeyErasureLog(erasureLog, pepper) : undefined,
  }
  if (!spec.postgres) return openEmbeddedStore(spec.signupsFile, spec.referralBoost, options)
  return createSqlStore(postgres ?? openPostgresDatabase(spec.postgres), { boost: spec.referralBoost, ...options })
}

/** The list's pepper for these settings (see keys/pepper.ts): for commands that key as the store does (a restore). */
export const listPepper = (settings: Pick<SignupSettings, "listPepper" | "databaseUrl" | "signupsFile">): string =>
  choosePepper(settings.listPepper, settings.databaseUrl ? null : settings.signupsFile)

/**
 * The store the settings name: PostgreSQL with DATABASE_URL, else the embedded SQLite database.
 * The commands open it here; the runtime opens its shared one from the same spec.
 */
export const openStore = (settings: SignupSettings): SignupStore => openStoreFrom(storeSpec(settings), null)

/** Makes the email provider EMAIL_PROVIDER names (the adapters' factory), or null when there is none. */
export type EmailProviderFactory = (settings: SignupSettings) => EmailProvider | null

/** The adapter EMAIL_PROVIDER names, with its settings read now (see src/server/outbox/providers/). */
const configuredEmailProvider: EmailProviderFactory = () => createEmailProvider()

export interface SignupRuntime {
  settings: SignupSettings
  store: SignupStore | null
  /** Delivers the outbox's messages; null when there is nothing to deliver them to (no SMTP_URL, webhooks or email provider). */
  sender: OutboxSender | null
  dependencies: HandlerDependencies
  /** The owner's endpoints' dependencies: the same, with the owner's secret and the store. */
  owner: OwnerDependencies
  /** POST /api/visit's dependencies (runtime/visits.ts). */
  visits: VisitDependencies
  /** The client a request counts as, for rate limiting. */
  clientKey(socketAddress: string | undefined, headers: RequestHeaders): string
}

interface Shared {
  /** PostgreSQL pools by URL: the store and the rate limiter share one per process. */
  databases: Map<string, SqlDatabase>
  stores: Map<string, SignupStore>
  mailers: Map<string, Mailer>
  limiters: Map<string, RateLimiters>
  senders: Map<string, OutboxSender>
  /** The email provider's adapter by its settings, or why there is none. */
  providers: Map<string, { provider: EmailProvider | null; problem: string | null }>
  /** Problems with the settings already logged, so each is said once per process. */
  warned: Set<string>
  /** Secrets made for this process where no setting gives one (the bot check's, without ALTCHA_HMAC_KEY). */
  secrets: Map<string, string>
  /** The logs of wrong secrets, by window: each client's tries logged once a window (see secret-gate.ts). */
  wrongTryLogs: Map<string, WrongTryLog>
  /** The pace of signup answers by store: what it learned of recent answers outlives a Function's request. */
  paces: Map<string, AnswerPaces>
}

const shared = (): Shared =>
  processShared("signupRuntime", () => ({
    databases: new Map(),
    stores: new Map(),
    mailers: new Map(),
    limiters: new Map(),
    senders: new Map(),
    providers: new Map(),
    warned: new Set<string>(),
    secrets: new Map(),
    wrongTryLogs: new Map(),
    paces: new Map(),
  }))

/** How often a long-running server looks for mail that is due again (retries wait 30 s and more). */
export const OUTBOX_POLL_MS = 10_000
/** How long a serverless answer waits for its mail's first attempt; a scheduled `npm run mail:send` retries the rest. */
export const SERVERLESS_MAIL_WAIT_MS = 3_000

type MailSettings = Pick<SignupSettings, "siteUrl" | "serverless">

/** Where the outbox's other messages go: signed webhooks and the owner's email provider. */
export interface OutboxDestinations {
  webhooks?: Pick<WebhookSettings, "urls" | "secret" | "allowPrivate"> | null
  provider?: EmailProvider | null
}

/** The deliverer of each kind of message there is somewhere to deliver to. */
const deliverersFor = (
  store: SignupStore,
  mailer: Mailer | null,
  settings: MailSettings,
  { webhooks, provider }: OutboxDestinations,
): Partial<Record<OutboxKind, Deliver>> => {
  const deliverers: Partial<Record<OutboxKind, Deliver>> = mailer
    ? emailDeliverers(store, mailer, { brand: SITE_FACTS.brand, siteUrl: settings.siteUrl, generalEmail: SITE_FACTS.generalEmail })
    : {}
  const signing = webhooks?.secret && webhooks.urls.length > 0 ? webhooks.secret : null
  // Events are always fanned out (to whatever is set up now), so none waits for ever.
  deliverers.event = eventDeliverer(store, { webhookUrls: signing ? (webhooks?.urls ?? []) : [], emailProvider: Boolean(provider) })
  if (signing) deliverers.webhook = webhookDeliverer({ store, secret: signing, allowPrivate: webhooks?.allowPrivate ?? false })
  if (provider) deliverers.provider = providerDeliverer(provider)
  return deliverers
}

/**
 * The outbox's sender: mail built from the copy when sent and delivered over SMTP with its
 * stable Message-ID (kept waiting without a mailer), events fanned out, webhooks signed and
 * sent, the email provider called.
 */
export const outboxSender = (
  store: SignupStore,
  mailer: Mailer | null,
  settings: MailSettings,
  log = logError,
  now = () => new Date(),
  destinations: OutboxDestinations = {},
): OutboxSender => {
  const sender = createOutboxSender({ store, deliverers: deliverersFor(store, mailer, settings, destinations), logError: log, now })
  // A serverless function is frozen between requests: no loop there (see SERVERLESS_MAIL_WAIT_MS).
  if (!settings.serverless) sender.start(OUTBOX_POLL_MS)
  return sender
}

/** What the service is told when it queued mail: on serverless, wait for a first attempt; else start delivering (after a paced answer left). */
export const mailQueue = (sender: OutboxSender, settings: MailSettings): MailQueue => ({
  queued: async () => {
    if (settings.serverless) await sender.deliverDue(SERVERLESS_MAIL_WAIT_MS)
    return settings.serverless ? () => undefined : () => sender.kick()
  },
})

export interface RuntimeOptions {
  /** Makes the email provider's adapter (a test gives a stand-in). */
  makeEmailProvider?: EmailProviderFactory
  /** A command that delivers once and exits (`mail:send`): the sender runs no loop of its own. */
  onePass?: boolean
}

/**
 * The runtime for the settings in the environment now; the same objects while they stay the
 * same. The server, the Functions and every command take their store and sender from here, so
 * they deliver the same way.
 */
export const signupRuntime = ({ makeEmailProvider = configuredEmailProvider, onePass = false }: RuntimeOptions = {}): SignupRuntime => {
  const settings = readSignupSettings(SITE_FACTS)
  const unavailable = unavailableReason(settings)
  const { databases, stores, mailers, limiters, senders, providers, warned, secrets, wrongTryLogs, paces } = shared()
  const { databaseUrl } = settings
  const events = recordsEvents(settings)
  // A provider's setting missing or wrong is told once, and its calls wait in the outbox until it is fixed.
  const providerKey = providerSettingsKey()
  const made = once(providers, providerKey, () => {
    try {
      return { provider: makeEmailProvider(settings), problem: null }
    } catch (error) {
      return { provider: null, problem: `${error instanceof Error ? error.message : String(error)}: calls to ${settings.emailProvider} wait in the outbox` }
    }
  })
  const provider = made.provider
  const problems = [
    ...settings.webhooks.problems,
    ...SECRET_SETTINGS.flatMap((name) => secretProblem(name) ?? []),
    ...settings.botCheck.problems,
    ...settings.retention.problems,
    ...settings.dkim.problems,
    ...(settings.databaseUrl ? [] : readBackupSettings(settings).problems),
    ...(made.problem
      ? [made.problem]
      : settings.emailProvider && !provider
        ? [`EMAIL_PROVIDER is ${settings.emailProvider}, but no adapter for it is set up here: calls to it wait in the outbox`]
        : []),
  ]
  for (const problem of problems.filter((problem) => !warned.has(problem))) {
    warned.add(problem)
    console.error(`settings: ${problem}`)
  }
  // Each object is found by what it is made from, and made from that alone.
  const postgresOf = (spec: PostgresSpec) => madeOnce(databases, spec, openPostgresDatabase)
  const storeOf = (spec: StoreSpec) => madeOnce(stores, spec, (made) => openStoreFrom(made, made.postgres && postgresOf(made.postgres)))
  const mailerOf = (spec: MailerSpec | null) => spec && madeOnce(mailers, spec, createMailer)
  const store = unavailable ? null : storeOf(storeSpec(settings))
  const mailerSpec: MailerSpec | null = settings.smtpUrl
    ? { smtpUrl: settings.smtpUrl, from: settings.mailFrom, timeoutMs: settings.smtpTimeoutMs, dkim: settings.dkim.key }
    : null
  const mailer = mailerOf(mailerSpec)
  const senderSpec = {
    store: storeSpec(settings),
    mailer: mailerSpec,
    siteUrl: settings.siteUrl,
    // A command that delivers once (mail:send) runs no loop, as on serverless hosts.
    serverless: onePass ? (settings.serverless ?? "a scheduled run") : settings.serverless,
    webhooks: { urls: settings.webhooks.urls, secret: settings.webhooks.secret, allowPrivate: settings.webhooks.allowPrivate },
    provider: providerKey,
  }
  const sender =
    store && (mailer || events)
      ? madeOnce(senders, senderSpec, (spec) =>
          outboxSender(storeOf(spec.store), mailerOf(spec.mailer), spec, logError, () => new Date(), { webhooks: spec.webhooks, provider }),
        )
      : null
  // With PostgreSQL the limit lives in the database, so it holds across every instance.
  const rateLimits = madeOnce(limiters, { postgres: postgresSpec(settings), rateLimit: settings.rateLimit, rateWindowMs: settings.rateWindowMs }, (spec) =>
    makeRateLimiters(spec, spec.postgres ? postgresOf(spec.postgres).query : null),
  )
  const drops: DropService | null = store
    ? createDropService({
        store,
        catalog: dropCatalog(dropsContent(settings.dropsFile)),
        siteUrl: settings.siteUrl,
        mail: sender && mailer ? mailQueue(sender, settings) : null,
        outbox: sender ? mailQueue(sender, settings) : null,
        seedDir: settings.dropSeedDir,
        beacons: drandBeacons(),
        listDir: settings.dropListDir,
      })
    : null
  const service: SignupService | { unavailable: string } = store
    ? createSignupService({
        store,
        mail: sender && mailer ? mailQueue(sender, settings) : null,
        events: sender && events ? mailQueue(sender, settings) : null,
        settings: { ...settings, showLeaderboard: rewards.showLeaderboard, showListSizeFrom: site.showListSizeFrom },
        drops,
        // The pace outlives a Function's request; serverless, a new signup's answer waits for its email: others may be held as long.
        pace: {
          paces: madeOnce(paces, { store: storeSpec(settings), serverless: settings.serverless }, ({ serverless }) =>
            createAnswerPaces(serverless ? { maxFloorMs: SERVERLESS_MAIL_WAIT_MS } : {}),
          ),
        },
      })
    : { unavailable: unavailable as string }
  const counting = visitWiring(store, JSON.stringify(storeSpec(settings)), settings, logError)
  const clientRule: ClientAddressRule = { trust: parseTrustProxy(settings.trustProxy), header: settings.clientAddressHeader }
  const botCheck: BotCheck | undefined =
    store && settings.botCheck.mode !== "off"
      ? {
          ...settings.botCheck,
          secret: settings.botCheck.secret ?? once(secrets, "bot check", processSecret),
          record: (check, now) => store.checkChallenge(check, now),
        }
      : undefined
  const dependencies: HandlerDependencies = {
    service,
    ...rateLimits,
    now: () => new Date(),
    logError,
    inviteApiToken: settings.inviteApiToken,
    botCheck,
    drops,
    wrongTryLog: madeOnce(wrongTryLogs, { windowMs: settings.rateWindowMs }, ({ windowMs }) => createWrongTryLog(logError, windowMs)),
  }
  return {
    settings,
    store,
    sender,
    dependencies,
    visits: counting.visits,
    // OWNER_TOKEN is read on every request, so setting or changing it needs no restart.
    owner: {
      ...dependencies,
      ownerToken: () => {
        const problem = secretProblem("OWNER_TOKEN")
        if (problem && !warned.has(problem)) {
          warned.add(problem)
          console.error(`settings: ${problem}`)
        }
        return readSecret("OWNER_TOKEN")
      },
      store,
      backups: databaseUrl ? undefined : (now) => backupSummary(readBackupSettings(settings), now),
      funnel: counting.funnel,
      inviteNext: store
        ? async (options, now) => {
            const wave = await inviteNext(store, settings, options, now)
            // The invitations are in the outbox: start sending them.
            if (!wave.dryRun && wave.invited.length > 0 && sender && mailer) await deliverQueued(mailQueue(sender, settings))
            return wave
          }
        : null,
    },
    clientKey: (socketAddress, headers) => rateLimitKey(clientAddress(socketAddress, headers, clientRule)),
  }
}

/** Drops the shared stores and limiters, as a process restart would; for tests. */
export const resetSignupRuntime = async (): Promise<void> => {
  const { databases, stores, mailers, limiters, senders, providers } = shared()
  await Promise.all([...senders.values()].map((sender) => sender.stop(1_000)))
  senders.clear()
  await closeVisitCounters(logError)
  // A PostgreSQL store closes its pool, which is the database's; close each once.
  const closing = new Set<{ close(): Promise<void> }>([...stores.values(), ...databases.values()])
  await Promise.all([...closing].map((closable) => closable.close().catch(() => undefined)))
  for (const mailer of mailers.values()) mailer.close()
  databases.clear()
  stores.clear()
  mailers.clear()
  limiters.clear()
  providers.clear()
}

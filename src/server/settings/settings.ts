/**
 * settings/: the only code that reads the environment (a lint rule keeps it so). This file
 * holds the signup settings; backup.ts, provider.ts and server.ts the backups', the email tool's
 * and serve:prod's own. Each is read and checked once and handed to what needs it.
 *
 * Server settings read when the server runs, not when the site is built.
 *
 * Gatsby bundles Functions with webpack and its DefinePlugin rewrites, at build time,
 * `process.env.NAME` (and `process.env["NAME"]`) to the value the variable had during the build,
 * and a bare `process.env` to `({})`, so even `process.env[name]` always yields undefined.
 * Reaching the environment through `globalThis.process` is not rewritten: the read happens on
 * the running server. (A test compiles this file with Gatsby's DefinePlugin setup to prove it.)
 */
import os from "node:os"
import path from "node:path"
import { parseWebhookSettings, type WebhookSettings } from "../outbox/webhooks/settings"
import { parseBotCheckMode, type BotCheckMode } from "../http/bot-check"
import { PENDING_SIGNUP_MAX_DAYS } from "../../signup/retention"
import { parseDkim, type DkimKey } from "../outbox/mail/dkim"
import { DEFAULT_REFERRAL_DAILY_CAP } from "../store/referral-review"
import { withoutTrailingSlash } from "../../signup/site-url"
import { MIN_PEPPER_LENGTH } from "../keys/pepper"
import { DAY_MS } from "../../signup/durations"

export const DEFAULT_SIGNUPS_FILE = ".data/signups.db"
export const DEFAULT_RATE_LIMIT = 10
export const DEFAULT_RATE_WINDOW_MS = 60_000
export const DEFAULT_REFERRAL_BOOST = 10
export const DEFAULT_SMTP_TIMEOUT_MS = 30_000
/** Where `npm start` (gatsby develop) serves the site: the links a signup answers with lead there, not to production. */
export const DEVELOP_SITE_URL = "http://localhost:8000"

/** The environment variable `name` as the running process sees it; empty counts as unset. */
export const readSetting = (name: string): string | undefined => {
  const value = globalThis.process?.env?.[name]
  return value === undefined || value.trim() === "" ? undefined : value
}

/** The shortest owner or shop secret accepted: long enough that guessing is hopeless at any rate. */
export const MIN_SECRET_LENGTH = 32

/** The fewest different characters a secret may hold: a random one of 32 hex digits has fewer about once in 10,000. */
export const MIN_SECRET_VARIETY = 10

const MAKE_ONE = "for example `openssl rand -base64 32`"

/** Whether `value` is one short piece over and over ("abcabcabc..."), the longest the piece could be half the secret. */
const isRepeated = (value: string): boolean => {
  for (let period = 1; period <= value.length / 2; period += 1) {
    let repeats = true
    for (let i = period; i < value.length && repeats; i += 1) repeats = value[i] === value[i - period]
    if (repeats) return true
  }
  return false
}

/**
 * What is wrong with a bearer secret's value, or null. A secret is sent as one word after
 * "Bearer", so whitespace inside it could never match; a header carries visible ASCII only.
 */
const secretValueProblem = (value: string): string | null => {
  if (value.length < MIN_SECRET_LENGTH)
    return `is ${value.length} characters long: set a random secret of at least ${MIN_SECRET_LENGTH} characters (${MAKE_ONE})`
  if (/\s/.test(value))
    return `holds whitespace, which a request's "Authorization: Bearer" header cannot carry: set a random secret without spaces (${MAKE_ONE})`
  if (!/^[\x21-\x7e]+$/.test(value)) return `holds characters other than visible ASCII, which a request header cannot carry: set a random secret (${MAKE_ONE})`
  const variety = new Set(value).size
  if (variety < MIN_SECRET_VARIETY || isRepeated(value))
    return `has too little variety (${variety < MIN_SECRET_VARIETY ? `only ${variety} different characters` : "one piece repeated"}), so it is easier to guess than its length says: set a random secret (${MAKE_ONE})`
  return null
}

/** Why the secret setting `name` cannot be used, or null when it is unset or good. */
export const secretProblem = (name: string, value = readSetting(name)?.trim()): string | null => {
  const problem = value === undefined ? null : secretValueProblem(value)
  return problem === null ? null : `${name} ${problem}; until then it is treated as unset`
}

/** A secret setting (OWNER_TOKEN, INVITE_API_TOKEN), or undefined when it is unset or unfit (see `secretProblem`). */
export const readSecret = (name: string): string | undefined => {
  const value = readSetting(name)?.trim()
  return value !== undefined && secretProblem(name, value) === null ? value : undefined
}

/** The bearer secrets the service reads; each is refused while short, with whitespace or with too little variety. */
export const SECRET_SETTINGS = ["OWNER_TOKEN", "INVITE_API_TOKEN"] as const

const readPositiveInteger = (name: string, fallback: number): number => {
  const raw = readSetting(name)
  if (raw === undefined) return fallback
  const value = Number(raw)
  return Number.isSafeInteger(value) && value > 0 ? value : fallback
}

export interface SignupSettings {
  /** Absolute path of the embedded SQLite database (used without DATABASE_URL). */
  signupsFile: string
  /** PostgreSQL connection URL; when set, signups live there. */
  databaseUrl: string | undefined
  /** Connections per process to PostgreSQL. */
  databasePoolSize: number
  /** Requests one client may send per window. */
  rateLimit: number
  rateWindowMs: number
  /** Which X-Forwarded-For entries to believe (see client-address.ts). */
  trustProxy: string | undefined
  /** The host's own header with the visitor's address, lower case (see client-address.ts). */
  clientAddressHeader: string | undefined
  /** The site's public address, for links in answers and mail. */
  siteUrl: string
  /** Places a signup moves up per confirmed referral. */
  referralBoost: number
  /** Referrals credited to one referrer per day (REFERRAL_DAILY_CAP); the rest are held for the owner. */
  referralDailyCap: number
  /** SMTP server for confirmation mail (smtp:// or smtps://); without it, single opt-in. */
  smtpUrl: string | undefined
  /** The sender of that mail. */
  mailFrom: string
  /** How long the SMTP server may stay silent before an attempt fails (and is retried). */
  smtpTimeoutMs: number
  /** The serverless platform this runs on (its disk does not keep files), or null. */
  serverless: string | null
  /** Signed webhooks: WEBHOOK_URL (checked), WEBHOOK_SECRET, WEBHOOK_ALLOW_PRIVATE, and what is wrong with them. */
  webhooks: WebhookSettings
  /** The owner's email tool kept in step with the list (EMAIL_PROVIDER: mailchimp, kit, brevo or loops). */
  emailProvider: string | undefined
  /** The shop's secret for redeeming invitation codes (`POST /api/invite/redeem`); unset, that endpoint answers 404. */
  inviteApiToken: string | undefined
  /**
   * Where leavers are logged for a restore to erase again (ERASURE_LOG): beside the embedded
   * database by default; with PostgreSQL only where the setting names a file that lasts.
   */
  erasureLog: string | null
  /**
   * Where drops' seeds wait for their draw (DROP_SEED_DIR): beside the embedded database by
   * default; with PostgreSQL or on serverless hosts only where the setting names a lasting folder
   * (else the owner keeps the seed the owner's page gives them).
   */
  dropSeedDir: string | null
  /** The drops the server runs with (DROPS_FILE), when not the built site's content/drops.json. */
  dropsFile: string | null
  /**
   * Where each frozen entry list is kept as a file to serve (DROP_LIST_DIR), copied once from the
   * store: beside the embedded database by default, else in the system's temporary folder.
   */
  dropListDir: string
  /** Running in production: NODE_ENV=production (`gatsby serve`, a host's Functions) or the production server, which sets it. */
  production: boolean
  /**
   * SIGNUP_SINGLE_OPT_IN=1: the owner takes signups without SMTP_URL on purpose, unconfirmed by
   * their owners. Production refuses to run without mail unless this is set.
   */
  singleOptIn: boolean
  /**
   * The bot check (ALTCHA_MODE, ALTCHA_HMAC_KEY): its mode, its signing secret (undefined: one
   * is made for the process, which only that process verifies), and what is wrong with them.
   */
  botCheck: { mode: BotCheckMode; secret: string | undefined; problems: string[] }
  /** DKIM signing of the mail (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY), and what is wrong with it. */
  dkim: { key: DkimKey | null; problems: string[] }
  /** Page views are counted (VISIT_COUNTING, on unless "off"): counts only, see src/server/store/visit-store.ts. */
  countVisits: boolean
  /** How long a signup nobody confirmed is kept (PENDING_SIGNUP_DAYS, at most what the privacy page promises), and what is wrong with the setting. */
  retention: { pendingMs: number; problems: string[] }
  /**
   * The list's pepper (LIST_PEPPER), which keys suppression keys and the erasure log (see
   * src/server/keys/pepper.ts); unset: the file beside the embedded database, or with PostgreSQL
   * outside production a development pepper.
   */
  listPepper: string | undefined
}

const readDkim = (): SignupSettings["dkim"] => {
  try {
    return { key: parseDkim(readSetting("DKIM_DOMAIN"), readSetting("DKIM_SELECTOR"), readSetting("DKIM_PRIVATE_KEY")), problems: [] }
  } catch (error) {
    return { key: null, problems: [error instanceof Error ? error.message : String(error)] }
  }
}

/** PENDING_SIGNUP_DAYS: 1 to PENDING_SIGNUP_MAX_DAYS days; longer would break the privacy page's promise. */
export const readRetention = (raw = readSetting("PENDING_SIGNUP_DAYS")): SignupSettings["retention"] => {
  const days = raw === undefined ? PENDING_SIGNUP_MAX_DAYS : Number(raw)
  if (Number.isInteger(days) && days >= 1 && days <= PENDING_SIGNUP_MAX_DAYS) return { pendingMs: days * DAY_MS, problems: [] }
  return {
    pendingMs: PENDING_SIGNUP_MAX_DAYS * DAY_MS,
    problems: [
      `PENDING_SIGNUP_DAYS is "${raw}": give a whole number of days from 1 to ${PENDING_SIGNUP_MAX_DAYS} (the privacy page promises unconfirmed addresses are deleted within ${PENDING_SIGNUP_MAX_DAYS} days); until then it is ${PENDING_SIGNUP_MAX_DAYS}`,
    ],
  }
}

/** The bot check's settings, each problem named (see bot-check.ts). */
const readBotCheck = (serverless: boolean): SignupSettings["botCheck"] => {
  const { mode, problem } = parseBotCheckMode(readSetting("ALTCHA_MODE"))
  const secret = readSetting("ALTCHA_HMAC_KEY")?.trim()
  const problems = problem ? [problem] : []
  if (secret !== undefined && secret.length < MIN_SECRET_LENGTH)
    problems.push(
      `ALTCHA_HMAC_KEY is ${secret.length} characters long: set a random secret of at least ${MIN_SECRET_LENGTH} characters; until then one is made for this process`,
    )
  else if (secret === undefined && mode !== "off" && serverless)
    problems.push("ALTCHA_HMAC_KEY is not set: each instance signs challenges with a secret of its own, which other instances refuse; set one secret for all")
  return { mode, secret: secret !== undefined && secret.length >= MIN_SECRET_LENGTH ? secret : undefined, problems }
}

/** Why signups cannot be taken with these settings in production, or null. */
export const optInProblem = (settings: Pick<SignupSettings, "production" | "smtpUrl" | "singleOptIn">): string | null =>
  settings.production && !settings.smtpUrl && !settings.singleOptIn
    ? 'Signups need double opt-in in production: set SMTP_URL (and MAIL_FROM) so every address is confirmed by its owner, or set SIGNUP_SINGLE_OPT_IN=1 to take unconfirmed signups on purpose (see docs/waitlist.md, "Double opt-in")'
    : null

/**
 * Why the list's pepper cannot be used here, or null: LIST_PEPPER too short to be a secret, or
 * unset where nothing else can keep one (PostgreSQL in production: every instance must key alike).
 */
export const pepperProblem = (settings: Pick<SignupSettings, "production" | "databaseUrl" | "listPepper">): string | null => {
  const { listPepper } = settings
  const howTo = `set LIST_PEPPER to a random secret of at least ${MIN_PEPPER_LENGTH} characters (\`openssl rand -base64 32\`), the same on every instance, and keep a copy apart from the database and its backups`
  if (listPepper !== undefined && listPepper.length < MIN_PEPPER_LENGTH) return `LIST_PEPPER is ${listPepper.length} characters long: ${howTo}`
  if (listPepper === undefined && settings.production && settings.databaseUrl)
    return `LIST_PEPPER is not set: with PostgreSQL, who left the list is kept as keys made with a pepper that lives outside the database; ${howTo}`
  return null
}

/** Whether the list records events: only when something receives them (webhooks, an email provider). */
export const recordsEvents = (settings: Pick<SignupSettings, "webhooks" | "emailProvider">): boolean =>
  settings.webhooks.urls.length > 0 || settings.emailProvider !== undefined

/** Environment variables that tell a serverless platform, whose disk is not kept between requests. */
export const SERVERLESS_MARKERS: Record<string, string> = {
  AWS_LAMBDA_FUNCTION_NAME: "AWS Lambda",
  NETLIFY: "Netlify",
  VERCEL: "Vercel",
  K_SERVICE: "Google Cloud Run",
  FUNCTION_TARGET: "Google Cloud Functions",
}

export interface SiteFacts {
  brand: string
  siteUrl: string
  generalEmail: string
}

/** Reads the signup settings now; call it per request so a changed environment takes effect. */
export const readSignupSettings = (site: SiteFacts): SignupSettings => {
  const databaseUrl = readSetting("DATABASE_URL")
  const serverless = Object.keys(SERVERLESS_MARKERS).find((name) => readSetting(name) !== undefined)
  const signupsFile = path.resolve(process.cwd(), readSetting("SIGNUPS_FILE") ?? DEFAULT_SIGNUPS_FILE)
  const besideDatabase = (name: string) => path.join(path.dirname(signupsFile), name)
  const erasureLog = readSetting("ERASURE_LOG")
  return {
    signupsFile,
    databaseUrl,
    erasureLog: erasureLog ? path.resolve(erasureLog) : databaseUrl ? null : besideDatabase("erasures.log"),
    dropSeedDir: readSetting("DROP_SEED_DIR") ?? (databaseUrl || serverless ? null : besideDatabase("drop-seeds")),
    dropsFile: readSetting("DROPS_FILE") ?? null,
    dropListDir: path.resolve(
      readSetting("DROP_LIST_DIR") ?? (databaseUrl || serverless ? path.join(os.tmpdir(), "block94-drop-lists") : besideDatabase("drop-lists")),
    ),
    // Serverless platforms run many small instances: a connection or two each is plenty.
    databasePoolSize: readPositiveInteger("DATABASE_POOL_SIZE", serverless ? 2 : 10),
    rateLimit: readPositiveInteger("SIGNUP_RATE_LIMIT", DEFAULT_RATE_LIMIT),
    rateWindowMs: readPositiveInteger("SIGNUP_RATE_WINDOW_MS", DEFAULT_RATE_WINDOW_MS),
    trustProxy: readSetting("TRUST_PROXY"),
    clientAddressHeader: readSetting("CLIENT_ADDRESS_HEADER")?.trim().toLowerCase() || undefined,
    siteUrl: withoutTrailingSlash(readSetting("SITE_URL") ?? (readSetting("NODE_ENV") === "development" ? DEVELOP_SITE_URL : site.siteUrl)),
    referralBoost: readPositiveInteger("REFERRAL_BOOST", DEFAULT_REFERRAL_BOOST),
    referralDailyCap: readPositiveInteger("REFERRAL_DAILY_CAP", DEFAULT_REFERRAL_DAILY_CAP),
    smtpUrl: readSetting("SMTP_URL"),
    mailFrom: readSetting("MAIL_FROM") ?? `${site.brand} <${site.generalEmail}>`,
    smtpTimeoutMs: readPositiveInteger("SMTP_TIMEOUT_MS", DEFAULT_SMTP_TIMEOUT_MS),
    serverless: serverless ? SERVERLESS_MARKERS[serverless] : null,
    webhooks: parseWebhookSettings({
      urls: readSetting("WEBHOOK_URL"),
      secret: readSetting("WEBHOOK_SECRET"),
      allowPrivate: readSetting("WEBHOOK_ALLOW_PRIVATE"),
    }),
    emailProvider: readSetting("EMAIL_PROVIDER")?.trim().toLowerCase(),
    inviteApiToken: readSecret("INVITE_API_TOKEN"),
    production: readSetting("NODE_ENV") === "production",
    singleOptIn: readSetting("SIGNUP_SINGLE_OPT_IN") === "1",
    botCheck: readBotCheck(serverless !== undefined),
    retention: readRetention(),
    dkim: readDkim(),
    countVisits: readSetting("VISIT_COUNTING")?.trim().toLowerCase() !== "off",
    listPepper: readSetting("LIST_PEPPER")?.trim(),
  }
}

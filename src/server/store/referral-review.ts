/**
 * Quiet fraud signals: a referral that looks farmed is held from its referrer's count rather
 * than refused (the friend is on the list either way), and listed for the owner to release or
 * reject. Nobody is told, so a farmer learns nothing from the answers; a real friend on a shared
 * school or carrier network only waits for the owner's look.
 *
 * To compare networks the store keeps, per signup, a fingerprint of its network (SHA-256 of the
 * IPv4 /24 or IPv6 /48 with a random salt kept in the store, never the address) for as long as
 * the signup's link is in use: NETWORK_MEMORY_MS after the signup, and as long again after each
 * friend who joins through the link. So a referrer who farms from home a day or a week later is
 * still on "their own network". Pure rules here; signup-insert.ts and referrals.ts call them in their transactions.
 */
import { hash, randomBytes } from "node:crypto"
import type { HoldReason } from "../../signup/owner-summary"
import { NETWORK_FINGERPRINT_DAYS } from "../../signup/retention"
import { parameters, type SqlExecutor } from "./database"
import { DAY_MS } from "../../signup/durations"

/** How long a signup's network fingerprint is kept after the signup, and after each friend who joins through its link. */
export const NETWORK_MEMORY_MS = NETWORK_FINGERPRINT_DAYS * DAY_MS
/** The window the burst signals count in. */
export const BURST_WINDOW_MS = 10 * 60 * 1000
/** Signups from one network within BURST_WINDOW_MS before another's referral is held. */
export const NETWORK_BURST = 5
/** Signups through one referral code within BURST_WINDOW_MS before another's referral is held. */
export const CODE_BURST = 10
/** Credited referrals per referrer per day unless REFERRAL_DAILY_CAP says otherwise; the rest are held. */
export const DEFAULT_REFERRAL_DAILY_CAP = 20

const SALT_SETTING = "network_salt"

/** The store's salt for network fingerprints, made once (the first instance to ask writes it). */
export const networkSalt = async (tx: SqlExecutor): Promise<string> => {
  await tx.query("insert into store_settings (name, value) values ($1, $2) on conflict (name) do nothing", [
    SALT_SETTING,
    randomBytes(32).toString("base64url"),
  ])
  const [row] = await tx.query<{ value: string }>("select value from store_settings where name = $1", [SALT_SETTING])
  return row.value
}

/** A network's fingerprint: equal for equal networks in this store, and tells nothing of which network. */
export const networkFingerprint = (salt: string, network: string): string => hash("sha256", `${salt}\n${network}`, "base64url")

const before = (at: string, ms: number): string => new Date(Date.parse(at) - ms).toISOString()
const after = (at: string, ms: number): string => new Date(Date.parse(at) + ms).toISOString()

/** Until when a fingerprint taken at `at` is kept. */
export const networkKeptUntil = (at: string): string => after(at, NETWORK_MEMORY_MS)

// Mail providers that many unrelated people share, from the `email-providers` package's kept list
// (about 8,700 domains: Gmail, Outlook, iCloud, Yahoo, GMX, Proton, the big national ones...).
// Two friends at gmail.com say nothing; two at a domain no provider hands out say they may well
// be one person's catch-all domain, or colleagues: either way the owner looks. Loaded with the
// first referred signup; "eager" keeps it in the Function's one file.
let providers: Promise<Set<string>> | null = null
const commonProviders = (): Promise<Set<string>> =>
  (providers ??= import(/* webpackMode: "eager" */ "email-providers/all.json").then(({ default: domains }) => new Set(domains)))

/** The domain of a normalised address (its key) when no common mail provider hands it out, else null. */
export const uncommonDomain = async (emailKey: string): Promise<string | null> => {
  const domain = emailKey.slice(emailKey.lastIndexOf("@") + 1)
  return domain === "" || (await commonProviders()).has(domain) ? null : domain
}

/** A signup with a referral, as the signals see it. */
export interface ReferredSignup {
  /** The referral code it came through, when it names a signup. */
  referredBy: string | null
  /** Its network fingerprint, or null when the request's network is unknown. */
  fingerprint: string | null
  /** Its address's domain when that is not a common mail provider's (see `uncommonDomain`), else null. */
  domain: string | null
  receivedAt: string
}

/** Whether the referrer behind `code`, or a friend already through it, has an address at `domain`. */
const domainShared = async (tx: SqlExecutor, code: string, domain: string): Promise<boolean> => {
  const ending = `@${domain}`
  const [found] = await tx.query(
    "select 1 as found from signups where (referral_code = $1 or referred_by = $1) and substr(email_key, length(email_key) - $3 + 1) = $2 limit 1",
    [code, ending, ending.length],
  )
  return found !== undefined
}

/**
 * Why this referral should be held, or null to let it count once the friend confirms. `earlier`
 * are signups of the same batch stored before it (not yet visible to the queries).
 */
export const referralSignal = async (
  tx: SqlExecutor,
  signup: ReferredSignup & { referredBy: string },
  earlier: readonly ReferredSignup[],
): Promise<HoldReason | null> => {
  const { referredBy, fingerprint, domain, receivedAt } = signup
  if (fingerprint !== null) {
    // The referrer's own network, for as long as their fingerprint is kept.
    const [own] = await tx.query("select 1 as found from signups where referral_code = $1 and network = $2 and network_until > $3", [
      referredBy,
      fingerprint,
      receivedAt,
    ])
    if (own) return "same_network"
    const [{ n }] = await tx.query<{ n: number | string }>("select count(*) as n from signups where network = $1 and received_at > $2", [
      fingerprint,
      before(receivedAt, BURST_WINDOW_MS),
    ])
    if (Number(n) + earlier.filter((other) => other.fingerprint === fingerprint).length >= NETWORK_BURST) return "network_burst"
  }
  if (domain !== null) {
    const inBatch = earlier.some((other) => other.referredBy === referredBy && other.domain === domain)
    if (inBatch || (await domainShared(tx, referredBy, domain))) return "shared_domain"
  }
  const [{ n }] = await tx.query<{ n: number | string }>("select count(*) as n from signups where referred_by = $1 and received_at > $2", [
    referredBy,
    before(receivedAt, BURST_WINDOW_MS),
  ])
  if (Number(n) + earlier.filter((other) => other.referredBy === referredBy).length >= CODE_BURST) return "code_burst"
  return null
}

/**
 * A link in use keeps its owner's fingerprint: each friend who joins through it (at `at`) keeps
 * the referrer's NETWORK_MEMORY_MS longer.
 */
export const rememberReferrerNetworks = async (tx: SqlExecutor, codes: readonly string[], at: string): Promise<void> => {
  if (codes.length === 0) return
  await tx.query(
    `update signups set network_until = $1 where network is not null and network_until < $1 and referral_code in (${parameters(codes.length, 2)})`,
    [networkKeptUntil(at), ...codes],
  )
}

/** A new signup as the batch's review sees it. */
interface BatchSignup {
  emailKey: string
  referredBy: string | null
  network?: string | null
  referralHold?: HoldReason | null
  receivedAt: string
}

/**
 * The signals over a batch of new signups, in order (`knownCodes`: the referral codes that name a
 * signup on the list): which referrals to hold and why, by address key, and each signup's network
 * fingerprint and how long it is kept. `remember` then keeps the fingerprints of the links the
 * batch's friends came through (call it once the batch is stored).
 */
export const reviewBatch = async (tx: SqlExecutor, signups: readonly BatchSignup[], knownCodes: ReadonlySet<string>) => {
  const salt = signups.some((signup) => signup.network) ? await networkSalt(tx) : null
  const fingerprintOf = (signup: BatchSignup): string | null => (salt && signup.network ? networkFingerprint(salt, signup.network) : null)
  const holds = new Map<string, HoldReason>()
  const batchSoFar: ReferredSignup[] = []
  for (const signup of signups) {
    const referredBy = signup.referredBy && knownCodes.has(signup.referredBy) ? signup.referredBy : null
    const domain = referredBy ? await uncommonDomain(signup.emailKey) : null
    const seen: ReferredSignup = { referredBy, fingerprint: fingerprintOf(signup), domain, receivedAt: signup.receivedAt }
    const reason = referredBy ? (signup.referralHold ?? (await referralSignal(tx, { ...seen, referredBy }, batchSoFar))) : null
    if (reason) holds.set(signup.emailKey, reason)
    batchSoFar.push(seen)
  }
  const referred = batchSoFar.filter((signup) => signup.referredBy !== null)
  return {
    holds,
    /** The signup's columns `network` and `network_until`. */
    networkColumns: (signup: BatchSignup): [string | null, string | null] => {
      const fingerprint = fingerprintOf(signup)
      return [fingerprint, fingerprint ? networkKeptUntil(signup.receivedAt) : null]
    },
    remember: () =>
      referred.length === 0
        ? Promise.resolve()
        : rememberReferrerNetworks(tx, [...new Set(referred.map((signup) => signup.referredBy as string))], referred[referred.length - 1].receivedAt),
  }
}

/** Whether the referrer behind `code` already has `cap` referrals credited in the day before `at`, friend `self` aside. */
export const reachedDailyCap = async (tx: SqlExecutor, code: string, at: string, cap: number, self: number | string): Promise<boolean> => {
  const [{ n }] = await tx.query<{ n: number | string }>(
    "select count(*) as n from signups where referred_by = $1 and status = 'confirmed' and referral_held is null and confirmed_at > $2 and id <> $3",
    [code, before(at, DAY_MS), self],
  )
  return Number(n) >= cap
}

/** Fingerprints past their time are of no more use: forgotten, as the privacy notice says. */
export const forgetOldNetworks = (tx: SqlExecutor, now: string) =>
  tx.query("update signups set network = null, network_until = null where network is not null and network_until <= $1 returning id", [now])

/**
 * Quiet fraud signals: a referral that looks farmed is held from its referrer's count rather
 * than refused (the friend is on the list either way), and listed for the owner to release or
 * reject. Nobody is told, so a farmer learns nothing from the answers; a real friend on a shared
 * school or carrier network only waits for the owner's look.
 *
 * To compare networks the store keeps, per signup, a fingerprint of its network (SHA-256 of the
 * /24 or /64 with a random salt kept in the store, never the address), and only for a day: the
 * longest any signal looks back. Pure rules here; sql-store.ts calls them in its transactions.
 */
import { hash, randomBytes } from "node:crypto"
import type { HoldReason } from "../../signup/owner-summary"
import type { SqlExecutor } from "./database"

const DAY_MS = 24 * 60 * 60 * 1000
/** How long a signup's network fingerprint is kept, and how far back "the referrer's own network" looks. */
export const NETWORK_MEMORY_MS = DAY_MS
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

/** A signup with a referral, as the signals see it. */
export interface ReferredSignup {
  /** The referral code it came through, when it names a signup. */
  referredBy: string | null
  /** Its network fingerprint, or null when the request's network is unknown. */
  fingerprint: string | null
  receivedAt: string
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
  const { referredBy, fingerprint, receivedAt } = signup
  if (fingerprint !== null) {
    const [own] = await tx.query("select 1 as found from signups where referral_code = $1 and network = $2 and received_at > $3", [
      referredBy,
      fingerprint,
      before(receivedAt, NETWORK_MEMORY_MS),
    ])
    if (own) return "same_network"
    const [{ n }] = await tx.query<{ n: number | string }>("select count(*) as n from signups where network = $1 and received_at > $2", [
      fingerprint,
      before(receivedAt, BURST_WINDOW_MS),
    ])
    if (Number(n) + earlier.filter((other) => other.fingerprint === fingerprint).length >= NETWORK_BURST) return "network_burst"
  }
  const [{ n }] = await tx.query<{ n: number | string }>("select count(*) as n from signups where referred_by = $1 and received_at > $2", [
    referredBy,
    before(receivedAt, BURST_WINDOW_MS),
  ])
  if (Number(n) + earlier.filter((other) => other.referredBy === referredBy).length >= CODE_BURST) return "code_burst"
  return null
}

/** Whether the referrer behind `code` already has `cap` referrals credited in the day before `at`, friend `self` aside. */
export const reachedDailyCap = async (tx: SqlExecutor, code: string, at: string, cap: number, self: number | string): Promise<boolean> => {
  const [{ n }] = await tx.query<{ n: number | string }>(
    "select count(*) as n from signups where referred_by = $1 and status = 'confirmed' and referral_held is null and confirmed_at > $2 and id <> $3",
    [code, before(at, DAY_MS), self],
  )
  return Number(n) >= cap
}

/** Fingerprints older than a day are of no more use: forgotten, as the privacy notice says. */
export const forgetOldNetworks = (tx: SqlExecutor, now: string) =>
  tx.query("update signups set network = null where network is not null and received_at <= $1 returning id", [before(now, NETWORK_MEMORY_MS)])

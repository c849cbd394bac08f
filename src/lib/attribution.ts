/**
 * Where a visitor came from, remembered for the visit: the referral code of a shared link
 * (`?ref=CODE`), the landing page's UTM parameters and the referring site. Kept in
 * sessionStorage (gone when the tab closes); the only thing the site keeps for longer is the
 * cookie-notice answer.
 */
import { ATTRIBUTION_FIELD_NAMES, ATTRIBUTION_FIELDS } from "../signup/attribution-fields"
import type { SignupRequest } from "../signup/schema"
import { takeLanding, type Landing } from "./landing"

export type Attribution = Pick<SignupRequest, "referralCode" | "utm">

/** The storage key: brand-prefixed like the consent flag ("Block 94" -> "block94-attribution"). */
export const attributionStorageKey = (brand: string): string => `${brand.toLowerCase().replace(/[^a-z0-9]+/g, "")}-attribution`

const param = (search: URLSearchParams, name: string): string | undefined => search.get(name)?.trim().slice(0, 100) || undefined

/** What a landing URL and referrer say about where the visitor came from; empty when nothing. */
export const attributionFrom = (url: URL, referrer: string): Attribution => {
  const search = url.searchParams
  let referrerHost: string | undefined
  try {
    const host = referrer ? new URL(referrer).hostname : ""
    referrerHost = host && host !== url.hostname ? host : undefined
  } catch {
    referrerHost = undefined
  }
  const utm: NonNullable<SignupRequest["utm"]> = {}
  for (const field of ATTRIBUTION_FIELD_NAMES) {
    const { parameter } = ATTRIBUTION_FIELDS[field]
    utm[field] = parameter === null ? referrerHost : param(search, parameter)
  }
  const hasUtm = Object.values(utm).some((value) => value !== undefined)
  return {
    ...(param(search, "ref") ? { referralCode: param(search, "ref") } : {}),
    ...(hasUtm ? { utm } : {}),
  }
}

type SessionStore = Pick<Storage, "getItem" | "setItem">

/**
 * Keeps what this landing says, over what an earlier page of the visit said (a later shared link
 * wins; moving between pages of the site says nothing and keeps the first). Storage may be missing
 * or throw (private modes): then nothing is remembered.
 */
export const rememberAttribution = (storage: SessionStore | undefined, key: string, landing: Attribution): void => {
  if (!landing.referralCode && !landing.utm) return
  try {
    storage?.setItem(key, JSON.stringify({ ...recallAttribution(storage, key), ...landing }))
  } catch {
    // Not remembered: the signup goes without it.
  }
}

export const recallAttribution = (storage: SessionStore | undefined, key: string): Attribution => {
  try {
    const value: unknown = JSON.parse(storage?.getItem(key) ?? "{}")
    if (typeof value !== "object" || value === null) return {}
    const { referralCode, utm } = value as Attribution
    return {
      ...(typeof referralCode === "string" ? { referralCode } : {}),
      ...(typeof utm === "object" && utm !== null ? { utm } : {}),
    }
  } catch {
    return {}
  }
}

/** The browser's sessionStorage, or undefined where it is blocked. */
export const sessionStore = (): Storage | undefined => {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

/** Remembers what a landing noted by landing.ts says (nothing when there is none). */
export const rememberLanding = (landing: Landing | undefined): void => {
  if (landing) rememberAttribution(sessionStore(), attributionStorageKey(landing.brand), attributionFrom(new URL(landing.href), landing.referrer))
}

/** Where this visit came from, for a signup: the landing remembered first if the page was not idle yet. */
export const visitAttribution = (brand: string): Attribution => {
  rememberLanding(takeLanding())
  return recallAttribution(sessionStore(), attributionStorageKey(brand))
}

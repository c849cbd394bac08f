/**
 * The page-view beacon: a few hundred bytes to POST /api/visit once per page load and per move
 * within the site, sent with `navigator.sendBeacon` once the page is idle. It sends the page's
 * path and, when the visit arrived here from outside the site, the referring site's host and the
 * link's utm_source, utm_campaign and referral code: never the query or fragment (a status
 * link's token stays out), nothing from the device, and it stores nothing there. Loaded on its
 * own (src/lib/page-idle.ts, imported when the page is idle), so it adds nothing to a page's opening JavaScript.
 */
import { isCountedPath, isReferralCodeLike, MAX_VISIT_PATH, type VisitBeacon } from "../signup/visit"
import { attributionFrom } from "./attribution"
import { serviceEndpoint } from "./signup-endpoint"

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g

/** A UTM value as the endpoint takes it: no control characters, no space at either end; none when empty. */
const cleaned = (value: string | undefined): string | undefined => value?.replace(CONTROL, "").trim() || undefined

/** The host of an address, or null when it is none (an empty referrer: typed, bookmarked, or withheld). */
const hostOf = (address: string): string | null => {
  try {
    return new URL(address).host
  } catch {
    return null
  }
}

/**
 * What to send for this view, or null for a page that is not counted. `firstView`: the page
 * load's own view (a move within the site never lands); `navigationType`: the Navigation Timing
 * entry's type, so a reload or a step back counts as a view but never as a landing.
 */
export const visitBeacon = (url: URL, referrer: string, firstView: boolean, navigationType: string | undefined): VisitBeacon | null => {
  const path = url.pathname
  if (!isCountedPath(path) || path.length > MAX_VISIT_PATH) return null
  const fromOutside = hostOf(referrer) !== url.host
  const landing = firstView && (navigationType === undefined || navigationType === "navigate" || navigationType === "prerender") && fromOutside
  if (!landing) return { path }
  const { referralCode, utm } = attributionFrom(url, referrer)
  const source = cleaned(utm?.source)
  const campaign = cleaned(utm?.campaign)
  return {
    path,
    landing: true,
    ...(utm?.referrer ? { referrer: utm.referrer } : {}),
    ...(source ? { source } : {}),
    ...(campaign ? { campaign } : {}),
    ...(referralCode && isReferralCodeLike(referralCode) ? { ref: referralCode } : {}),
  }
}

/** Sends this page's view, if it is counted and the site has its own signup service to count it. */
export const sendView = (firstView: boolean): void => {
  const endpoint = serviceEndpoint("visit")
  if (!endpoint || typeof navigator.sendBeacon !== "function") return
  const [navigation] = performance.getEntriesByType?.("navigation") ?? []
  const beacon = visitBeacon(new URL(window.location.href), document.referrer, firstView, (navigation as PerformanceNavigationTiming | undefined)?.type)
  // A string goes as text/plain: no CORS preflight where the service has an origin of its own.
  if (beacon) navigator.sendBeacon(endpoint, JSON.stringify(beacon))
}

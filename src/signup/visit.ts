/**
 * A counted page view, as the browser's beacon sends it and POST /api/visit takes it: one
 * declaration for both sides. What is sent is all that is counted: the page, whether the visit
 * arrived from outside the site here, and for such a landing where it came from. No identifier,
 * address or user agent is sent or kept. No imports: the beacon's chunk takes it too.
 */

/** The most bytes a beacon's body may have: ours are a few hundred. */
export const MAX_VISIT_BYTES = 1024

/** The longest page path counted; longer ones are not a page of the site. */
export const MAX_VISIT_PATH = 200

/** The longest UTM value counted, as the signup's attribution keeps them. */
export const MAX_VISIT_TEXT = 100

/** The longest host name (RFC 1035). */
export const MAX_VISIT_HOST = 253

/** The longest referral code counted, as the signup takes them. */
export const MAX_VISIT_REF = 32

/** The beacon's body: the page and, on a landing only, where the visit came from. */
export interface VisitBeacon {
  path: string
  /** True when the visit arrived here from outside the site (not a reload, not a move within the site). */
  landing?: boolean
  /** The referring site's host, when it is another site. */
  referrer?: string
  /** The landing's `utm_source` and `utm_campaign`. */
  source?: string
  campaign?: string
  /** The landing's referral code (`?ref=`). */
  ref?: string
}

/** A view as it is counted: on a view that is not a landing, the rest is null. */
export interface Visit {
  path: string
  landing: boolean
  referrer: string | null
  source: string | null
  campaign: string | null
  ref: string | null
}

/** Pages never counted: the owner's page and the editors' web UI are not visits to the site. */
export const UNCOUNTED_PAGES = ["/owner", "/admin"] as const

/** Whether a page's views are counted at all. */
export const isCountedPath = (path: string): boolean => !UNCOUNTED_PAGES.some((page) => path === page || path.startsWith(`${page}/`))

const PATH = /^\/[A-Za-z0-9\-._~/%]*$/
const HOST = /^[a-z0-9.\-[\]:]+$/
const REF = /^[A-Za-z0-9]+$/
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

/** Whether `code` can be a referral code: what the beacon sends, and the endpoint checks. */
export const isReferralCodeLike = (code: string): boolean => code.length <= MAX_VISIT_REF && REF.test(code)

const FIELDS: ReadonlySet<string> = new Set(["path", "landing", "referrer", "source", "campaign", "ref"])

type Field = { key: "referrer" | "source" | "campaign" | "ref"; valid(value: string): boolean; rule: string }

const LANDING_FIELDS: Field[] = [
  {
    key: "referrer",
    valid: (value) => value.length <= MAX_VISIT_HOST && HOST.test(value),
    rule: `a lower-case host name of at most ${MAX_VISIT_HOST} characters`,
  },
  { key: "source", valid: (value) => value.length <= MAX_VISIT_TEXT && !CONTROL.test(value), rule: `text of at most ${MAX_VISIT_TEXT} characters` },
  { key: "campaign", valid: (value) => value.length <= MAX_VISIT_TEXT && !CONTROL.test(value), rule: `text of at most ${MAX_VISIT_TEXT} characters` },
  { key: "ref", valid: isReferralCodeLike, rule: `letters and digits, at most ${MAX_VISIT_REF}` },
]

/**
 * Checks a beacon's parsed body strictly: known fields only, each of its kind and length, and
 * where-from fields on a landing only. Returns the view to count, or what is wrong (a 400's reason).
 */
export const checkVisitBeacon = (value: unknown): Visit | string => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "The body must be a JSON object with the page's path"
  const body = value as Record<string, unknown>
  const unknown = Object.keys(body).find((key) => !FIELDS.has(key))
  if (unknown !== undefined) return `"${unknown.slice(0, 40)}" is not a field of a page view`
  const { path, landing = false } = body
  if (typeof path !== "string" || path.length > MAX_VISIT_PATH || !PATH.test(path))
    return `"path" must be the page's path (from "/", at most ${MAX_VISIT_PATH} characters, no query)`
  if (typeof landing !== "boolean") return '"landing" must be true or false'
  const visit: Visit = { path, landing, referrer: null, source: null, campaign: null, ref: null }
  for (const { key, valid, rule } of LANDING_FIELDS) {
    const given = body[key]
    if (given === undefined) continue
    if (!landing) return `"${key}" is sent with a landing only`
    if (typeof given !== "string" || given.trim() === "" || given !== given.trim() || !valid(given)) return `"${key}" must be ${rule}`
    visit[key] = given
  }
  return visit
}

/**
 * The owner's endpoints, behind a bearer secret (OWNER_TOKEN): the list at a glance for the
 * owner's page, the CSV export, an erasure request by address, and inviting the next people.
 * Like every handler (see kit.ts), no framework: a request in, an answer out; the Gatsby Functions in
 * src/api/owner/ and the production server both call these.
 *
 *   GET  /api/owner/summary
 *   GET  /api/owner/funnel              the launch funnel (see src/signup/funnel.ts)
 *   GET  /api/owner/export              text/csv, the columns of `npm run signups:export`
 *   POST /api/owner/forget  { email }
 *   POST /api/owner/invite  { count, dryRun }
 *   POST /api/owner/referrals { ids, decision: "release" | "reject" }   (held referrals)
 *   POST /api/owner/person  { email, whole }   one person, the address masked unless whole
 *   POST /api/owner/resend  { email }          their link again, by email
 *
 * Every erasure, invitation wave, export, referral decision, lookup and link sent is written to the owner's audit
 * (who: the owner, through this page; what; when; how many), which the summary shows.
 *
 * Without OWNER_TOKEN (or with one unfit to use: see settings.ts) every one answers 404; with it,
 * OPTIONS answers 200 (the page asks whether it is on before it asks for the secret). A missing
 * or wrong secret gets 401 and nothing else, counted in a failure bucket per client that is
 * checked before the secret counts (see secret-gate.ts: so the secret cannot be guessed fast).
 * Every answer is `Cache-Control: no-store`: they carry addresses.
 */
import { MAX_INVITE } from "../../signup/owner-requests"
import type { BackupSummary } from "../../signup/owner-summary"
import { SMALL_COUNT, type Funnel, type FunnelAnswer } from "../../signup/funnel"
import type { VisitTotals } from "../store/visit-store"
import { isValidEmail } from "../../signup/rules"
import { maskEmail, type OwnerPerson } from "../../signup/owner-person"
import { emailKey } from "../waitlist/email-key"
import { CSV_HEADER_LINE, csvLine } from "../waitlist/csv"
import { answer, guarded, isObject, readJson, refuse, wrongMethod, type ApiAnswer, type ApiRequest, type HandlerDependencies } from "./kit"
import type { ExportRow, SignupStore } from "../store/store"
import { secretGate } from "./secret-gate"
import { OWNER_PAGE_ACTOR, SUMMARY_DAYS, SUMMARY_LIMIT } from "../../signup/owner-summary"

/** Invites the next `count` people in line (a dry run only lists them): invitations.ts's `inviteNext` over the server's store. */
export type InviteNext = (
  options: { count: number; dryRun: boolean },
  now: Date,
) => Promise<{ dryRun: boolean; invited: Array<{ email: string; position: number }> }>

export interface OwnerDependencies extends HandlerDependencies {
  /** OWNER_TOKEN as the server sees it now; undefined turns the owner's endpoints off. */
  ownerToken(): string | undefined
  /** The list, for the summary and the export; null where signups cannot be kept (see `service`). */
  store: Pick<SignupStore, "ownerSummary" | "ownerPerson" | "exportRows" | "reviewReferrals" | "recordAudit"> | null
  /** Null where signups cannot be kept (see `service`). */
  inviteNext: InviteNext | null
  /** The embedded database's backups now; absent or null with PostgreSQL. */
  backups?: (now: Date) => BackupSummary | null
  /** The launch funnel (views waiting to be counted written first); absent or null where signups cannot be kept. */
  funnel?: { counting: boolean; read(now: Date): Promise<Funnel>; totals(): Promise<VisitTotals> } | null
}

/** The most held referrals one decision may name. */
export const MAX_REVIEW = 100

/**
 * What every owner endpoint does first: off without OWNER_TOKEN (404), the secret (401, or 429
 * while the client's failure bucket is empty, the right secret too: see secret-gate.ts), the method
 * (405). Then `work` runs, guarded like every endpoint.
 */
export function ownerEndpoint(
  method: "GET" | "POST",
  what: string,
  work: (request: ApiRequest, deps: OwnerDependencies) => Promise<ApiAnswer>,
  /** The route's methods for a 405's Allow, where one route reads and acts (/api/owner/drops). */
  allowed: string = method,
): (request: ApiRequest, deps: OwnerDependencies) => Promise<ApiAnswer> {
  return (request, deps) =>
    guarded(deps, async () => {
      const expected = deps.ownerToken()
      if (expected === undefined) return refuse("owner_off")
      // The owner's page asks first whether it is on at all, without the secret: OPTIONS says so.
      if (request.method?.toUpperCase() === "OPTIONS") return answer(200, { ok: true }, { Allow: method === "GET" ? "GET, HEAD, OPTIONS" : "POST, OPTIONS" })
      const refused = await secretGate(request, deps, "owner", expected, "owner_secret_wrong")
      if (refused) return refused
      if (request.method?.toUpperCase() !== method && !(method === "GET" && request.method?.toUpperCase() === "HEAD")) {
        return wrongMethod(request.method, what, allowed)
      }
      if ("unavailable" in deps.service) return refuse("signups_unavailable", { values: { reason: deps.service.unavailable } })
      return work(request, deps)
    })
}

/** GET /api/owner/summary: the list at a glance. Days are UTC days ("2026-11-23"); `generatedAt` is an instant. */
export const handleOwnerSummaryRequest = ownerEndpoint("GET", "read the summary", async (_request, deps) => {
  if (!deps.store) return refuse("list_not_kept")
  const now = deps.now()
  const [summary, visits] = await Promise.all([
    deps.store.ownerSummary(now, { days: SUMMARY_DAYS, limit: SUMMARY_LIMIT }),
    deps.funnel?.counting ? deps.funnel.totals() : null,
  ])
  return answer(200, { generatedAt: now.toISOString(), dayZone: "UTC", ...summary, backups: deps.backups?.(now) ?? null, visits })
})

/** GET /api/owner/funnel: visits to drop codes redeemed, by hour, day and origin. Hours and days are UTC. */
export const handleOwnerFunnelRequest = ownerEndpoint("GET", "read the funnel", async (_request, deps) => {
  if (!deps.funnel) return refuse("list_not_kept")
  const now = deps.now()
  const funnel: FunnelAnswer = {
    generatedAt: now.toISOString(),
    dayZone: "UTC",
    counting: deps.funnel.counting,
    smallCount: SMALL_COUNT,
    ...(await deps.funnel.read(now)),
  }
  return answer(200, { ...funnel })
})

/** The export as CSV text, in pieces of about 64 KB: a million rows never sit in memory at once. */
export async function* csvChunks(rows: AsyncIterable<ExportRow>): AsyncIterable<string> {
  yield CSV_HEADER_LINE
  let chunk = ""
  for await (const row of rows) {
    chunk += csvLine(row)
    if (chunk.length >= 65_536) {
      yield chunk
      chunk = ""
    }
  }
  if (chunk !== "") yield chunk
}

/** GET /api/owner/export: every signup as CSV, the same file `npm run signups:export` writes. */
export const handleOwnerExportRequest = ownerEndpoint("GET", "download the export", async (_request, deps) => {
  if (!deps.store) return refuse("list_not_kept")
  const now = deps.now()
  const day = now.toISOString().slice(0, 10)
  await deps.store.recordAudit({ actor: OWNER_PAGE_ACTOR, action: "export", count: 1, detail: null }, now)
  return {
    status: 200,
    headers: {
      "Cache-Control": "no-store",
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="signups-${day}.csv"`,
    },
    body: {},
    stream: csvChunks(deps.store.exportRows()),
  }
})

/** POST /api/owner/forget `{ email }`: an erasure request by address; says whether anyone had it (it is suppressed either way). */
export const handleOwnerForgetRequest = ownerEndpoint("POST", "erase an address", async (request, deps) => {
  const json = await readJson(request, "erase an address", "the email address to erase")
  if (json.kind === "rejected") return json.answer
  const email = isObject(json.value) && typeof json.value.email === "string" ? json.value.email.trim() : ""
  if (!isValidEmail(email)) return refuse("email_invalid")
  if ("unavailable" in deps.service) return refuse("signups_unavailable", { values: { reason: deps.service.unavailable } })
  const now = deps.now()
  const { found } = await deps.service.forget(email, now)
  // The audit says that an erasure happened, never of whom: the address is gone for good.
  await deps.store?.recordAudit(
    { actor: OWNER_PAGE_ACTOR, action: "erasure", count: 1, detail: found ? "someone on the list" : "no one on the list had it" },
    now,
  )
  return answer(200, { ok: true, found })
})

/** POST /api/owner/invite `{ count, dryRun }`: who the next `count` are (dry run), or invites them. */
export const handleOwnerInviteRequest = ownerEndpoint("POST", "invite people", async (request, deps) => {
  if ("unavailable" in deps.service) return refuse("signups_unavailable", { values: { reason: deps.service.unavailable } })
  if (!deps.inviteNext) return refuse("invitations_not_kept")
  const json = await readJson(request, "invite people", "count and dryRun")
  if (json.kind === "rejected") return json.answer
  const { count, dryRun } = isObject(json.value) ? json.value : { count: undefined, dryRun: undefined }
  if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > MAX_INVITE) {
    return refuse("count_invalid", { values: { max: MAX_INVITE } })
  }
  if (typeof dryRun !== "boolean") return refuse("dry_run_invalid")
  const now = deps.now()
  const result = await deps.inviteNext({ count, dryRun }, now)
  if (!result.dryRun && result.invited.length > 0) {
    await deps.store?.recordAudit({ actor: OWNER_PAGE_ACTOR, action: "invitation wave", count: result.invited.length, detail: `asked for ${count}` }, now)
  }
  return answer(200, { ok: true, dryRun: result.dryRun, invited: result.invited })
})

/** POST /api/owner/referrals `{ ids, decision }`: releases held referrals (they count) or rejects them (they never will). */
export const handleOwnerReferralsRequest = ownerEndpoint("POST", "decide on held referrals", async (request, deps) => {
  if (!deps.store) return refuse("list_not_kept")
  const json = await readJson(request, "decide on held referrals", "ids and decision")
  if (json.kind === "rejected") return json.answer
  const { ids, decision } = isObject(json.value) ? json.value : { ids: undefined, decision: undefined }
  if (!Array.isArray(ids) || ids.length < 1 || ids.length > MAX_REVIEW || !ids.every((id) => Number.isSafeInteger(id) && (id as number) > 0)) {
    return refuse("ids_invalid", { values: { max: MAX_REVIEW } })
  }
  if (decision !== "release" && decision !== "reject") return refuse("referral_decision_invalid")
  const decided = await deps.store.reviewReferrals(ids as number[], decision, deps.now(), OWNER_PAGE_ACTOR)
  return answer(200, { ok: true, decision, decided })
})

/** The address in a request body (`{ email, ... }`), or null where there is none fit to use. */
function addressIn(value: unknown): string | null {
  const email = isObject(value) && typeof value.email === "string" ? value.email.trim() : ""
  return isValidEmail(email) ? email : null
}

/** POST /api/owner/person `{ email, whole }`: one person, the address masked unless asked whole; the audit says a lookup happened, never of whom. */
export const handleOwnerPersonRequest = ownerEndpoint("POST", "find a person", async (request, deps) => {
  if (!deps.store) return refuse("list_not_kept")
  const json = await readJson(request, "find a person", "the email address to find")
  if (json.kind === "rejected") return json.answer
  const email = addressIn(json.value)
  if (email === null) return refuse("email_invalid")
  const whole = isObject(json.value) ? (json.value.whole ?? false) : false
  if (typeof whole !== "boolean") return refuse("whole_invalid")
  const now = deps.now()
  const found = await deps.store.ownerPerson(emailKey(email))
  await deps.store.recordAudit(
    { actor: OWNER_PAGE_ACTOR, action: whole ? "address shown" : "person looked up", count: 1, detail: found ? null : "no one on the list had it" },
    now,
  )
  if (!found) return answer(200, { found: false })
  const { standing, heldFriends } = found
  const person: OwnerPerson = {
    email: whole ? standing.signup.email : maskEmail(standing.signup.email),
    whole,
    status: standing.signup.status,
    signedUpAt: standing.signup.receivedAt,
    confirmedAt: standing.signup.confirmedAt,
    place: standing.place,
    friends: standing.referrals,
    heldFriends,
    reward: standing.milestone,
    invitation: standing.invitation,
  }
  return answer(200, { found: true, person: { ...person } })
})

/** POST /api/owner/resend `{ email }`: their link again by email, as "Didn't get the email?" sends it (at most once an hour). */
export const handleOwnerResendRequest = ownerEndpoint("POST", "send a link again", async (request, deps) => {
  const json = await readJson(request, "send a link again", "the email address to send the link to")
  if (json.kind === "rejected") return json.answer
  const email = addressIn(json.value)
  if (email === null) return refuse("email_invalid")
  if ("unavailable" in deps.service) return refuse("signups_unavailable", { values: { reason: deps.service.unavailable } })
  const now = deps.now()
  const outcome = await deps.service.resendFor(email, now)
  if (outcome === "sent") await deps.store?.recordAudit({ actor: OWNER_PAGE_ACTOR, action: "link sent again", count: 1, detail: null }, now)
  return answer(200, { ok: true, outcome })
})

/**
 * Where a signup stands and leaving: the status page's calls and every email's unsubscribe link.
 *
 *   POST /api/waitlist     { token }   (the status page: where a signup stands)
 *   POST /api/leave        { token }   (a status token: "Leave the list" on the status page)
 *   POST /api/unsubscribe?token=...   List-Unsubscribe=One-Click (RFC 8058), or { token } as JSON
 */
import {
  admitWithSecret,
  answer,
  available,
  checkDeclaredLength,
  guarded,
  isAnswer,
  MAX_BODY_BYTES,
  overLimit,
  refuse,
  wrongMediaType,
  wrongMethod,
  secretFromJson,
  TOO_LARGE,
  type ApiAnswer,
  type ApiRequest,
  type HandlerDependencies,
} from "./kit"

/** POST /api/waitlist `{ token }`: where the signup behind a status token stands (a read, with the read budget). */
export function handleWaitlistRequest(request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> {
  return guarded(deps, async () => {
    const admitted = await admitWithSecret(request, deps, "look up a place", "your status link", { access: "read" })
    if ("status" in admitted) return admitted
    const found = await admitted.service.status(admitted.secret, deps.now())
    if (found.kind === "unknown") return refuse("status_link_unknown")
    // An old status link shows and erases no one; a fresh one comes by email.
    if (found.kind === "expired") return refuse("status_link_expired")
    const { kind: _kind, ...status } = found
    return answer(200, status)
  })
}

const LEFT = answer(200, { ok: true, status: "left" })

/** POST /api/leave `{ token }`: "Leave the list" on the status page, by its status token. */
export function handleLeaveRequest(request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> {
  return guarded(deps, async () => {
    const admitted = await admitWithSecret(request, deps, "leave the list", "your status link")
    if ("status" in admitted) return admitted
    const left = await admitted.service.leave(admitted.secret, deps.now())
    if (left.kind === "expired") return refuse("status_link_expired")
    return left.kind === "left" ? LEFT : refuse("status_link_unknown")
  })
}

/** Media types a one-click unsubscribe comes as (RFC 8058 allows both). */
const ONE_CLICK_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"])

/**
 * POST /api/unsubscribe?token=...: the one-click link of every email's List-Unsubscribe header,
 * which a mailbox provider POSTs `List-Unsubscribe=One-Click` to, and our unsubscribe page's
 * button, which POSTs `{ token }` as JSON. A link used already answers "left" again.
 *
 * A GET (a link scanner, a mail client opening the header's link) never unsubscribes: it is sent
 * on to the unsubscribe page, whose button asks first. The limit is the larger one of reads, in a
 * bucket of its own: providers send every one-click unsubscribe from a few addresses of theirs.
 * An unknown token costs a read, never a write (see the store's `erase`).
 */
export function handleUnsubscribeRequest(request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> {
  return guarded(deps, async () => {
    const limited = await overLimit(request, deps, "unsubscribe")
    if (limited) return limited
    const service = available(deps)
    if (isAnswer(service)) return service
    const method = request.method?.toUpperCase()
    const linkToken = request.query.get("token")
    if (method === "GET" || method === "HEAD") {
      // The page takes the token from the fragment, which no server sees (see links.ts).
      const page = `/unsubscribe/${linkToken === null ? "" : `#${new URLSearchParams({ token: linkToken }).toString()}`}`
      return answer(303, { page }, { Location: page })
    }
    if (method !== "POST") return wrongMethod(method, "unsubscribe", "GET, POST")
    const mediaType = request.headers["content-type"]?.split(";")[0].trim().toLowerCase() ?? ""
    let token: string | null = linkToken
    if (mediaType === "application/json") {
      const read = await secretFromJson(request, "unsubscribe", "the unsubscribe link")
      if ("status" in read) return read
      token = read.secret
    } else if (ONE_CLICK_TYPES.has(mediaType)) {
      // The token is in the link; the body only says "List-Unsubscribe=One-Click". It is read
      // (within the limit) so the connection stays usable, and not judged: the POST is the intent.
      const tooLarge = checkDeclaredLength(request.headers["content-length"])
      if (tooLarge) return tooLarge
      try {
        if ((await request.readBody(MAX_BODY_BYTES)).kind === "tooLarge") return TOO_LARGE
      } catch {
        return refuse("body_incomplete")
      }
    } else {
      return wrongMediaType("application/x-www-form-urlencoded (List-Unsubscribe=One-Click) or application/json", mediaType)
    }
    const left = await service.unsubscribe(token, deps.now())
    // An old email's link erases no one; the mailto address in the email's headers and a fresh status link still work.
    if (left.kind === "expired") return refuse("unsubscribe_link_expired")
    return left.kind === "left" ? LEFT : refuse("unsubscribe_link_unknown")
  })
}

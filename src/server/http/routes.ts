/**
 * The route table: every endpoint of the signup service, declared once. The production server
 * (src/server/prod/server.ts) registers each row; the Gatsby Functions in src/api/ are one file
 * per row (a file's path under src/api/ is its route's path under /api/), and a test checks both,
 * and the browser's endpoint names (src/lib/waitlist-client.ts), against this table.
 */
import { handleDropEnterRequest, handleDropEntriesRequest, handleDropRequest, handleOwnerDrops } from "./drop-handler"
import { handleInvitationRequest, handleRedeemRequest } from "./invite-handler"
import { MAX_BODY_BYTES, type ApiAnswer, type ApiRequest, type HandlerDependencies } from "./kit"
import {
  handleOwnerExportRequest,
  handleOwnerForgetRequest,
  handleOwnerFunnelRequest,
  handleOwnerInviteRequest,
  handleOwnerPersonRequest,
  handleOwnerReferralsRequest,
  handleOwnerResendRequest,
  handleOwnerSummaryRequest,
  type OwnerDependencies,
} from "./owner-handler"
import { handleChallengeRequest, handleConfirmRequest, handleResendRequest, handleSignupRequest } from "./signup-handler"
import { handleLeaveRequest, handleUnsubscribeRequest, handleWaitlistRequest } from "./status-handler"
import { handleVisitRequest, type VisitDependencies } from "./visit-handler"
import { MAX_VISIT_BYTES } from "../../signup/visit"

/** What the endpoints are given, as the runtime builds it (runtime/runtime.ts). */
export interface EndpointDependencies {
  dependencies: HandlerDependencies
  owner: OwnerDependencies
  visits: VisitDependencies
}

type Endpoint<Deps> = (request: ApiRequest, deps: Deps) => Promise<ApiAnswer>

/** One endpoint: where it is, what it takes, and what answers it. */
export interface Route {
  /** Its address; a Gatsby Function's path under src/api/ is the same path under /api/. */
  path: string
  /** The methods it takes; any other answers 405 with `Allow` (the owner's endpoints also answer OPTIONS). */
  methods: ReadonlyArray<"GET" | "POST">
  /** What a request's body is: a JSON object, a page view (text/plain or JSON), JSON or the one-click form, or none. */
  body: "json" | "visit" | "json or one-click" | "none"
  /** The most bytes of body it reads; a larger body answers 413. */
  maxBodyBytes: number
  /** Who may call it: anyone, the owner (OWNER_TOKEN), or the shop (INVITE_API_TOKEN). */
  caller: "anyone" | "owner" | "shop"
  /** Whether the production server compresses its answers: the owner's readouts and the export gain, small JSON answers do not. */
  compress: boolean
  /** The handler's name, as the route's Gatsby Function calls it. */
  handler: string
  /** Answers a request with the handler and the part of the dependencies it takes. */
  handle(request: ApiRequest, deps: EndpointDependencies): Promise<ApiAnswer>
}

type Shape = Pick<Route, "methods" | "body"> & Partial<Pick<Route, "maxBodyBytes" | "caller" | "compress">>

/** `named` is `{ handleXRequest }`: the handler under its own name, which a handler made by a factory would not carry. */
function route<Deps>(path: string, named: Record<string, Endpoint<Deps>>, depsOf: (deps: EndpointDependencies) => Deps, shape: Shape): Route {
  const [[name, handler]] = Object.entries(named)
  return {
    path,
    maxBodyBytes: MAX_BODY_BYTES,
    caller: "anyone",
    compress: false,
    ...shape,
    handler: name,
    handle: (request, deps) => handler(request, depsOf(deps)),
  }
}

function service(deps: EndpointDependencies): HandlerDependencies {
  return deps.dependencies
}

function owner(deps: EndpointDependencies): OwnerDependencies {
  return deps.owner
}

function visits(deps: EndpointDependencies): VisitDependencies {
  return deps.visits
}

const POST = ["POST"] as const
const GET = ["GET"] as const

export const ROUTES: readonly Route[] = [
  route("/api/signup", { handleSignupRequest }, service, { methods: POST, body: "json" }),
  route("/api/confirm", { handleConfirmRequest }, service, { methods: POST, body: "json" }),
  route("/api/resend", { handleResendRequest }, service, { methods: POST, body: "json" }),
  route("/api/challenge", { handleChallengeRequest }, service, { methods: GET, body: "none" }),
  route("/api/waitlist", { handleWaitlistRequest }, service, { methods: POST, body: "json" }),
  route("/api/leave", { handleLeaveRequest }, service, { methods: POST, body: "json" }),
  // A GET (a link scanner) is sent on to the unsubscribe page; only a POST unsubscribes.
  route("/api/unsubscribe", { handleUnsubscribeRequest }, service, { methods: ["GET", "POST"], body: "json or one-click" }),
  route("/api/invite", { handleInvitationRequest }, service, { methods: POST, body: "json" }),
  route("/api/invite/redeem", { handleRedeemRequest }, service, { methods: POST, body: "json", caller: "shop" }),
  route("/api/drop", { handleDropRequest }, service, { methods: GET, body: "none" }),
  route("/api/drop/enter", { handleDropEnterRequest }, service, { methods: POST, body: "json" }),
  // The published entry list is kept compressed already: it goes out as it is kept (see drop-handler.ts).
  route("/api/drop/entries", { handleDropEntriesRequest }, service, { methods: GET, body: "none" }),
  route("/api/visit", { handleVisitRequest }, visits, { methods: POST, body: "visit", maxBodyBytes: MAX_VISIT_BYTES }),
  route("/api/owner/summary", { handleOwnerSummaryRequest }, owner, { methods: GET, body: "none", caller: "owner", compress: true }),
  route("/api/owner/funnel", { handleOwnerFunnelRequest }, owner, { methods: GET, body: "none", caller: "owner", compress: true }),
  route("/api/owner/export", { handleOwnerExportRequest }, owner, { methods: GET, body: "none", caller: "owner", compress: true }),
  route("/api/owner/forget", { handleOwnerForgetRequest }, owner, { methods: POST, body: "json", caller: "owner" }),
  route("/api/owner/invite", { handleOwnerInviteRequest }, owner, { methods: POST, body: "json", caller: "owner" }),
  route("/api/owner/referrals", { handleOwnerReferralsRequest }, owner, { methods: POST, body: "json", caller: "owner" }),
  route("/api/owner/person", { handleOwnerPersonRequest }, owner, { methods: POST, body: "json", caller: "owner" }),
  route("/api/owner/resend", { handleOwnerResendRequest }, owner, { methods: POST, body: "json", caller: "owner" }),
  route("/api/owner/drops", { handleOwnerDrops }, owner, { methods: ["GET", "POST"], body: "json", caller: "owner" }),
]

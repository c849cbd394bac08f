/**
 * Invitations: the invitation page's lookup and the shop's redeeming.
 *
 *   POST /api/invite        { code }  (the invitation page: valid, redeemed, expired or unknown)
 *   POST /api/invite/redeem { code }  (the shop, with Authorization: Bearer INVITE_API_TOKEN)
 */
import {
  admitWithSecret,
  answer,
  available,
  checkMethod,
  guarded,
  isAnswer,
  isObject,
  readJson,
  refuse,
  type ApiAnswer,
  type ApiRequest,
  type HandlerDependencies,
} from "./kit"
import { secretGate } from "./secret-gate"

/** POST /api/invite `{ code }`: what the invitation page shows. Only the code's state, never anything about its person. */
export function handleInvitationRequest(request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> {
  return guarded(deps, async () => {
    const admitted = await admitWithSecret(request, deps, "look up an invitation", "your invitation link", { access: "read", field: "code" })
    if ("status" in admitted) return admitted
    const now = deps.now()
    const state = await admitted.service.invitation(admitted.secret, now)
    // A drop's winning code: its state ("passed": not used in time, it went to the reserve list), the drop and the size.
    const prize = state === "unknown" && deps.drops ? await deps.drops.prize(admitted.secret, now) : null
    if (prize) return answer(200, { state: prize.state, drop: prize.drop, size: prize.size })
    return answer(200, { state })
  })
}

/**
 * POST /api/invite/redeem `{ code }` with `Authorization: Bearer <INVITE_API_TOKEN>`: the shop takes
 * an invitation code, once. 200 `{ redeemed: true, email }`, 409 used already, 404 unknown, 401
 * without the secret. Without INVITE_API_TOKEN the endpoint is not there (404). Requests with the
 * right secret take nothing from the limit (the shop redeems many at launch); wrong ones count,
 * apart from the signup limit (see secret-gate.ts).
 */
export function handleRedeemRequest(request: ApiRequest, deps: HandlerDependencies): Promise<ApiAnswer> {
  return guarded(deps, async () => {
    if (!deps.inviteApiToken) return refuse("endpoint_off")
    const wrongMethod = checkMethod(request.method, "POST", "redeem an invitation")
    if (wrongMethod) return wrongMethod
    const refused = await secretGate(request, deps, "invitations", deps.inviteApiToken, "shop_secret_wrong")
    if (refused) return refused
    const service = available(deps)
    if (isAnswer(service)) return service
    const json = await readJson(request, "redeem an invitation", "the invitation's code")
    if (json.kind === "rejected") return json.answer
    if (!isObject(json.value) || typeof json.value.code !== "string")
      return refuse("body_invalid", { values: { expected: 'the "code" from the invitation link' } })
    const code = json.value.code.trim()
    const result = await service.redeemInvitation(code, deps.now())
    if (result.kind === "unknown" && deps.drops) {
      const prize = await deps.drops.redeemPrize(code, deps.now())
      switch (prize.kind) {
        case "redeemed":
          return answer(200, { redeemed: true, email: prize.email, drop: prize.drop, size: prize.size })
        case "alreadyRedeemed":
          return refuse("invitation_used", { body: { redeemedAt: prize.redeemedAt } })
        case "passed":
          return refuse("prize_passed")
      }
    }
    switch (result.kind) {
      case "redeemed":
        return answer(200, { redeemed: true, email: result.email })
      case "alreadyRedeemed":
        return refuse("invitation_used", { body: { redeemedAt: result.redeemedAt } })
      case "expired":
        return refuse("invitation_expired")
      case "unknown":
        return refuse("invitation_unknown")
    }
  })
}

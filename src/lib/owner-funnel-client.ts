/** The owner's page's call for the launch funnel (GET /api/owner/funnel), checked before the page reads it. */
import { FUNNEL_STEPS, type FunnelAnswer } from "../signup/funnel"
import { call, isCount, jsonOf, problemOf, type OwnerOutcome } from "./owner-client"

const hasSteps = (value: unknown): boolean =>
  typeof value === "object" && value !== null && FUNNEL_STEPS.every((step) => isCount((value as Record<string, unknown>)[step]))

function readFunnel(body: unknown): FunnelAnswer | null {
  if (typeof body !== "object" || body === null) return null
  const funnel = body as FunnelAnswer
  const now = funnel.now as Partial<FunnelAnswer["now"]> | undefined
  if (!hasSteps(funnel.total) || typeof now !== "object" || now === null) return null
  if (![now.today, now.sameTimeYesterday, now.lastHour, now.lastHourYesterday].every(hasSteps)) return null
  if (!isCount(funnel.smallCount) || typeof funnel.counting !== "boolean" || typeof funnel.generatedAt !== "string") return null
  return funnel
}

/** The launch funnel: visits to codes redeemed, now and the same time yesterday. */
export async function fetchFunnel(secret: string): Promise<OwnerOutcome<{ funnel: FunnelAnswer }>> {
  const { status, response } = await call("funnel", secret)
  const body = await jsonOf(response)
  if (status !== 200) return problemOf(body)
  const funnel = readFunnel(body)
  return funnel ? { kind: "ok", funnel } : { kind: "failed" }
}

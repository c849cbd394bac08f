/** The owner's page's calls for one person: find them by address, and send them their link again. */
import type { OwnerPerson, OwnerPersonAnswer } from "../signup/owner-person"
import { call, isCount, jsonOf, problemOf, type OwnerOutcome } from "./owner-client"

function readPerson(body: unknown): OwnerPersonAnswer | null {
  if (typeof body !== "object" || body === null) return null
  const answer = body as { found?: unknown; person?: Partial<OwnerPerson> }
  if (answer.found === false) return { found: false }
  const person = answer.person
  if (answer.found !== true || typeof person !== "object" || person === null) return null
  if (typeof person.email !== "string" || typeof person.status !== "string" || !isCount(person.friends) || !isCount(person.heldFriends)) return null
  return { found: true, person: person as OwnerPerson }
}

/** One person by address: masked unless `whole`. */
export async function findPerson(secret: string, email: string, whole: boolean): Promise<OwnerOutcome<{ answer: OwnerPersonAnswer }>> {
  const { status, response } = await call("person", secret, { method: "POST", body: { email: email.trim(), whole } })
  const body = await jsonOf(response)
  if (status !== 200) return problemOf(body)
  const answer = readPerson(body)
  return answer ? { kind: "ok", answer } : { kind: "failed" }
}

export type ResendOutcome = "sent" | "tooSoon" | "noMail" | "notFound"
const RESEND_OUTCOMES: readonly string[] = ["sent", "tooSoon", "noMail", "notFound"] satisfies ResendOutcome[]

/** Their link again, by email (at most once an hour). */
export async function resendLink(secret: string, email: string): Promise<OwnerOutcome<{ outcome: ResendOutcome }>> {
  const { status, response } = await call("resend", secret, { method: "POST", body: { email: email.trim() } })
  const body = await jsonOf(response)
  if (status !== 200) return problemOf(body)
  const outcome = typeof body === "object" && body !== null ? (body as { outcome?: unknown }).outcome : undefined
  return typeof outcome === "string" && RESEND_OUTCOMES.includes(outcome) ? { kind: "ok", outcome: outcome as ResendOutcome } : { kind: "failed" }
}

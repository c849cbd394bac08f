/**
 * The owner's health line: what about the list needs the owner now (mail given up on or failing
 * and retried, backups, the bot check's would-be refusals), most urgent first. The page says
 * each in plain words with what to do; none means all is well.
 */
import type { OwnerSummaryAnswer } from "../signup/owner-summary"

export type HealthNote =
  { kind: "mailFailed"; count: number } | { kind: "mailRetrying"; count: number } | { kind: "backup"; problem: string } | { kind: "botCheck"; count: number }

export type HealthTone = "good" | "warn" | "problem"

/** Mail given up on and a failing backup lose something; the rest only asks for a look. */
const PROBLEMS: ReadonlySet<HealthNote["kind"]> = new Set(["mailFailed", "backup"])

export function healthNotes(summary: Pick<OwnerSummaryAnswer, "outbox" | "backups" | "botCheck">): HealthNote[] {
  const notes: HealthNote[] = []
  if (summary.outbox.failed > 0) notes.push({ kind: "mailFailed", count: summary.outbox.failed })
  if (summary.backups?.problem) notes.push({ kind: "backup", problem: summary.backups.problem })
  // Waiting mail is normal for a moment; waiting after an error means sending fails and is retried.
  if (summary.outbox.waiting > 0 && summary.outbox.lastError !== null) notes.push({ kind: "mailRetrying", count: summary.outbox.waiting })
  if (summary.botCheck.wouldRefuse > 0) notes.push({ kind: "botCheck", count: summary.botCheck.wouldRefuse })
  return notes
}

export function healthTone(notes: readonly HealthNote[]): HealthTone {
  if (notes.some((note) => PROBLEMS.has(note.kind))) return "problem"
  return notes.length > 0 ? "warn" : "good"
}

/**
 * The traffic of the signup load test: which body each request carries, and what came back.
 * Most requests sign up an email never sent before; some repeat an email that was already
 * answered 201; some are malformed. Each kind has exactly one right answer, so every answer can
 * be judged, and the emails answered 201 are known exactly for the store check afterwards.
 */
import { normalizeEmail, SIGNUP_SOURCE } from "../../src/signup/rules"

export type RequestKind = "new" | "repeat" | "malformed"

/** The only right answer for each kind (the run sets a rate limit high enough to never see 429). */
export const EXPECTED_STATUS: Record<RequestKind, number> = { new: 201, repeat: 200, malformed: 400 }

export interface SentRequest {
  kind: RequestKind
  /** Normalised email of a "new" or "repeat" request; null for a malformed one. */
  email: string | null
}

/** Out of every 10 requests: 1 repeat, 1 malformed, the rest new emails. */
const kindFor = (sequence: number): RequestKind => {
  if (sequence % 10 === 3) return "repeat"
  if (sequence % 10 === 7) return "malformed"
  return "new"
}

// Each one must be answered 400 and stored never. Emails in them are unique, so one that
// wrongly reached the store would show up as an email that no 201 accounts for.
const malformedBody = (sequence: number, timestamp: string): string => {
  const email = `malformed-${sequence}@example.com`
  const variants = [
    `{"email":"${email}","source":"${SIGNUP_SOURCE}"`, // cut-off JSON
    JSON.stringify({ email: `malformed-${sequence}-at-example.com`, source: SIGNUP_SOURCE, timestamp }),
    JSON.stringify({ email, source: "somewhere_else", timestamp }),
    JSON.stringify({ email, source: SIGNUP_SOURCE, timestamp: "2025-02-31T12:00:00Z" }), // no such day
    JSON.stringify([{ email, source: SIGNUP_SOURCE, timestamp }]),
  ]
  return variants[sequence % variants.length]
}

export class SignupTraffic {
  private sequence = 0
  /** Emails answered 201, in answer order: the pool that repeats draw from. */
  private readonly created: string[] = []
  /** How many 201 answers each email got: more than one is a deduplication bug. */
  readonly createdCount = new Map<string, number>()
  /** Every "new" email sent, answered or not. */
  readonly newEmailsSent = new Set<string>()
  /** "new" emails that got any answer; the rest (timeouts, cut connections) have an unknown outcome. */
  readonly newEmailsAnswered = new Set<string>()
  /** Answers counted by request kind, then by status code. */
  readonly statusesByKind = new Map<RequestKind, Map<number, number>>()
  /** Answers to sending an unanswered email once more after the run (see `unansweredNewEmails`). */
  readonly followUpStatus = new Map<string, number | "no answer">()

  /** The next request to send: its body, and what to remember about it until its answer. */
  next(now: Date = new Date()): { body: string; sent: SentRequest } {
    const sequence = this.sequence++
    const timestamp = now.toISOString()
    let kind = kindFor(sequence)
    // Nothing confirmed yet at the very start: there is nothing to repeat.
    if (kind === "repeat" && this.created.length === 0) kind = "new"

    if (kind === "malformed") return { body: malformedBody(sequence, timestamp), sent: { kind, email: null } }
    if (kind === "repeat") {
      const email = this.created[sequence % this.created.length]
      // Upper-cased, so the store's case-insensitive deduplication is exercised too.
      return { body: JSON.stringify({ email: email.toUpperCase(), source: SIGNUP_SOURCE, timestamp }), sent: { kind, email } }
    }
    const email = `load-${sequence}@example.com`
    this.newEmailsSent.add(email)
    return { body: JSON.stringify({ email, source: SIGNUP_SOURCE, timestamp }), sent: { kind, email } }
  }

  /** Records the answer to one request. */
  record(sent: SentRequest, status: number): void {
    const statuses = this.statusesByKind.get(sent.kind) ?? new Map<number, number>()
    statuses.set(status, (statuses.get(status) ?? 0) + 1)
    this.statusesByKind.set(sent.kind, statuses)

    if (sent.email === null) return
    const email = normalizeEmail(sent.email)
    if (sent.kind === "new") this.newEmailsAnswered.add(email)
    if (status === 201) {
      this.createdCount.set(email, (this.createdCount.get(email) ?? 0) + 1)
      this.created.push(email)
    }
  }

  /** Count of answers with `status`, over all kinds. */
  countOf(status: number): number {
    let count = 0
    for (const statuses of this.statusesByKind.values()) count += statuses.get(status) ?? 0
    return count
  }

  /**
   * Emails of "new" requests sent but never answered (cut off when the run stopped, or timed
   * out): the server may or may not have stored them. The caller sends each once more and
   * records the answer with `recordFollowUp`: 200 means the first request stored it, 201 that
   * it had not. Either way the store must hold it exactly once.
   */
  unansweredNewEmails(): string[] {
    return [...this.newEmailsSent].filter((email) => !this.newEmailsAnswered.has(email))
  }

  recordFollowUp(email: string, status: number | "no answer"): void {
    this.followUpStatus.set(email, status)
  }

  /** The emails the store must hold, each once: those answered 201, during the run or in a follow-up. */
  expectedStored(): Set<string> {
    const expected = new Set(this.createdCount.keys())
    for (const [email, status] of this.followUpStatus) {
      if (status === 200 || status === 201) expected.add(email)
    }
    return expected
  }

  /** Every answer that is not the right one, e.g. "new request answered 500 (expected 201) x3". */
  wrongAnswers(): string[] {
    const wrong: string[] = []
    for (const [kind, statuses] of this.statusesByKind) {
      for (const [status, count] of statuses) {
        if (status !== EXPECTED_STATUS[kind]) wrong.push(`${kind} request answered ${status} (expected ${EXPECTED_STATUS[kind]}) x${count}`)
      }
    }
    for (const [email, status] of this.followUpStatus) {
      if (status !== 200 && status !== 201) wrong.push(`${email} sent again after the run: ${status} (expected 200 or 201)`)
    }
    for (const [email, count] of this.createdCount) {
      if (count > 1) wrong.push(`${email} answered 201 ${count} times`)
    }
    return wrong
  }
}

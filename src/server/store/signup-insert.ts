/**
 * Adding signups, a batch in one transaction (signup-batches.ts makes the batches): duplicates
 * and suppressed addresses answered, referrals checked and reviewed (referral-review.ts), rows,
 * tokens and their first emails written, places counted, and the list's events recorded.
 */
import type { HoldReason } from "../../signup/owner-summary"
import { suppressionKey } from "../keys/suppression-key"
import { insertRows, parameters, type SqlExecutor } from "./database"
import { eventSignupId, recordEvents, type ListEvent } from "./events"
import { queueLinkAgain } from "./link-requests"
import { queueMessages } from "./outbox-store"
import { forgetOldNetworks, reviewBatch } from "./referral-review"
import type { ReferralCounter } from "./referrals"
import {
  columnsOf,
  confirmedEvent,
  iso,
  referralEvent,
  SIGNUP_COLUMNS,
  toSignup,
  WRITTEN_SIGNUP_COLUMNS,
  writtenSignupValues,
  type SignupRow,
} from "./signup-rows"
import type { StandingWhere, StoreContext } from "./store-context"
import { statusTokenExpiry, type AddResult, type NewSignup, type Place, type Standing } from "./contract/signups"
import { tallySignups } from "./tallies"

/** Adds a batch of signups of different email keys; answers each by its email key. */
export type InsertBatch = (signups: NewSignup[]) => Promise<Map<string, AddResult>>

export function signupInserter(
  { options, line, pepper, transaction }: StoreContext,
  { countReferral }: Pick<ReferralCounter, "countReferral">,
  standingWhere: StandingWhere,
): InsertBatch {
  /** The events of signups just added: each is created; a confirmed one is confirmed and counts for its referrer. */
  async function additionEvents(
    tx: SqlExecutor,
    inserted: readonly SignupRow[],
    answers: Map<string, AddResult>,
    holds: ReadonlyMap<string, HoldReason>,
  ): Promise<ListEvent[]> {
    const events: ListEvent[] = []
    /** Referrals counted in this batch per referrer code, to tell each event its own count. */
    const counted = new Map<string, number>()
    for (const row of inserted) {
      const signup = toSignup(row)
      events.push({
        type: "signup.created",
        signupId: row.id,
        timestamp: signup.receivedAt,
        data: {
          id: eventSignupId(row.id),
          email: signup.email,
          status: signup.status,
          source: signup.source,
          attribution: signup.attribution,
          createdAt: signup.receivedAt,
        },
      })
      if (signup.status !== "confirmed") continue
      const answer = answers.get(row.email_key)
      const place = answer?.kind === "added" ? answer.place : null
      events.push(confirmedEvent(row.id, { signup, place, total: place?.total ?? 0, referrals: 0, invitation: null, milestone: 0 }, signup.receivedAt))
      if (row.referred_by && !holds.has(row.email_key)) counted.set(row.referred_by, (counted.get(row.referred_by) ?? 0) + 1)
    }
    const referrers = new Map<string, Standing & { id: number | string }>()
    for (const code of counted.keys()) {
      const referrer = await standingWhere(tx, "s.referral_code = $1", [code])
      if (referrer) referrers.set(code, referrer)
    }
    const seen = new Map<string, number>()
    for (const row of inserted) {
      const referrer = row.referred_by && row.status === "confirmed" && !holds.has(row.email_key) ? referrers.get(row.referred_by) : undefined
      if (!referrer || !row.referred_by) continue
      const nth = (seen.get(row.referred_by) ?? 0) + 1
      seen.set(row.referred_by, nth)
      const count = referrer.referrals - ((counted.get(row.referred_by) ?? 0) - nth)
      events.push(referralEvent(referrer, count, row.id, toSignup(row).receivedAt))
    }
    return events
  }

  /**
   * Adds signups of different email keys in one transaction: one commit for all. Answers each
   * with what the database holds: the new row, or the one already there for its address.
   */
  function insertBatch(signups: NewSignup[]): Promise<Map<string, AddResult>> {
    return transaction(async (tx) => {
      const answers = new Map<string, AddResult>()
      const keys = signups.map((signup) => signup.emailKey)
      for (const row of await tx.query<SignupRow>(`select ${columnsOf("s")} from signups s where s.email_key in (${parameters(keys.length)})`, keys)) {
        answers.set(row.email_key, { kind: "duplicate", signup: toSignup(row) })
      }
      // A repeat of an address on the list asks for its link again, in this same commit: every
      // address costs the same durable work before its answer.
      for (const signup of signups) {
        const answer = answers.get(signup.emailKey)
        if (answer?.kind !== "duplicate" || !signup.repeat) continue
        const { token, message } = signup.repeat.compose(answer.signup)
        await queueLinkAgain(tx, signup.emailKey, token, message, new Date(signup.receivedAt), signup.repeat.minIntervalMs)
      }
      const newcomers = signups.filter((signup) => !answers.has(signup.emailKey))
      // An address that left the list comes back only through its owner: a signup of its own
      // waits, pending, until the address confirms from the email, which lifts its suppression
      // (see `confirm`). Anything else (a single opt-in signup, an import) leaves it out.
      const mayWaitWhileSuppressed = (signup: NewSignup) => signup.overridesSuppression === true && signup.status === "pending"
      const others = newcomers.filter((signup) => !mayWaitWhileSuppressed(signup))
      const suppressed = new Set(
        others.length === 0
          ? []
          : (
              await tx.query<{ key_hash: string }>(
                `select key_hash from signup_suppressions where key_hash in (${parameters(others.length)})`,
                others.map((signup) => suppressionKey(pepper(), signup.emailKey)),
              )
            ).map((row) => row.key_hash),
      )
      const fresh = newcomers.filter((signup) => mayWaitWhileSuppressed(signup) || !suppressed.has(suppressionKey(pepper(), signup.emailKey)))
      for (const signup of newcomers) if (!fresh.includes(signup)) answers.set(signup.emailKey, { kind: "suppressed" })
      if (fresh.length === 0) return answers

      // A referral counts only when its code names a signup already on the list.
      const codes = [...new Set(fresh.map((signup) => signup.referredBy).filter((code): code is string => code !== null))]
      const known = new Set(
        codes.length === 0
          ? []
          : (await tx.query<{ referral_code: string }>(`select referral_code from signups where referral_code in (${parameters(codes.length)})`, codes)).map(
              (row) => row.referral_code,
            ),
      )

      // Quiet fraud signals (referral-review.ts): a referral that looks farmed is held, not refused.
      const review = await reviewBatch(tx, fresh, known)
      const { holds } = review
      await forgetOldNetworks(tx, fresh[fresh.length - 1].receivedAt)

      const inserted = await insertRows<SignupRow>(
        tx,
        "signups",
        [...WRITTEN_SIGNUP_COLUMNS, "mail_waiting", "consent", "consented_at", "network", "network_until", "referral_held"],
        fresh.map((signup) => [
          ...writtenSignupValues({
            ...signup,
            confirmedAt: signup.status === "confirmed" ? signup.receivedAt : null,
            referredBy: signup.referredBy && known.has(signup.referredBy) ? signup.referredBy : null,
          }),
          signup.mail ? 1 : 0,
          signup.consent,
          signup.consent ? signup.receivedAt : null,
          ...review.networkColumns(signup),
          holds.get(signup.emailKey) ?? null,
        ]),
        `on conflict (email_key) do nothing returning ${SIGNUP_COLUMNS.join(", ")}`,
      )
      inserted.sort((a, b) => Number(a.id) - Number(b.id))
      await review.remember()
      const byKey = new Map(signups.map((signup) => [signup.emailKey, signup]))
      const tokens = inserted.flatMap((row) => {
        const signup = byKey.get(row.email_key) as NewSignup
        return [
          [signup.statusTokenHash, row.id, "status", statusTokenExpiry(signup.receivedAt)],
          ...(signup.confirmToken ? [[signup.confirmToken.hash, row.id, "confirm", signup.confirmToken.expiresAt]] : []),
          ...(signup.mail ? [[signup.mail.unsubscribeTokenHash, row.id, "unsubscribe", null]] : []),
        ]
      })
      await insertRows(tx, "signup_tokens", ["hash", "signup_id", "kind", "expires_at"], tokens)
      const messages = inserted.flatMap((row) => {
        const { mail, receivedAt } = byKey.get(row.email_key) as NewSignup
        return mail ? [{ signupId: row.id, message: mail, at: receivedAt }] : []
      })
      await queueMessages(tx, messages)
      await tallySignups(tx, inserted, 1)

      const confirmed = inserted.filter((row) => row.status === "confirmed")
      if (confirmed.length > 0) {
        await tx.query(
          line.addToBuckets(`s.id in (${parameters(confirmed.length)})`),
          confirmed.map((row) => row.id),
        )
        const referrals = new Map<string, number>()
        for (const row of confirmed) if (row.referred_by && !holds.has(row.email_key)) referrals.set(row.referred_by, (referrals.get(row.referred_by) ?? 0) + 1)
        for (const [code, count] of referrals) await countReferral(tx, code, count, iso(confirmed[confirmed.length - 1].received_at))
      }
      const [{ total }] = await tx.query<{ total: number | string }>(`select ${line.total} as total`)
      // The newest confirmed signups, with no referrals yet, stand behind every confirmed one before them.
      let behind = confirmed.length
      for (const row of inserted) {
        const place: Place | null = row.status === "confirmed" ? { position: Number(total) - (behind -= 1), total: Number(total) } : null
        answers.set(row.email_key, { kind: "added", signup: toSignup(row), place })
      }
      if (options.events) await recordEvents(tx, await additionEvents(tx, inserted, answers, holds))
      return answers
    })
  }

  return insertBatch
}

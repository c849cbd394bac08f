/**
 * The owner's part of the signup store: the summary the owner's page reads, the export, the review
 * of held referrals, the audit of what the owner did, and forgetting network fingerprints after a day.
 */
import type { AttributionCount, AuditEntry, HeldReferral, HoldReason, OutboxHealth, OwnerSummary } from "../../signup/owner-summary"
import { BOT_CHECK_COUNTERS, botCheckCounts, recordChallenges } from "./challenges"
import { groupCommit, parameters, type SqlExecutor } from "./database"
import { recordEvents } from "./events"
import { forgetOldNetworks } from "./referral-review"
import { iso, referralEvent, standingOf, type PlaceColumns, type SignupRow } from "./signup-rows"
import type { StandingWhere, StoreContext } from "./store-context"
import type { BotCheckStore } from "./contract/bot-check"
import { EMAIL_KINDS } from "./contract/mail"
import type { ExportRow, OwnerStore as OwnerContract } from "./contract/owner"
import type { RetentionStore } from "./contract/retention"
import type { SignupStatus } from "./contract/signups"
import { utcDay } from "./tallies"
import { DAY_MS } from "../../signup/durations"

/** Rows per page of an export. */
const EXPORT_PAGE = 5_000

type OwnerStore = Pick<
  OwnerContract & BotCheckStore & RetentionStore,
  "ownerSummary" | "ownerPerson" | "exportRows" | "checkChallenge" | "reviewReferrals" | "forgetOldNetworks" | "recordAudit"
>

interface OwnerHelpers {
  outboxHealth(): Promise<OutboxHealth>
  /** Confirmed referrals gained or lost (referrals.ts): the referrer's count, band and milestones. */
  countReferral(tx: SqlExecutor, referralCode: string, referrals: number, at: string): Promise<void>
  standingWhere: StandingWhere
}

export const ownerStore = (
  { db, options, line, ready, transaction }: StoreContext,
  { outboxHealth, countReferral, standingWhere }: OwnerHelpers,
): OwnerStore => {
  const checkInGroup = groupCommit(transaction, recordChallenges)
  const writeAudit = (tx: SqlExecutor, entry: Omit<AuditEntry, "at">, at: string) =>
    tx.query("insert into owner_audit (at, actor, action, count, detail) values ($1, $2, $3, $4, $5)", [
      at,
      entry.actor,
      entry.action,
      entry.count,
      entry.detail,
    ])

  return {
    async *exportRows(): AsyncIterable<ExportRow> {
      await ready()
      for await (const page of db.stream<SignupRow & PlaceColumns & { drops: string | null }>(line.exportAll, [], EXPORT_PAGE)) {
        for (const row of page) yield { ...standingOf(row), referredBy: row.referred_by, drops: row.drops ?? "" }
      }
    },

    async ownerSummary(now, { days, limit }): Promise<OwnerSummary> {
      await ready()
      const dayList = Array.from({ length: days }, (_, index) => utcDay(new Date(now.getTime() - (days - 1 - index) * DAY_MS)))
      const count = (value: number | string | null | undefined): number => Number(value ?? 0)
      // Small reads of counts kept in step, side by side: none walks the list.
      const attributions = (kind: string) =>
        db.query<{ name: string; signups: number | string; confirmed: number | string }>(
          "select name, signups, confirmed from attribution_tallies where kind = $1 and signups > 0 order by signups desc, name limit $2",
          [kind, limit],
        )
      const [
        [totals],
        counters,
        perDay,
        sources,
        campaigns,
        referrers,
        topReferrers,
        outbox,
        [sent],
        webhooks,
        [held],
        heldRows,
        audit,
        [bounced],
        bounceRows,
      ] = await Promise.all([
        db.query<{ confirmed: number | string | null; signups: number | string | null }>(
          `select ${line.total} as confirmed, (select sum(signups) from daily_tallies) as signups`,
        ),
        db.query<{ name: string; value: number | string }>(
          `select name, value from list_counters where name in ('invited', 'redeemed', 'left', ${BOT_CHECK_COUNTERS.map((name) => `'${name}'`).join(", ")})`,
        ),
        db.query<{ day: string; signups: number | string; confirmations: number | string }>(
          "select day, signups, confirmations from daily_tallies where day >= $1 and day <= $2",
          [dayList[0], dayList[dayList.length - 1]],
        ),
        attributions("source"),
        attributions("campaign"),
        attributions("referrer"),
        db.query<{ email: string; referral_code: string; referrals: number | string }>(
          "select email, referral_code, referrals from signups where referrals > 0 order by referrals desc, id limit $1",
          [limit],
        ),
        outboxHealth(),
        // Emails the mail server accepted since midnight UTC: all this site can know of delivery.
        db.query<{ n: number | string }>(`select count(*) as n from outbox where delivered_at >= $1 and kind in (${parameters(EMAIL_KINDS.length, 2)})`, [
          `${utcDay(now)}T00:00:00.000Z`,
          ...EMAIL_KINDS,
        ]),
        db.query<{ url: string; disabled_at: Date | string; disabled_reason: string | null }>(
          "select url, disabled_at, disabled_reason from webhook_endpoints where disabled_at is not null order by disabled_at desc",
        ),
        db.query<{ n: number | string }>("select count(*) as n from signups where referral_held is not null"),
        db.query<{
          id: number | string
          email: string
          status: SignupStatus
          referral_held: HoldReason
          received_at: Date | string
          referrer_email: string
          referral_code: string
        }>(
          `select f.id, f.email, f.status, f.referral_held, f.received_at, r.email as referrer_email, r.referral_code
           from signups f join signups r on r.referral_code = f.referred_by where f.referral_held is not null order by f.id limit $1`,
          [limit],
        ),
        db.query<{ at: string; actor: string; action: AuditEntry["action"]; count: number | string; detail: string | null }>(
          "select at, actor, action, count, detail from owner_audit order by id desc limit $1",
          [limit],
        ),
        db.query<{ n: number | string }>("select count(*) as n from hard_bounces"),
        db.query<{ email: string; at: string; reason: string }>(
          "select s.email, b.at, b.reason from hard_bounces b join signups s on s.id = b.signup_id order by b.at desc limit $1",
          [limit],
        ),
      ])
      const counter = (name: string) => count(counters.find((row) => row.name === name)?.value)
      const byDay = new Map(perDay.map((row) => [row.day, row]))
      const attribution = (rows: Awaited<ReturnType<typeof attributions>>): AttributionCount[] =>
        rows.map((row) => ({ name: row.name, signups: count(row.signups), confirmed: count(row.confirmed) }))
      const confirmed = count(totals?.confirmed)
      return {
        confirmed,
        pending: Math.max(0, count(totals?.signups) - confirmed),
        invited: counter("invited"),
        redeemed: counter("redeemed"),
        left: counter("left"),
        botCheck: botCheckCounts(counter),
        perDay: dayList.map((day) => ({ day, signups: count(byDay.get(day)?.signups), confirmations: count(byDay.get(day)?.confirmations) })),
        sources: attribution(sources),
        campaigns: attribution(campaigns),
        referrers: attribution(referrers),
        topReferrers: topReferrers.map((row) => ({ email: row.email, referralCode: row.referral_code, referrals: count(row.referrals) })),
        hardBounces: { total: count(bounced?.n), rows: bounceRows.map((row) => ({ email: row.email, at: row.at, reason: row.reason })) },
        heldReferrals: {
          total: count(held?.n),
          rows: heldRows.map((row): HeldReferral => ({
            id: Number(row.id),
            email: row.email,
            confirmed: row.status === "confirmed",
            referrerEmail: row.referrer_email,
            referralCode: row.referral_code,
            reason: row.referral_held,
            at: iso(row.received_at),
          })),
        },
        audit: audit.map((row): AuditEntry => ({ at: row.at, actor: row.actor, action: row.action, count: count(row.count), detail: row.detail })),
        outbox: { ...outbox, sentToday: count(sent?.n) },
        disabledWebhooks: webhooks.map((row) => ({ url: row.url, since: iso(row.disabled_at), reason: row.disabled_reason })),
      }
    },

    async ownerPerson(emailKey) {
      await ready()
      const standing = await standingWhere(db, "s.email_key = $1", [emailKey])
      if (!standing) return null
      const [held] = await db.query<{ n: number | string }>("select count(*) as n from signups where referred_by = $1 and referral_held is not null", [
        standing.signup.referralCode,
      ])
      const { id: _id, ...rest } = standing
      return { standing: rest, heldFriends: Number(held?.n ?? 0) }
    },

    // Every signup and resend is checked: their checks share a commit (group commit).
    checkChallenge: (check, now) => checkInGroup({ ...check, now }),

    reviewReferrals: (ids, decision, now, actor) =>
      transaction(async (tx) => {
        if (ids.length === 0) return 0
        const at = now.toISOString()
        const decided = await tx.query<{ id: number | string; status: SignupStatus; referred_by: string | null }>(
          decision === "release"
            ? `update signups set referral_held = null where id in (${parameters(ids.length)}) and referral_held is not null returning id, status, referred_by`
            : `update signups set referral_held = null, referred_by = null where id in (${parameters(ids.length)}) and referral_held is not null returning id, status, referred_by`,
          ids,
        )
        if (decision === "release") {
          for (const friend of decided) {
            if (friend.status !== "confirmed" || !friend.referred_by) continue
            await countReferral(tx, friend.referred_by, 1, at)
            const referrer = options.events ? await standingWhere(tx, "s.referral_code = $1", [friend.referred_by]) : null
            if (referrer) await recordEvents(tx, [referralEvent(referrer, referrer.referrals, friend.id, at)])
          }
        }
        if (decided.length > 0)
          await writeAudit(tx, { actor, action: decision === "release" ? "referrals released" : "referrals rejected", count: decided.length, detail: null }, at)
        return decided.length
      }),

    async forgetOldNetworks(now) {
      const forgotten = await transaction((tx) => forgetOldNetworks(tx, now.toISOString()))
      return forgotten.length
    },

    async recordAudit(entry, now) {
      await transaction((tx) => writeAudit(tx, entry, now.toISOString()))
    },
  }
}

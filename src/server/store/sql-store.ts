/**
 * The signup store: the list's rules written once, in SQL that SQLite and PostgreSQL both speak.
 *
 * Places stay fast at any list size. A confirmed signup's standing is its signup number less
 * `boost` per confirmed referral (lower goes first; on a tie, the earlier signup). Every signup
 * keeps its count of confirmed referrals, and `standing_buckets` counts the confirmed signups
 * per band of BUCKET_WIDTH standings, kept in step in the same transaction as every change. A
 * place is then the signups in the bands before mine plus those ahead of me in my band: a sum
 * over a few thousand small rows and a short index range, never a pass over the whole list. The
 * total is the sum of all bands, in the same statement, so place and total always agree.
 *
 * This file holds signups, places, referrals and leaving; the other jobs sit beside it and share
 * its context (store-context.ts): the outbox (outbox-store.ts), invitations (invitation-store.ts),
 * the owner's summary, review and audit (owner-store.ts), reward tiers (milestone-announcer.ts).
 */
import { insertRows, parameters, type SqlDatabase, type SqlExecutor } from "./database"
import { applyMigrations } from "./migrations"
import { suppressionKey } from "../keys/suppression-key"
import { keySuppressions } from "./suppressions"
import type { HoldReason } from "../../signup/owner-summary"
import { DEFAULT_REFERRAL_DAILY_CAP, forgetOldNetworks, reachedDailyCap, reviewBatch } from "./referral-review"
import { bumpCounters, eventSignupId, recordEvents, type ListEvent } from "./events"
import { TALLIED_COLUMNS, tallyConfirmations, tallySignups, type TalliedRow } from "./tallies"
import {
  statusTokenExpiry,
  type AddResult,
  type ConfirmResult,
  type ExportRow,
  type LeaveResult,
  type NewSignup,
  type Place,
  type SignupStatus,
  type SignupStore,
  type Standing,
  type TopReferrer,
} from "./store"
import { LEADERBOARD_MIN_REFERRALS } from "../../signup/rewards"
import { lineSql } from "./line-sql"
import { outboxStore, queueMessages } from "./outbox-store"
import { ownerStore } from "./owner-store"
import { retentionStore } from "./retention"
import { bounceStore } from "./bounce-store"
import { linkRequestStore, queueLinkAgain } from "./link-requests"
import { dropStore, forgetEntriesOf } from "./drop-store"
import { invitationStore } from "./invitation-store"
import { visitStore } from "./visit-store"
import { insertToken, milestoneAnnouncer } from "./milestone-announcer"
import type { SqlStoreOptions, StoreContext } from "./store-context"
import {
  columnsOf,
  confirmedEvent,
  iso,
  referralEvent,
  SIGNUP_COLUMNS,
  standingOf,
  toSignup,
  WRITTEN_SIGNUP_COLUMNS,
  writtenSignupValues,
  type PlaceColumns,
  type SignupRow,
} from "./signup-rows"

/** Standings per band: small enough to count inside one quickly, few enough bands to sum. */
export const BUCKET_WIDTH = 1000
/** Rows per page of an export. */
const EXPORT_PAGE = 5_000

export type { SqlStoreOptions } from "./store-context"

/** A signup waiting for its batch, and how to answer it. */
interface Waiting {
  signup: NewSignup
  settle(result: AddResult): void
  fail(error: unknown): void
}

export const createSqlStore = (db: SqlDatabase, options: SqlStoreOptions): SignupStore => {
  const width = options.bucketWidth ?? BUCKET_WIDTH
  const line = lineSql(options.boost, width, db.engine)
  // Part of the version: the index's shape, so a database built before it changed is rebuilt.
  const lineVersion = `${options.boost}/${width}/2`

  let pepper: string | null = null
  /** The pepper, read on first use. */
  const pepperNow = (): string => (pepper ??= typeof options.pepper === "function" ? options.pepper() : options.pepper)
  let opening: Promise<void> | null = null
  /** Migrates and readies the database on first use; a failure (database down) is tried again next time. */
  const ready = (): Promise<void> => {
    opening ??= (async () => {
      await db.transaction(async (tx) => {
        await applyMigrations(tx, db.engine)
        await keySuppressions(tx, db.engine, pepperNow(), options.rekeyErasureLog)
        const [current] = await tx.query<{ value: string }>("select value from store_settings where name = 'line'")
        if (current?.value !== lineVersion) {
          for (const text of line.lineIndex) await tx.query(text)
          await tx.query(
            current ? "update store_settings set value = $1 where name = 'line'" : "insert into store_settings (name, value) values ('line', $1)",
            [lineVersion],
          )
        }
      })
    })()
    opening.catch(() => {
      opening = null
    })
    return opening
  }
  const query = async <Result extends object>(text: string, values: readonly unknown[] = []): Promise<Result[]> => {
    await ready()
    return (await db.query(text, values)) as Result[]
  }
  const transaction = async <Result>(work: (tx: SqlExecutor) => Promise<Result>): Promise<Result> => {
    await ready()
    return db.transaction(work)
  }
  const context: StoreContext = { db, options, line, ready, query, transaction }
  const announceMilestones = milestoneAnnouncer(options)

  /**
   * Confirmed referrals gained (or lost, below zero): the referrer's count changes, and if it is
   * confirmed it moves bands; a gain may reach a reward tier. A loss never lowers the milestone.
   */
  const countReferral = async (tx: SqlExecutor, referralCode: string, referrals: number, at: string): Promise<void> => {
    await tx.query(line.removeFromBucket("s.referral_code = $1"), [referralCode])
    await tx.query("update signups set referrals = referrals + $2 where referral_code = $1", [referralCode, referrals])
    await tx.query(line.addToBuckets("s.referral_code = $1"), [referralCode])
    if (referrals > 0) await announceMilestones(tx, "referral_code = $1", referralCode, at)
  }

  /**
   * A confirmed friend's referral counts for its referrer, unless the referrer has had the day's
   * cap credited already: then it is held for the owner. Returns whether it counted.
   */
  const creditReferral = async (tx: SqlExecutor, friendId: number | string, referralCode: string, now: Date): Promise<boolean> => {
    const at = now.toISOString()
    if (await reachedDailyCap(tx, referralCode, at, options.referralDailyCap ?? DEFAULT_REFERRAL_DAILY_CAP, friendId)) {
      await tx.query("update signups set referral_held = 'daily_cap' where id = $1", [friendId])
      return false
    }
    await countReferral(tx, referralCode, 1, at)
    return true
  }

  /**
   * Erases one signup inside the caller's transaction. The row is claimed first (in PostgreSQL an
   * update locks it), so two requests to leave at once cannot both take it out of its band.
   */
  const eraseSignup = async (tx: SqlExecutor, id: number | string, now: Date): Promise<boolean> => {
    const [me] = await tx.query<
      { email: string; email_key: string; status: SignupStatus; referral_code: string; referred_by: string | null; referral_held: string | null } & TalliedRow
    >(
      `update signups set mail_waiting = mail_waiting where id = $1 returning email, email_key, status, referral_code, referred_by, referral_held, ${TALLIED_COLUMNS}`,
      [id],
    )
    if (!me) return false
    // The owner's counts lose the person too; only the number who left grows.
    await tallySignups(tx, [me], -1)
    await bumpCounters(tx, { left: 1 })
    if (me.status === "confirmed") {
      // The people behind move up; a referrer loses the referral (and moves bands).
      await tx.query(line.removeFromBucket("s.id = $1"), [id])
      if (me.referred_by && me.referral_held === null) await countReferral(tx, me.referred_by, -1, now.toISOString())
    }
    // Its unsubscribe links still answer "left"; the hashes say nothing of whose they were.
    await tx.query("insert into used_unsubscribe_tokens (hash, used_at) select hash, $2 from signup_tokens where signup_id = $1 and kind = 'unsubscribe'", [
      id,
      now.toISOString(),
    ])
    // Its referral code goes from the signups it brought, so nothing leads back to it.
    await tx.query("update signups set referred_by = null, referral_held = null where referred_by = $1", [me.referral_code])
    // Tokens, outbox messages and drop entries go with it (on delete cascade); open drops count one fewer.
    await forgetEntriesOf(tx, id)
    await tx.query("delete from signups where id = $1", [id])
    await suppress(tx, me.email_key, now)
    // Written after the delete, so it outlives the cascade: an id for receivers, the address for
    // the email provider alone (to remove them there too).
    if (options.events) {
      await recordEvents(tx, [
        { type: "signup.left", signupId: null, timestamp: now.toISOString(), data: { id: eventSignupId(id) }, contact: { email: me.email } },
      ])
    }
    return true
  }

  /** A signup's standing now, chosen by `where` over alias s, inside the caller's transaction. */
  const standingWhere = async (tx: SqlExecutor, where: string, values: readonly unknown[]): Promise<(Standing & { id: number | string }) | null> => {
    const [row] = await tx.query<SignupRow & PlaceColumns>(line.standing("signups s", where), values)
    return row ? { ...standingOf(row), id: row.id } : null
  }

  /** The events of signups just added: each is created; a confirmed one is confirmed and counts for its referrer. */
  const additionEvents = async (
    tx: SqlExecutor,
    inserted: readonly SignupRow[],
    answers: Map<string, AddResult>,
    holds: ReadonlyMap<string, HoldReason>,
  ): Promise<ListEvent[]> => {
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

  const suppress = async (tx: SqlExecutor, emailKey: string, now: Date) => {
    const key = suppressionKey(pepperNow(), emailKey)
    await tx.query("insert into signup_suppressions (key_hash, created_at) values ($1, $2) on conflict (key_hash) do nothing", [key, now.toISOString()])
    await options.recordErasure?.({ at: now.toISOString(), key, kind: "left" })
  }

  /**
   * Adds signups of different email keys in one transaction: one commit for all. Answers each
   * with what the database holds: the new row, or the one already there for its address.
   */
  const insertBatch = async (signups: NewSignup[]): Promise<Map<string, AddResult>> =>
    transaction(async (tx) => {
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
                others.map((signup) => suppressionKey(pepperNow(), signup.emailKey)),
              )
            ).map((row) => row.key_hash),
      )
      const fresh = newcomers.filter((signup) => mayWaitWhileSuppressed(signup) || !suppressed.has(suppressionKey(pepperNow(), signup.emailKey)))
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

  /**
   * Signups are stored in batches (group commit): those that arrive in one turn of the event loop,
   * or while the batch before them commits, go in one transaction, one durable commit, so batches
   * never queue for each other's locks. Repeats of an address in a batch are told it is taken; if
   * the batch fails, each signup is tried alone, so one refused signup fails only itself.
   */
  let waiting: Waiting[] = []
  let writing = false
  /** One batch at a time (group commit): what arrives while one commits goes in the next. */
  const writeBatches = async (): Promise<void> => {
    writing = true
    try {
      while (waiting.length > 0) {
        const batch = waiting
        waiting = []
        await runBatch(batch).catch((error: unknown) => batch.forEach((entry) => entry.fail(error)))
      }
    } finally {
      writing = false
    }
  }
  const insertAlone = ({ signup, settle, fail }: Waiting): Promise<void> =>
    insertBatch([signup]).then((answers) => {
      const answer = answers.get(signup.emailKey)
      if (answer) settle(answer)
      else fail(new Error("the signup was neither added nor found"))
    }, fail)
  const runBatch = async (batch: Waiting[]): Promise<void> => {
    const firstOfKey = new Map<string, Waiting>()
    for (const entry of batch) if (!firstOfKey.has(entry.signup.emailKey)) firstOfKey.set(entry.signup.emailKey, entry)
    let answers: Map<string, AddResult>
    try {
      answers = await insertBatch([...firstOfKey.values()].map(({ signup }) => signup))
    } catch (error) {
      if (firstOfKey.size === 1) {
        for (const entry of batch) entry.fail(error)
        return
      }
      await Promise.all([...firstOfKey.values()].map(insertAlone))
      answers = new Map()
    }
    for (const entry of batch) {
      const answer = answers.get(entry.signup.emailKey)
      if (firstOfKey.get(entry.signup.emailKey) === entry) {
        if (answer) entry.settle(answer)
        continue
      }
      // A repeat within the batch: its address is taken by the first, whatever became of it.
      void Promise.resolve()
        .then(async () => answer ?? (await insertBatch([entry.signup])).get(entry.signup.emailKey))
        .then((result) => (result?.kind === "added" ? { kind: "duplicate" as const, signup: result.signup } : result))
        .then((result) => (result ? entry.settle(result) : entry.fail(new Error("the signup was neither added nor found"))), entry.fail)
    }
  }

  /** Whether a token of `kind` is known and past its time. */
  const tokenExpired = async (kind: "status" | "unsubscribe", tokenHash: string, now: Date): Promise<boolean> => {
    const [row] = await query<{ expires_at: Date | string | null }>("select expires_at from signup_tokens where hash = $1 and kind = $2", [tokenHash, kind])
    return row?.expires_at != null && Date.parse(iso(row.expires_at)) <= now.getTime()
  }

  const outbox = outboxStore(context, standingWhere)
  const owner = ownerStore(context, { outboxHealth: outbox.outboxHealth, countReferral, standingWhere })
  const invitations = invitationStore(context)

  return {
    ...outbox,
    ...owner,
    ...invitations,
    ...retentionStore(context),
    ...dropStore(context),
    ...bounceStore(context),
    ...visitStore(context),
    ...linkRequestStore(context),

    add: (signup) =>
      new Promise((settle, fail) => {
        waiting.push({ signup, settle, fail })
        if (!writing && waiting.length === 1) setImmediate(() => void writeBatches())
      }),

    async confirm(tokenHash, now): Promise<ConfirmResult> {
      return transaction(async (tx) => {
        // One statement claims the token, so two clicks cannot both use it.
        const [claimed] = await tx.query<{ signup_id: number | string }>(
          "update signup_tokens set used_at = $2 where hash = $1 and kind = 'confirm' and used_at is null and expires_at > $2 returning signup_id",
          [tokenHash, now.toISOString()],
        )
        if (!claimed) {
          const [known] = await tx.query("select 1 as known from signup_tokens where hash = $1 and kind = 'confirm'", [tokenHash])
          return known ? { kind: "expired" } : { kind: "unknown" }
        }
        const [changed] = await tx.query<{ referred_by: string | null; referral_held: string | null; email_key: string } & TalliedRow>(
          `update signups set status = 'confirmed', confirmed_at = $2 where id = $1 and status = 'pending' returning referred_by, referral_held, email_key, ${TALLIED_COLUMNS}`,
          [claimed.signup_id, now.toISOString()],
        )
        let credited = false
        if (changed) {
          // The address's owner confirmed: if it had left the list, it is back, on purpose.
          const lifted = await tx.query("delete from signup_suppressions where key_hash = $1 returning key_hash", [
            suppressionKey(pepperNow(), changed.email_key),
          ])
          if (lifted.length > 0) await options.recordErasure?.({ at: now.toISOString(), key: suppressionKey(pepperNow(), changed.email_key), kind: "back" })
          await tallyConfirmations(tx, [changed])
          await tx.query(line.addToBuckets("s.id = $1"), [claimed.signup_id])
          credited = changed.referred_by !== null && changed.referral_held === null && (await creditReferral(tx, claimed.signup_id, changed.referred_by, now))
          // Friends who confirmed while this signup was not yet confirmed may have reached a tier.
          await announceMilestones(tx, "id = $1", claimed.signup_id, now.toISOString())
        }
        const [row] = await tx.query<SignupRow & PlaceColumns>(line.standing("signups s", "s.id = $1"), [claimed.signup_id])
        const standing = row && standingOf(row)
        if (changed && standing && options.events) {
          const at = now.toISOString()
          const referrer = credited && changed.referred_by ? await standingWhere(tx, "s.referral_code = $1", [changed.referred_by]) : null
          await recordEvents(tx, [
            confirmedEvent(claimed.signup_id, standing, at),
            ...(referrer ? [referralEvent(referrer, referrer.referrals, claimed.signup_id, at)] : []),
          ])
        }
        return standing?.place ? { kind: "confirmed", signup: standing.signup, place: standing.place } : { kind: "unknown" }
      })
    },

    async addToken(emailKey, token) {
      await transaction(async (tx) => {
        const [signup] = await tx.query<{ id: number | string }>("select id from signups where email_key = $1", [emailKey])
        if (signup) await insertToken(tx, signup.id, token)
      })
    },

    async findSignup(emailKey) {
      const [row] = await query<SignupRow>(`select ${columnsOf("s")} from signups s where s.email_key = $1`, [emailKey])
      return row ? toSignup(row) : null
    },

    statusTokenExpired: (tokenHash, now) => tokenExpired("status", tokenHash, now),

    unsubscribeTokenExpired: (tokenHash, now) => tokenExpired("unsubscribe", tokenHash, now),

    async standingByStatusToken(tokenHash) {
      const [row] = await query<SignupRow & PlaceColumns>(
        line.standing("signup_tokens t join signups s on s.id = t.signup_id", "t.hash = $1 and t.kind = 'status'"),
        [tokenHash],
      )
      if (!row) return null
      // Friends held from the count for the owner's review: the referrer sees them as waiting, not as nothing.
      const [held] = await query<{ n: number | string }>("select count(*) as n from signups where referred_by = $1 and referral_held is not null", [
        row.referral_code,
      ])
      return { ...standingOf(row), waiting: Number(held?.n ?? 0) }
    },

    async topReferrers(limit) {
      // The literal minimum (not a parameter) lets both engines prove the partial index applies.
      const rows = await query<{ id: number | string; email: string; referrals: number | string }>(
        `select id, email, referrals from signups where status = 'confirmed' and referrals >= ${LEADERBOARD_MIN_REFERRALS}
         order by referrals desc, id limit $1`,
        [limit],
      )
      return rows.map((row): TopReferrer => ({ sequence: Number(row.id), email: row.email, referrals: Number(row.referrals) }))
    },

    async erase(who, now): Promise<LeaveResult> {
      if (!("emailKey" in who)) {
        // A read first: a token nobody holds (a guess, a scanner) never opens a write transaction.
        const [row] = await query("select 1 as known from signup_tokens where hash = $1 and kind = $2", [who.hash, who.token])
        if (!row) {
          if (who.token !== "unsubscribe") return { kind: "unknown" }
          const [used] = await query("select 1 as used from used_unsubscribe_tokens where hash = $1", [who.hash])
          return { kind: used ? "alreadyLeft" : "unknown" }
        }
      }
      const result = await transaction(async (tx): Promise<LeaveResult> => {
        if ("emailKey" in who) {
          const [row] = await tx.query<{ id: number | string }>("select id from signups where email_key = $1", [who.emailKey])
          const erased = row ? await eraseSignup(tx, row.id, now) : false
          // Asked by address: suppressed even when no one had it, so an import cannot add it later.
          if (!erased) await suppress(tx, who.emailKey, now)
          return { kind: erased ? "erased" : "unknown" }
        }
        const [row] = await tx.query<{ signup_id: number | string }>("select signup_id from signup_tokens where hash = $1 and kind = $2", [who.hash, who.token])
        if (row && (await eraseSignup(tx, row.signup_id, now))) return { kind: "erased" }
        if (who.token !== "unsubscribe") return { kind: "unknown" }
        const [used] = await tx.query("select 1 as used from used_unsubscribe_tokens where hash = $1", [who.hash])
        return { kind: used ? "alreadyLeft" : "unknown" }
      })
      // Off the request path: the answer never waits for a reader of the database's files.
      if (result.kind === "erased") db.purgeDeleted()
      return result
    },

    async *exportRows(): AsyncIterable<ExportRow> {
      await ready()
      for await (const page of db.stream<SignupRow & PlaceColumns & { drops: string | null }>(line.exportAll, [], EXPORT_PAGE)) {
        for (const row of page) yield { ...standingOf(row), referredBy: row.referred_by, drops: row.drops ?? "" }
      }
    },

    purged: () => db.purged(),

    async ping() {
      await query("select 1 as ok")
    },

    close: () => db.close(),
  }
}

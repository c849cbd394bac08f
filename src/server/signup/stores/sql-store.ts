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
 */
import { insertRows, parameters, type Engine, type SqlDatabase, type SqlExecutor } from "./database"
import { applyMigrations } from "./migrations"
import { randomUUID } from "node:crypto"
import type { AttributionCount, OutboxHealth, OwnerSummary } from "../../../signup/owner-summary"
import { newlyReached } from "../../../signup/rewards"
import type { ProviderContact } from "../../providers/provider"
import { hashToken, newSecretToken } from "../waitlist/codes"
import { suppressionKey } from "../waitlist/email-key"
import { BOT_CHECK_COUNTERS, botCheckCounts, recordChallenge } from "./challenges"
import type { AuditEntry, HeldReferral, HoldReason } from "../../../signup/owner-summary"
import {
  DEFAULT_REFERRAL_DAILY_CAP,
  forgetOldNetworks,
  networkFingerprint,
  networkSalt,
  reachedDailyCap,
  referralSignal,
  type ReferredSignup,
} from "./referral-review"
import { bumpCounters, eventSignupId, recordEvents, type EventPayload, type ListEvent } from "./events"
import { TALLIED_COLUMNS, tallyConfirmations, tallySignups, utcDay, type TalliedRow } from "./tallies"
import {
  statusTokenExpiry,
  THROTTLED_KINDS,
  type AddResult,
  type ConfirmResult,
  type ExportRow,
  type InvitationState,
  type Invitee,
  type InviteTarget,
  type LeaveResult,
  type MessageKind,
  type Milestone,
  type MilestonePayload,
  type NewSignup,
  type NewToken,
  type OutboxEntry,
  type OutboxKind,
  type Place,
  type QueuedMessage,
  type RedeemResult,
  type Signup,
  type SignupStatus,
  type SignupStore,
  type Standing,
  type TopReferrer,
  type WebhookEndpointState,
} from "./store"
import { LEADERBOARD_MIN_REFERRALS } from "./store"

/** Standings per band: small enough to count inside one quickly, few enough bands to sum. */
export const BUCKET_WIDTH = 1000
const DAY_MS = 24 * 60 * 60 * 1000
/** Rows per page of an export. */
const EXPORT_PAGE = 5_000

export interface SqlStoreOptions {
  /** Places a signup moves up per confirmed referral: part of the index, so fixed per store. */
  boost: number
  /** Standings per band; BUCKET_WIDTH unless a test wants many bands from a short list. */
  bucketWidth?: number
  /**
   * Runs once, in the opening transaction, after the migrations (the embedded store's import of
   * an older file); what it returns runs once that transaction has committed.
   */
  onOpen?(tx: SqlExecutor): Promise<(() => Promise<void>) | undefined>
  /**
   * The reward tiers (content/rewards.json), by increasing `referrals`. When a confirmed referral
   * brings a confirmed signup to or past a tier it was not told of, the same transaction raises
   * its `milestone` (so no tier is announced twice, even after a friend leaves and another comes)
   * and announces it. None: no milestones.
   */
  milestones?: readonly Milestone[]
  /** Announce a reached tier by email (only where mail goes out: SMTP_URL set). */
  milestoneEmails?: boolean
  /**
   * Records list events (signup.created, signup.confirmed, milestone.reached, ...) in the outbox
   * with the change that causes them; off by default, so a list with no webhook or email provider
   * writes nothing more on its busy path.
   */
  events?: boolean
  /** Credited referrals per referrer per day; the rest are held for the owner (DEFAULT_REFERRAL_DAILY_CAP). */
  referralDailyCap?: number
}

const SIGNUP_COLUMNS = [
  "id",
  "email",
  "email_key",
  "source",
  "signed_up_at",
  "received_at",
  "status",
  "confirmed_at",
  "referral_code",
  "referred_by",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "referrer_host",
  "last_mail_at",
  "referrals",
  "consent",
  "consented_at",
  "milestone",
] as const

const columnsOf = (alias: string): string => SIGNUP_COLUMNS.map((column) => `${alias}.${column}`).join(", ")

/** A row as either engine returns it: PostgreSQL gives Dates and bigints as strings, SQLite text and numbers. */
interface SignupRow {
  id: number | string
  email: string
  email_key: string
  source: string
  signed_up_at: Date | string
  received_at: Date | string
  status: SignupStatus
  confirmed_at: Date | string | null
  referral_code: string
  referred_by: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  referrer_host: string | null
  last_mail_at: Date | string | null
  referrals: number | string
  consent: string | null
  consented_at: Date | string | null
  milestone: number | string
}

interface PlaceColumns {
  position: number | string | null
  total: number | string | null
  /** From the signup's invitation, if it has one. */
  invited_at: Date | string | null
  redeemed_at: Date | string | null
}

const iso = (value: Date | string): string => (value instanceof Date ? value.toISOString() : value)
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value))

/** Attribution as stored: null when nothing is known. */
const attributionOf = (fields: { source?: string | null; medium?: string | null; campaign?: string | null; referrer?: string | null }): Signup["attribution"] => {
  const known = Object.fromEntries(Object.entries(fields).filter(([, value]) => value))
  return Object.keys(known).length > 0 ? known : null
}

const toSignup = (row: SignupRow): Signup => ({
  // Signup numbers keep signup order; a refused insert may leave a gap in them.
  sequence: Number(row.id),
  email: row.email,
  emailKey: row.email_key,
  source: row.source,
  timestamp: iso(row.signed_up_at),
  receivedAt: iso(row.received_at),
  status: row.status,
  confirmedAt: isoOrNull(row.confirmed_at),
  referralCode: row.referral_code,
  referredBy: row.referred_by,
  attribution: attributionOf({ source: row.utm_source, medium: row.utm_medium, campaign: row.utm_campaign, referrer: row.referrer_host }),
  lastMailAt: isoOrNull(row.last_mail_at),
  consent: row.consent,
  consentedAt: isoOrNull(row.consented_at),
})

/** A stored time in ISO 8601, or null. */
const isoOf = (value: Date | string | null | undefined): string | null => (value == null ? null : new Date(value).toISOString())

/** A confirmed signup as the owner's email provider keeps it. */
const contactOf = ({ signup, place, referrals }: Standing): ProviderContact => ({
  email: signup.email,
  position: place?.position ?? null,
  referrals,
  referralCode: signup.referralCode,
  source: signup.attribution?.source ?? null,
  medium: signup.attribution?.medium ?? null,
  campaign: signup.attribution?.campaign ?? null,
  referrer: signup.attribution?.referrer ?? null,
  signedUpAt: signup.receivedAt,
})

/** `signup.confirmed`: the person and where they stand now. */
const confirmedEvent = (id: number | string, standing: Standing, timestamp: string): ListEvent => ({
  type: "signup.confirmed",
  signupId: id,
  timestamp,
  data: {
    id: eventSignupId(id),
    email: standing.signup.email,
    position: standing.place?.position ?? null,
    total: standing.total,
    referrals: standing.referrals,
    referralCode: standing.signup.referralCode,
    attribution: standing.signup.attribution,
  },
})

/** `referral.confirmed`: about the referrer (their new count and place), naming the signup that counted. */
const referralEvent = (referrer: Standing & { id: number | string }, referrals: number, referredId: number | string, timestamp: string): ListEvent => ({
  type: "referral.confirmed",
  signupId: referrer.id,
  timestamp,
  data: {
    id: eventSignupId(referrer.id),
    email: referrer.signup.email,
    referrals,
    position: referrer.place?.position ?? null,
    referredId: eventSignupId(referredId),
  },
})

const standingOf = (row: SignupRow & PlaceColumns): Standing => {
  const total = Number(row.total ?? 0)
  return {
    signup: toSignup(row),
    place: row.position === null ? null : { position: Number(row.position), total },
    total,
    referrals: Number(row.referrals),
    invitation: row.invited_at === null ? null : { sentAt: iso(row.invited_at), redeemedAt: isoOrNull(row.redeemed_at) },
    milestone: Number(row.milestone),
  }
}

/** The list's rules as SQL, for one boost. */
const lineSql = (boost: number, width: number, engine: Engine) => {
  if (!Number.isSafeInteger(boost) || boost < 0) throw new Error(`the referral boost must be a whole number, not ${boost}`)
  if (!Number.isSafeInteger(width) || width < 1) throw new Error(`the band width must be a positive whole number, not ${width}`)
  /** The ranking rule, in the one form the index `signups_line` is built on. */
  const standing = (alias: string) => `(${alias}.id - ${boost} * ${alias}.referrals)`
  /** The band of a standing: integer division rounding down, also below zero. */
  const bucket = (alias: string) => `(case when ${standing(alias)} >= 0 then ${standing(alias)} / ${width} else (${standing(alias)} + 1) / ${width} - 1 end)`
  const total = "(select coalesce(sum(confirmed), 0) from standing_buckets)"
  return {
    /** The index the in-band count walks; built with the boost, so a new boost rebuilds it. */
    lineIndex: [
      "drop index if exists signups_line",
      // PostgreSQL answers the in-band count from the index alone when it also holds `referrals`.
      `create index signups_line on signups ((id - ${boost} * referrals), id)${engine === "postgres" ? " include (referrals)" : ""} where status = 'confirmed'`,
      "delete from standing_buckets",
      `insert into standing_buckets (bucket, confirmed) select ${bucket("s")}, count(*) from signups s where s.status = 'confirmed' group by ${bucket("s")}`,
    ],
    /** Counts the confirmed signups chosen by `where` (over alias s) into their bands. */
    addToBuckets: (where: string) =>
      `insert into standing_buckets (bucket, confirmed)
       select ${bucket("s")}, count(*) from signups s where s.status = 'confirmed' and ${where} group by ${bucket("s")}
       on conflict (bucket) do update set confirmed = standing_buckets.confirmed + excluded.confirmed`,
    /** Takes the confirmed signup chosen by `where` (over alias s) out of its band. */
    removeFromBucket: (where: string) =>
      `update standing_buckets set confirmed = confirmed - 1
       where bucket = (select ${bucket("s")} from signups s where s.status = 'confirmed' and ${where})`,
    total,
    /** A signup's row with its place and the total, in one statement (one snapshot). */
    standing: (from: string, where: string) => `
      with me as (
        select ${columnsOf("s")}, ${standing("s")} as standing, ${bucket("s")} as bucket, i.sent_at as invited_at, i.redeemed_at as redeemed_at
        from ${from} left join invitations i on i.signup_id = s.id where ${where}
      ),
      bands as (
        select coalesce(sum(confirmed), 0) as total, coalesce(sum(case when bucket < (select bucket from me) then confirmed else 0 end), 0) as ahead
        from standing_buckets
      )
      select me.*, bands.total as total,
        case when me.status = 'confirmed' then 1
          + bands.ahead
          + (select count(*) from signups o
             where o.status = 'confirmed' and ${standing("o")} >= me.bucket * ${width} and ${standing("o")} <= me.standing
               and (${standing("o")} < me.standing or o.id < me.id))
        end as position
      from me, bands`,
    /** Every signup in order with its place: for the owner's export, not the busy path. */
    exportAll: `
      select ${columnsOf("s")},
        case when s.status = 'confirmed' then row_number() over (partition by s.status order by ${standing("s")}, s.id) end as position,
        sum(case when s.status = 'confirmed' then 1 else 0 end) over () as total,
        i.sent_at as invited_at, i.redeemed_at as redeemed_at
      from signups s left join invitations i on i.signup_id = s.id order by s.id`,
    /**
     * The confirmed signups a wave reaches that have no invitation yet, lowest place first, along
     * the `signups_line` index. With `lock` on PostgreSQL, their rows stay locked until the wave
     * commits and rows another wave holds are passed over, so two waves at once take different
     * people (SQLite runs one write transaction at a time anyway).
     */
    inviteCandidates: (target: InviteTarget, lock: boolean): { text: string; values: unknown[] } => {
      const who = "next" in target ? "true" : "s.email_key = $2"
      return {
        text: `select s.id, s.email, ${standing("s")} as standing from signups s
          where s.status = 'confirmed' and ${who} and not exists (select 1 from invitations i where i.signup_id = s.id)
          order by ${standing("s")}, s.id limit $1${lock && engine === "postgres" ? " for update of s skip locked" : ""}`,
        values: "next" in target ? [target.next] : [1, target.emailKey],
      }
    },
    /** Every confirmed signup whose standing is between two, in line order: the places between two invitees. */
    lineBetween: `select s.id from signups s where s.status = 'confirmed' and ${standing("s")} >= $1 and ${standing("s")} <= $2 order by ${standing("s")}, s.id`,
  }
}

/** A stored payload as text fields: strings as they are, anything structured as JSON text. */
const textFields = (payload: string | null): Record<string, string> =>
  Object.fromEntries(Object.entries(JSON.parse(payload ?? "{}") as Record<string, unknown>).map(([name, value]) => [name, typeof value === "string" ? value : JSON.stringify(value)]))

interface EndpointRow {
  url: string
  failing_since: Date | string | null
  disabled_at: Date | string | null
  disabled_reason: string | null
}

const endpointOf = (row: EndpointRow): WebhookEndpointState => ({
  url: row.url,
  failingSince: isoOf(row.failing_since),
  disabledAt: isoOf(row.disabled_at),
  disabledReason: row.disabled_reason,
})

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

  let opening: Promise<void> | null = null
  /** Migrates and readies the database on first use; a failure (database down) is tried again next time. */
  const ready = (): Promise<void> => {
    opening ??= (async () => {
      const afterCommit = await db.transaction(async (tx) => {
        await applyMigrations(tx, db.engine)
        const then = await options.onOpen?.(tx)
        const [current] = await tx.query<{ value: string }>("select value from store_settings where name = 'line'")
        if (current?.value !== lineVersion) {
          for (const text of line.lineIndex) await tx.query(text)
          await tx.query(
            current ? "update store_settings set value = $1 where name = 'line'" : "insert into store_settings (name, value) values ('line', $1)",
            [lineVersion],
          )
        }
        return then
      })
      await afterCommit?.()
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

  const insertToken = (tx: SqlExecutor, signupId: number | string, token: NewToken | { kind: "unsubscribe"; hash: string }) =>
    insertRows(tx, "signup_tokens", ["hash", "signup_id", "kind", "expires_at"], [[token.hash, signupId, token.kind, token.kind === "unsubscribe" ? null : token.expiresAt]])

  /** Writes messages to the outbox, due at once; the sender delivers them. */
  const queueMessages = async (tx: SqlExecutor, messages: ReadonlyArray<{ signupId: number | string; message: QueuedMessage; at: string }>): Promise<void> => {
    await insertRows(
      tx,
      "outbox",
      ["message_id", "kind", "signup_id", "payload", "created_at", "next_attempt_at"],
      messages.map(({ signupId, message, at }) => [randomUUID(), message.kind, signupId, JSON.stringify(message.payload), at, at]),
    )
  }

  const milestones = [...(options.milestones ?? [])].sort((a, b) => a.referrals - b.referrals)

  /**
   * Announces the reward tiers a confirmed signup has newly reached, inside the caller's
   * transaction: its `milestone` goes up to the highest (so none is announced twice), one email
   * names that one (with a new status link, and an unsubscribe link like every email), and each
   * tier is a `milestone.reached` event.
   */
  const announceMilestones = async (tx: SqlExecutor, where: string, value: string | number, at: string): Promise<void> => {
    if (milestones.length === 0) return
    const [me] = await tx.query<{ id: number | string; email: string; referrals: number | string; milestone: number | string }>(
      `select id, email, referrals, milestone from signups where ${where} and status = 'confirmed'`,
      [value],
    )
    if (!me) return
    const referrals = Number(me.referrals)
    const reached = newlyReached(milestones, referrals, Number(me.milestone))
    const highest = reached.at(-1)
    if (!highest) return
    await tx.query("update signups set milestone = $2 where id = $1", [me.id, highest.referrals])
    if (options.milestoneEmails) {
      const statusToken = newSecretToken()
      const unsubscribeToken = newSecretToken()
      await insertToken(tx, me.id, { kind: "status", hash: hashToken(statusToken), expiresAt: statusTokenExpiry(at) })
      await insertToken(tx, me.id, { kind: "unsubscribe", hash: hashToken(unsubscribeToken) })
      const payload: MilestonePayload = { to: me.email, referrals: String(highest.referrals), reward: highest.reward, statusToken, unsubscribeToken }
      await queueMessages(tx, [{ signupId: me.id, message: { kind: "milestone", payload, unsubscribeTokenHash: hashToken(unsubscribeToken) }, at }])
    }
    if (options.events) {
      await recordEvents(
        tx,
        reached.map((tier) => ({
          type: "milestone.reached" as const,
          signupId: me.id,
          timestamp: at,
          data: { id: eventSignupId(me.id), email: me.email, referrals, tier: { referrals: tier.referrals, reward: tier.reward } },
        })),
      )
    }
  }

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
    const [me] = await tx.query<{ email: string; email_key: string; status: SignupStatus; referral_code: string; referred_by: string | null; referral_held: string | null } & TalliedRow>(
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
    // Tokens and outbox messages go with it (on delete cascade).
    await tx.query("delete from signups where id = $1", [id])
    await suppress(tx, me.email_key, now)
    // Written after the delete, so it outlives the cascade: an id for receivers, the address for
    // the email provider alone (to remove them there too).
    if (options.events) {
      await recordEvents(tx, [{ type: "signup.left", signupId: null, timestamp: now.toISOString(), data: { id: eventSignupId(id) }, contact: { email: me.email } }])
    }
    return true
  }

  /** A signup's standing now, chosen by `where` over alias s, inside the caller's transaction. */
  const standingWhere = async (tx: SqlExecutor, where: string, values: readonly unknown[]): Promise<(Standing & { id: number | string }) | null> => {
    const [row] = await tx.query<SignupRow & PlaceColumns>(line.standing("signups s", where), values)
    return row ? { ...standingOf(row), id: row.id } : null
  }

  /** The events of signups just added: each is created; a confirmed one is confirmed and counts for its referrer. */
  const additionEvents = async (tx: SqlExecutor, inserted: readonly SignupRow[], answers: Map<string, AddResult>, holds: ReadonlyMap<string, HoldReason>): Promise<ListEvent[]> => {
    const events: ListEvent[] = []
    /** Referrals counted in this batch per referrer code, to tell each event its own count. */
    const counted = new Map<string, number>()
    for (const row of inserted) {
      const signup = toSignup(row)
      events.push({
        type: "signup.created",
        signupId: row.id,
        timestamp: signup.receivedAt,
        data: { id: eventSignupId(row.id), email: signup.email, status: signup.status, source: signup.source, attribution: signup.attribution, createdAt: signup.receivedAt },
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
   * Whom a wave reaches, with each one's place: the first's from the bands (one statement), the
   * others' by counting the confirmed signups between them (people invited before, or held by
   * another wave, stand among them).
   */
  const pickInvitees = async (tx: SqlExecutor, target: InviteTarget, lock: boolean): Promise<Invitee[]> => {
    if ("next" in target && target.next < 1) return []
    const pick = line.inviteCandidates(target, lock)
    const candidates = await tx.query<{ id: number | string; email: string; standing: number | string }>(pick.text, pick.values)
    if (candidates.length === 0) return []
    const [first] = await tx.query<SignupRow & PlaceColumns>(line.standing("signups s", "s.id = $1"), [candidates[0].id])
    const firstPosition = Number(first.position)
    const between =
      candidates.length === 1
        ? [Number(candidates[0].id)]
        : (await tx.query<{ id: number | string }>(line.lineBetween, [candidates[0].standing, candidates[candidates.length - 1].standing])).map((row) => Number(row.id))
    const index = new Map(between.map((id, at) => [id, at]))
    const firstIndex = index.get(Number(candidates[0].id)) ?? 0
    return candidates.map((row) => ({
      signupId: Number(row.id),
      email: row.email,
      position: firstPosition + (index.get(Number(row.id)) ?? firstIndex) - firstIndex,
    }))
  }

  const writeAudit = (tx: SqlExecutor, entry: Omit<AuditEntry, "at">, at: string) =>
    tx.query("insert into owner_audit (at, actor, action, count, detail) values ($1, $2, $3, $4, $5)", [at, entry.actor, entry.action, entry.count, entry.detail])

  const suppress = (tx: SqlExecutor, emailKey: string, now: Date) =>
    tx.query("insert into signup_suppressions (key_hash, created_at) values ($1, $2) on conflict (key_hash) do nothing", [suppressionKey(emailKey), now.toISOString()])

  const outboxHealth = async (): Promise<OutboxHealth> => {
    const [counts] = await query<{ waiting: number | string | null; failed: number | string | null }>(
      `select sum(case when failed_at is null then 1 else 0 end) as waiting, sum(case when failed_at is not null then 1 else 0 end) as failed
       from outbox where delivered_at is null`,
    )
    const [last] = await query<{ last_error: string }>("select last_error from outbox where last_error is not null and delivered_at is null order by id desc limit 1")
    return { waiting: Number(counts?.waiting ?? 0), failed: Number(counts?.failed ?? 0), lastError: last?.last_error ?? null }
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
                others.map((signup) => suppressionKey(signup.emailKey)),
              )
            ).map((row) => row.key_hash),
      )
      const fresh = newcomers.filter((signup) => mayWaitWhileSuppressed(signup) || !suppressed.has(suppressionKey(signup.emailKey)))
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
      const salt = fresh.some((signup) => signup.network) ? await networkSalt(tx) : null
      const fingerprintOf = (signup: NewSignup): string | null => (salt && signup.network ? networkFingerprint(salt, signup.network) : null)
      const holds = new Map<string, HoldReason>()
      const batchSoFar: ReferredSignup[] = []
      for (const signup of fresh) {
        const referredBy = signup.referredBy && known.has(signup.referredBy) ? signup.referredBy : null
        const seen: ReferredSignup = { referredBy, fingerprint: fingerprintOf(signup), receivedAt: signup.receivedAt }
        const reason = referredBy ? (signup.referralHold ?? (await referralSignal(tx, { ...seen, referredBy }, batchSoFar))) : null
        if (reason) holds.set(signup.emailKey, reason)
        batchSoFar.push(seen)
      }
      await forgetOldNetworks(tx, fresh[fresh.length - 1].receivedAt)

      const inserted = await insertRows<SignupRow>(
        tx,
        "signups",
        [
          "email",
          "email_key",
          "source",
          "signed_up_at",
          "received_at",
          "status",
          "confirmed_at",
          "referral_code",
          "referred_by",
          "utm_source",
          "utm_medium",
          "utm_campaign",
          "referrer_host",
          "mail_waiting",
          "consent",
          "consented_at",
          "network",
          "referral_held",
        ],
        fresh.map((signup) => [
          signup.email,
          signup.emailKey,
          signup.source,
          signup.timestamp,
          signup.receivedAt,
          signup.status,
          signup.status === "confirmed" ? signup.receivedAt : null,
          signup.referralCode,
          signup.referredBy && known.has(signup.referredBy) ? signup.referredBy : null,
          signup.attribution?.source ?? null,
          signup.attribution?.medium ?? null,
          signup.attribution?.campaign ?? null,
          signup.attribution?.referrer ?? null,
          signup.mail ? 1 : 0,
          signup.consent,
          signup.consent ? signup.receivedAt : null,
          fingerprintOf(signup),
          holds.get(signup.emailKey) ?? null,
        ]),
        `on conflict (email_key) do nothing returning ${SIGNUP_COLUMNS.join(", ")}`,
      )
      inserted.sort((a, b) => Number(a.id) - Number(b.id))
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
        await tx.query(line.addToBuckets(`s.id in (${parameters(confirmed.length)})`), confirmed.map((row) => row.id))
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

  return {
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
          await tx.query("delete from signup_suppressions where key_hash = $1", [suppressionKey(changed.email_key)])
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
          await recordEvents(tx, [confirmedEvent(claimed.signup_id, standing, at), ...(referrer ? [referralEvent(referrer, referrer.referrals, claimed.signup_id, at)] : [])])
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

    async statusTokenExpired(tokenHash, now) {
      const [row] = await query<{ expires_at: Date | string | null }>("select expires_at from signup_tokens where hash = $1 and kind = 'status'", [tokenHash])
      return row?.expires_at != null && Date.parse(iso(row.expires_at)) <= now.getTime()
    },

    async standingByStatusToken(tokenHash) {
      const [row] = await query<SignupRow & PlaceColumns>(
        line.standing("signup_tokens t join signups s on s.id = t.signup_id", "t.hash = $1 and t.kind = 'status'"),
        [tokenHash],
      )
      return row ? standingOf(row) : null
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

    queueMail: (emailKey, token, message, now, minIntervalMs) =>
      transaction(async (tx) => {
        // Every request is counted, for an address on the list or not, throttled or not: the same
        // write, so the time an answer takes says nothing about who is on the list.
        await bumpCounters(tx, { link_requests: 1 })
        // The throttle: one statement claims the signup, so two requests cannot both queue mail.
        const [claimed] = await tx.query<{ id: number | string }>(
          `update signups set mail_waiting = 1
           where email_key = $1 and mail_waiting = 0 and (last_mail_at is null or last_mail_at <= $2) returning id`,
          [emailKey, new Date(now.getTime() - minIntervalMs).toISOString()],
        )
        if (!claimed) return false
        await insertToken(tx, claimed.id, token)
        await insertToken(tx, claimed.id, { kind: "unsubscribe", hash: message.unsubscribeTokenHash })
        await queueMessages(tx, [{ signupId: claimed.id, message, at: now.toISOString() }])
        return true
      }),

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
      if (result.kind === "erased") await db.purgeDeleted()
      return result
    },

    async claimDueMessages(now, limit, leaseUntil, kinds) {
      if (kinds?.length === 0) return []
      const ofKinds = kinds ? ` and kind in (${parameters(kinds.length, 4)})` : ""
      const rows = await query<{ id: number | string; message_id: string; kind: OutboxKind; payload: string | null; attempts: number | string }>(
        `update outbox set next_attempt_at = $3, attempts = attempts + 1
         where id in (
           select id from outbox where delivered_at is null and failed_at is null and next_attempt_at <= $1${ofKinds} order by next_attempt_at, id limit $2
         ) and next_attempt_at <= $1
         returning id, message_id, kind, payload, attempts`,
        [now.toISOString(), limit, leaseUntil.toISOString(), ...(kinds ?? [])],
      )
      return rows
        .map((row): OutboxEntry => ({ id: Number(row.id), messageId: row.message_id, kind: row.kind, payload: textFields(row.payload), attempts: Number(row.attempts) }))
        .sort((a, b) => a.id - b.id)
    },

    markDelivered: (id, now) =>
      transaction(async (tx) => {
        const [message] = await tx.query<{ signup_id: number | string | null; kind: MessageKind }>(
          "update outbox set delivered_at = $2, payload = null, last_error = null where id = $1 and delivered_at is null returning signup_id, kind",
          [id, now.toISOString()],
        )
        // Only a link someone asked for counts towards (and releases) the resend throttle.
        if (message?.signup_id != null && THROTTLED_KINDS.has(message.kind)) {
          await tx.query("update signups set last_mail_at = $2, mail_waiting = 0 where id = $1", [message.signup_id, now.toISOString()])
        }
      }),

    markAttemptFailed: (id, now, error, retryAt) =>
      transaction(async (tx) => {
        const reason = error.slice(0, 500)
        if (retryAt) {
          await tx.query("update outbox set last_error = $2, next_attempt_at = $3 where id = $1 and delivered_at is null", [id, reason, retryAt.toISOString()])
          return
        }
        // Given up: the payload (an address, a link) is not kept; the signup may ask for mail again.
        const [message] = await tx.query<{ signup_id: number | string | null; kind: MessageKind }>(
          "update outbox set last_error = $2, failed_at = $3, payload = null where id = $1 and delivered_at is null returning signup_id, kind",
          [id, reason, now.toISOString()],
        )
        if (message?.signup_id != null && THROTTLED_KINDS.has(message.kind)) await tx.query("update signups set mail_waiting = 0 where id = $1", [message.signup_id])
      }),

    fanOutEvent: (id, now, fanOut) =>
      transaction(async (tx) => {
        const at = now.toISOString()
        // Claimed by marking it done first: a second sender (whose lease ran out) finds it done.
        const [event] = await tx.query<{ message_id: string; signup_id: number | string | null; payload: string | null }>(
          "update outbox set delivered_at = $2, last_error = null where id = $1 and kind = 'event' and delivered_at is null and failed_at is null returning message_id, signup_id, payload",
          [id, at],
        )
        // Gone with its person, or fanned out already.
        if (!event?.payload) return 0
        const standing = event.signup_id == null ? null : await standingWhere(tx, "s.id = $1", [event.signup_id])
        const contact = standing?.place ? contactOf(standing) : null
        const messages = fanOut({ ...(JSON.parse(event.payload) as EventPayload), messageId: event.message_id }, contact)
        await insertRows(
          tx,
          "outbox",
          ["message_id", "kind", "signup_id", "payload", "created_at", "next_attempt_at"],
          messages.map((message) => [`${message.kind === "webhook" ? "whk" : "prv"}_${randomUUID()}`, message.kind, event.signup_id, JSON.stringify(message.payload), at, at]),
        )
        await tx.query("update outbox set payload = null where id = $1", [id])
        return messages.length
      }),

    async webhookEndpoint(url) {
      const [row] = await query<EndpointRow>("select url, failing_since, disabled_at, disabled_reason from webhook_endpoints where url = $1", [url])
      return row ? endpointOf(row) : null
    },

    async webhookSucceeded(url) {
      await query("update webhook_endpoints set failing_since = null where url = $1 and failing_since is not null", [url])
    },

    webhookFailed: (url, now) =>
      transaction(async (tx) => {
        const [row] = await tx.query<EndpointRow>(
          `insert into webhook_endpoints (url, failing_since) values ($1, $2)
           on conflict (url) do update set failing_since = coalesce(webhook_endpoints.failing_since, excluded.failing_since)
           returning url, failing_since, disabled_at, disabled_reason`,
          [url, now.toISOString()],
        )
        return endpointOf(row)
      }),

    async disableWebhookEndpoint(url, now, reason) {
      await query(
        `insert into webhook_endpoints (url, failing_since, disabled_at, disabled_reason) values ($1, $2, $2, $3)
         on conflict (url) do update set disabled_at = coalesce(webhook_endpoints.disabled_at, excluded.disabled_at),
           disabled_reason = coalesce(webhook_endpoints.disabled_reason, excluded.disabled_reason)`,
        [url, now.toISOString(), reason.slice(0, 500)],
      )
    },

    async webhookHealth() {
      const [counts] = await query<{ waiting: number | string | null; failed: number | string | null }>(
        `select sum(case when failed_at is null then 1 else 0 end) as waiting, sum(case when failed_at is not null then 1 else 0 end) as failed
         from outbox where delivered_at is null and kind = 'webhook'`,
      )
      const endpoints = await query<EndpointRow>("select url, failing_since, disabled_at, disabled_reason from webhook_endpoints order by url")
      return { waiting: Number(counts?.waiting ?? 0), failed: Number(counts?.failed ?? 0), endpoints: endpoints.map(endpointOf) }
    },

    outboxHealth,

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
      const [[totals], counters, perDay, sources, campaigns, referrers, topReferrers, outbox, webhooks, [held], heldRows, audit] = await Promise.all([
        db.query<{ confirmed: number | string | null; signups: number | string | null }>(`select ${line.total} as confirmed, (select sum(signups) from daily_tallies) as signups`),
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
        db.query<{ url: string; disabled_at: Date | string; disabled_reason: string | null }>(
          "select url, disabled_at, disabled_reason from webhook_endpoints where disabled_at is not null order by disabled_at desc",
        ),
        db.query<{ n: number | string }>("select count(*) as n from signups where referral_held is not null"),
        db.query<{ id: number | string; email: string; status: SignupStatus; referral_held: HoldReason; received_at: Date | string; referrer_email: string; referral_code: string }>(
          `select f.id, f.email, f.status, f.referral_held, f.received_at, r.email as referrer_email, r.referral_code
           from signups f join signups r on r.referral_code = f.referred_by where f.referral_held is not null order by f.id limit $1`,
          [limit],
        ),
        db.query<{ at: string; actor: string; action: AuditEntry["action"]; count: number | string; detail: string | null }>(
          "select at, actor, action, count, detail from owner_audit order by id desc limit $1",
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
        heldReferrals: {
          total: count(held?.n),
          rows: heldRows.map(
            (row): HeldReferral => ({
              id: Number(row.id),
              email: row.email,
              confirmed: row.status === "confirmed",
              referrerEmail: row.referrer_email,
              referralCode: row.referral_code,
              reason: row.referral_held,
              at: iso(row.received_at),
            }),
          ),
        },
        audit: audit.map((row): AuditEntry => ({ at: row.at, actor: row.actor, action: row.action, count: count(row.count), detail: row.detail })),
        outbox,
        disabledWebhooks: webhooks.map((row) => ({ url: row.url, since: iso(row.disabled_at), reason: row.disabled_reason })),
      }
    },

    checkChallenge: (check, now) => transaction((tx) => recordChallenge(tx, check, now)),

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
        if (decided.length > 0) await writeAudit(tx, { actor, action: decision === "release" ? "referrals released" : "referrals rejected", count: decided.length, detail: null }, at)
        return decided.length
      }),

    async forgetOldNetworks(now) {
      const forgotten = await transaction((tx) => forgetOldNetworks(tx, now.toISOString()))
      return forgotten.length
    },

    async recordAudit(entry, now) {
      await transaction((tx) => writeAudit(tx, entry, now.toISOString()))
    },

    async *exportRows(): AsyncIterable<ExportRow> {
      await ready()
      for await (const page of db.stream<SignupRow & PlaceColumns>(line.exportAll, [], EXPORT_PAGE)) {
        for (const row of page) yield { ...standingOf(row), referredBy: row.referred_by }
      }
    },

    async invite(target, issue, now) {
      return transaction(async (tx) => {
        const invitees = await pickInvitees(tx, target, true)
        if (invitees.length === 0) return []
        const issued = invitees.map((invitee) => ({ invitee, ...issue(invitee) }))
        const at = now.toISOString()
        // The claim: one statement; an invitation already there (another wave's) is left alone.
        const claimed = new Set(
          (
            await insertRows<{ signup_id: number | string }>(
              tx,
              "invitations",
              ["signup_id", "code_hash", "sent_at"],
              issued.map(({ invitee, codeHash }) => [invitee.signupId, codeHash, at]),
              "on conflict (signup_id) do nothing returning signup_id",
            )
          ).map((row) => Number(row.signup_id)),
        )
        const sent = issued.filter(({ invitee }) => claimed.has(invitee.signupId))
        if (sent.length === 0) return []
        const invited = sent.map(({ invitee }) => invitee)
        const mails = sent.map(({ invitee, mail }) => ({ signupId: invitee.signupId, message: mail, at }))
        await insertRows(
          tx,
          "signup_tokens",
          ["hash", "signup_id", "kind", "expires_at"],
          mails.map(({ signupId, message }) => [message.unsubscribeTokenHash, signupId, "unsubscribe", null]),
        )
        await queueMessages(tx, mails)
        await bumpCounters(tx, { invited: invited.length })
        if (options.events) {
          await recordEvents(
            tx,
            invited.map(({ signupId, email, position }) => ({
              type: "invite.sent" as const,
              signupId,
              timestamp: at,
              data: { id: eventSignupId(signupId), email, position },
              contact: { email },
            })),
          )
        }
        return invited
      })
    },

    async previewInvite(target) {
      await ready()
      return pickInvitees(db, target, false)
    },

    async invitationState(codeHash): Promise<InvitationState> {
      const [row] = await query<{ redeemed_at: Date | string | null }>("select redeemed_at from invitations where code_hash = $1", [codeHash])
      return row ? (row.redeemed_at === null ? "valid" : "redeemed") : "unknown"
    },

    redeemInvitation: (codeHash, now) =>
      transaction(async (tx): Promise<RedeemResult> => {
        // One statement uses the code, so two redemptions at once cannot both succeed.
        const [used] = await tx.query<{ signup_id: number | string }>(
          "update invitations set redeemed_at = $2 where code_hash = $1 and redeemed_at is null returning signup_id",
          [codeHash, now.toISOString()],
        )
        if (!used) {
          const [known] = await tx.query<{ redeemed_at: Date | string | null }>("select redeemed_at from invitations where code_hash = $1", [codeHash])
          return known?.redeemed_at ? { kind: "alreadyRedeemed", redeemedAt: iso(known.redeemed_at) } : { kind: "unknown" }
        }
        const [person] = await tx.query<{ email: string }>("select email from signups where id = $1", [used.signup_id])
        await bumpCounters(tx, { redeemed: 1 })
        if (options.events) {
          await recordEvents(tx, [
            {
              type: "invite.redeemed",
              signupId: used.signup_id,
              timestamp: now.toISOString(),
              data: { id: eventSignupId(used.signup_id), email: person.email },
              contact: { email: person.email },
            },
          ])
        }
        return { kind: "redeemed", email: person.email }
      }),

    async ping() {
      await query("select 1 as ok")
    },

    close: () => db.close(),
  }
}

/**
 * The schema, as numbered migrations: one history per engine, applied by one runner. Pointing
 * the service at an empty database just works, and a database from an older release is brought
 * up to date. Applied versions are recorded in `schema_migrations`.
 *
 * The runner applies everything in one transaction. On PostgreSQL it first takes a
 * transaction-scoped advisory lock, so two instances starting at once take turns, and it works
 * behind a transaction pooler (PgBouncer, Neon's `-pooler` URL), where session locks do not.
 * On SQLite the write transaction itself is the lock.
 */
import type { Engine, SqlDatabase, SqlExecutor } from "./database"
import { newReferralCode } from "../waitlist/codes"
import { funnelSchema } from "./funnel-schema"

// The same on both engines: a challenge's signature, and when it expires (ISO 8601 text sorts in time).
const USED_CHALLENGES_TABLE = "create table used_challenges (signature text primary key, expires_at text not null)"
const USED_CHALLENGES_EXPIRY_INDEX = "create index used_challenges_expiry on used_challenges (expires_at)"

// The same on both engines: fraud signals read recent signups by network and by referral code; the
// owner reviews held referrals; the audit lists what was done with the list (see referral-review.ts, audit.ts).
const REVIEW_INDEXES = [
  "create index signups_network on signups (network, received_at) where network is not null",
  "create index signups_referred_recent on signups (referred_by, received_at) where referred_by is not null",
  "create index signups_referral_held on signups (id) where referral_held is not null",
]

// The same on both engines, but for the time's type: a network fingerprint kept while its signup's
// link is in use, until `network_until` (see referral-review.ts). Fingerprints from before had no
// time of their own and were kept a day: they are forgotten now, losing at most a day of signals.
const NETWORK_MEMORY = (timeType: string) => [
  `alter table signups add column network_until ${timeType}`,
  "update signups set network = null",
  "create index signups_network_until on signups (network_until) where network is not null",
]

// Links that expire: an email's unsubscribe link (UNSUBSCRIBE_LINK_DAYS) and an invitation's code
// (INVITATION_DAYS). Those out already get the full time from now (`in90Days`, `in30Days`: the engine's "now + n days").
const LINKS_EXPIRE = (timeType: string, in90Days: string, in30Days: string) => [
  `update signup_tokens set expires_at = ${in90Days} where kind = 'unsubscribe' and expires_at is null`,
  `alter table invitations add column expires_at ${timeType}`,
  `update invitations set expires_at = ${in30Days}`,
]

// The same on both engines: drops (see drop-store.ts). Times are ISO 8601 text, as the audit's.
const DROP_TABLES = [
  // A drop the owner committed to: the seed's hash first; the list's hash at close; the seed at the draw.
  `create table drops (
    id text primary key,
    seed_hash text not null,
    committed_at text not null,
    list_hash text,
    frozen_at text,
    seed text,
    drawn_at text
  )`,
  // One entry per person per drop; its code is the pseudonym the published list shows.
  `create table drop_entries (
    entry_code text primary key,
    drop_id text not null,
    signup_id bigint not null references signups (id) on delete cascade,
    size text not null,
    entered_at text not null,
    notified_at text,
    unique (drop_id, signup_id)
  )`,
  "create index drop_entries_signup on drop_entries (signup_id)",
  // Who still waits for the draw's "not this time", in entry order: each batch reads on from the index, never the whole list.
  "create index drop_entries_unnotified on drop_entries (drop_id, entry_code) where notified_at is null",
  // The frozen list, apart from people: what the published hash covers, so it outlives leaving.
  `create table drop_list (
    drop_id text not null,
    entry_code text not null,
    size text not null,
    tickets integer not null,
    rank integer,
    reached integer not null default 0,
    primary key (drop_id, entry_code)
  )`,
  "create index drop_list_rank on drop_list (drop_id, size, rank) where rank is not null",
  // Entrants per size, kept in step with entries, so the public record counts no rows.
  "create table drop_tallies (drop_id text not null, size text not null, entrants bigint not null, primary key (drop_id, size))",
  // Single-use codes for winners and the reserve reached after them, kept as hashes, with a deadline.
  `create table drop_prizes (
    entry_code text primary key,
    drop_id text not null,
    size text not null,
    signup_id bigint references signups (id) on delete set null,
    code_hash text not null unique,
    sent_at text not null,
    expires_at text not null,
    redeemed_at text,
    passed_at text
  )`,
  "create index drop_prizes_drop on drop_prizes (drop_id, size)",
]

// The same on both engines but for the file's column (PostgreSQL's bytea is SQLite's blob): a drop
// waits for a public beacon round, and its entry list is written once, compressed, when it freezes.
const dropBeaconChanges = (blob: "bytea" | "blob") => [
  // The rest of the commitment (see src/drop/commitment.ts), and the beacon round's value the draw used.
  "alter table drops add column chain_hash text",
  "alter table drops add column round bigint",
  "alter table drops add column opens_at text",
  "alter table drops add column closes_at text",
  "alter table drops add column beacon_signature text",
  // The published entry list as one gzip file, written in the freeze's transaction and never again.
  `create table drop_list_files (drop_id text primary key, list_gzip ${blob} not null)`,
  // An entry from a signup made after its drop was announced waits for the owner's review; the
  // network it came from (a salted fingerprint) is kept for that review until entries close.
  "alter table drop_entries add column review text",
  "alter table drop_entries add column network text",
  "create index drop_entries_review on drop_entries (drop_id, entered_at) where review is not null",
]

export interface Migration {
  version: number
  name: string
  up(tx: SqlExecutor): Promise<void>
}

/** Runs statements one after another (node-postgres and node:sqlite take one per call). */
const statements =
  (...texts: string[]) =>
  async (tx: SqlExecutor): Promise<void> => {
    for (const text of texts) await tx.query(text)
  }

export const POSTGRES_MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: "signups",
    up: statements(
      `create table signups (
        id bigint generated always as identity primary key,
        email text not null,
        email_key text not null,
        source text not null,
        signed_up_at timestamptz not null,
        received_at timestamptz not null
      )`,
      "create unique index signups_email_key on signups (email_key)",
    ),
  },
  {
    version: 2,
    name: "waitlist: confirmation, referral codes, tokens, attribution",
    async up(tx) {
      await statements(
        `alter table signups
          add column status text not null default 'confirmed' check (status in ('pending', 'confirmed')),
          add column confirmed_at timestamptz,
          add column referral_code text,
          add column referred_by text,
          add column utm_source text,
          add column utm_medium text,
          add column utm_campaign text,
          add column referrer_host text,
          add column last_mail_at timestamptz`,
        "update signups set confirmed_at = received_at",
        "alter table signups alter column status drop default",
        `create table signup_tokens (
          hash text primary key,
          signup_id bigint not null references signups (id) on delete cascade,
          kind text not null check (kind in ('status', 'confirm')),
          expires_at timestamptz,
          used_at timestamptz
        )`,
        "create index signups_referred_by on signups (referred_by) where status = 'confirmed'",
        "create sequence confirmed_count",
      )(tx)
      // Signups from before referral links get their code now.
      const rows = await tx.query<{ id: string }>("select id from signups where referral_code is null")
      for (const { id } of rows) await tx.query("update signups set referral_code = $1 where id = $2", [newReferralCode(), id])
      await statements(
        "alter table signups alter column referral_code set not null",
        "create unique index signups_referral_code on signups (referral_code)",
        "select setval('confirmed_count', greatest(count(*), 1), count(*) > 0) from signups where status = 'confirmed'",
      )(tx)
    },
  },
  {
    version: 3,
    name: "places kept in step: confirmed referrals per signup, confirmed signups per standing bucket",
    up: statements(
      "alter table signups add column referrals integer not null default 0",
      `update signups set referrals = counted.n from (
        select referred_by as code, count(*) as n from signups where status = 'confirmed' and referred_by is not null group by referred_by
      ) counted where signups.referral_code = counted.code`,
      "create table standing_buckets (bucket bigint primary key, confirmed bigint not null)",
      "create table store_settings (name text primary key, value text not null)",
      "create index signup_tokens_signup on signup_tokens (signup_id)",
      "drop sequence confirmed_count",
    ),
  },
  {
    version: 4,
    name: "outbox: every message written with the change that causes it; consent on record",
    up: statements(
      `create table outbox (
        id bigint generated always as identity primary key,
        message_id text not null unique,
        kind text not null,
        signup_id bigint references signups (id) on delete cascade,
        payload text,
        created_at timestamptz not null,
        next_attempt_at timestamptz not null,
        attempts integer not null default 0,
        last_error text,
        delivered_at timestamptz,
        failed_at timestamptz
      )`,
      "create index outbox_due on outbox (next_attempt_at) where delivered_at is null and failed_at is null",
      "create index outbox_signup on outbox (signup_id)",
      // mail_waiting: a message to this signup is queued and not yet delivered (the resend throttle's claim).
      "alter table signups add column consent text, add column consented_at timestamptz, add column mail_waiting integer not null default 0",
    ),
  },
  {
    version: 5,
    name: "leaving the list: unsubscribe tokens, suppression keys, used unsubscribe tokens",
    up: statements(
      // Every email carries an unsubscribe token of its own, kept as a hash like the others.
      "alter table signup_tokens drop constraint signup_tokens_kind_check",
      "alter table signup_tokens add constraint signup_tokens_kind_check check (kind in ('status', 'confirm', 'unsubscribe'))",
      // All that is kept of someone who left: SHA-256 of their email key, so an import cannot add them back.
      "create table signup_suppressions (key_hash text primary key, created_at timestamptz not null)",
      // Unsubscribe tokens of people who left, by hash: a second click on a link still answers "left".
      "create table used_unsubscribe_tokens (hash text primary key, used_at timestamptz not null)",
      // Leaving clears the referral code from the signups it brought, pending ones too.
      "drop index signups_referred_by",
      "create index signups_referred_by on signups (referred_by) where referred_by is not null",
    ),
  },
  {
    version: 6,
    name: "launch day: invitations, webhook endpoints, milestones announced, counters the owner's page reads",
    up: statements(
      // One invitation per signup: its single-use code kept as a hash, like every secret.
      `create table invitations (
        signup_id bigint primary key references signups (id) on delete cascade,
        code_hash text not null unique,
        sent_at timestamptz not null,
        redeemed_at timestamptz
      )`,
      // Each WEBHOOK_URL as the sender knows it: failing since when, disabled when and why.
      `create table webhook_endpoints (
        url text primary key,
        failing_since timestamptz,
        disabled_at timestamptz,
        disabled_reason text
      )`,
      // The highest referral milestone (its number of referrals) this signup was told of.
      "alter table signups add column milestone integer not null default 0",
      // Counts kept in step in the same transaction as the change they count (invited, redeemed, ...).
      "create table list_counters (name text primary key, value bigint not null)",
    ),
  },
  {
    version: 7,
    name: "the masked leaderboard: top referrers from an index, at any list size",
    up: statements(
      // Only the signups the leaderboard may show (LEADERBOARD_MIN_REFERRALS in src/signup/rewards.ts): a small index, read in order.
      "create index signups_leaderboard on signups (referrals desc, id) where status = 'confirmed' and referrals >= 3",
    ),
  },
  {
    version: 8,
    name: "the owner's page: signups and confirmations per UTC day and per attribution, kept in step; top referrers; undelivered mail",
    up: statements(
      "create table daily_tallies (day text primary key, signups bigint not null, confirmations bigint not null)",
      `insert into daily_tallies (day, signups, confirmations)
       select day, sum(signups), sum(confirmations) from (
         select to_char(received_at at time zone 'UTC', 'YYYY-MM-DD') as day, 1 as signups, 0 as confirmations from signups
         union all
         select to_char(confirmed_at at time zone 'UTC', 'YYYY-MM-DD'), 0, 1 from signups where status = 'confirmed' and confirmed_at is not null
       ) counted group by day`,
      "create table attribution_tallies (kind text not null, name text not null, signups bigint not null, confirmed bigint not null, primary key (kind, name))",
      `insert into attribution_tallies (kind, name, signups, confirmed)
       select kind, name, count(*), sum(case when status = 'confirmed' and confirmed_at is not null then 1 else 0 end) from (
         select 'source' as kind, coalesce(utm_source, '') as name, status, confirmed_at from signups
         union all select 'campaign', coalesce(utm_campaign, ''), status, confirmed_at from signups
         union all select 'referrer', coalesce(referrer_host, ''), status, confirmed_at from signups
       ) counted group by kind, name`,
      // Everyone who left so far; from now on each erasure counts one.
      "insert into list_counters (name, value) select 'left', count(*) from signup_suppressions on conflict (name) do nothing",
      "create index signups_top_referrers on signups (referrals desc, id) where referrals > 0",
      // Mail not yet delivered, which the outbox's health counts: a few rows among a million delivered.
      "create index outbox_undelivered on outbox (id) where delivered_at is null",
    ),
  },
  {
    version: 9,
    name: "the bot check: challenges used once, kept until they expire",
    up: statements(USED_CHALLENGES_TABLE, USED_CHALLENGES_EXPIRY_INDEX),
  },
  {
    version: 10,
    name: "referral review: a network fingerprint kept a day, referrals held from credit; the owner's audit",
    up: statements(
      "alter table signups add column network text, add column referral_held text",
      // Status links expire (see STATUS_TOKEN_TTL_MS): those out already get the full time from now.
      "update signup_tokens set expires_at = now() + interval '30 days' where kind = 'status' and expires_at is null",
      ...REVIEW_INDEXES,
      "create table owner_audit (id bigint generated always as identity primary key, at text not null, actor text not null, action text not null, count bigint not null, detail text)",
    ),
  },
  {
    version: 11,
    name: "hard bounces: addresses a receiving server refused for good",
    up: statements(
      "create table hard_bounces (signup_id bigint primary key references signups (id) on delete cascade, at text not null, reason text not null)",
    ),
  },
  {
    version: 12,
    name: "drops: entries, the owner's commitment, the frozen list, the draw's codes",
    up: statements(...DROP_TABLES),
  },
  {
    version: 13,
    name: "the funnel: views counted per day and hour, signups per hour, friends referred and drop entries by time",
    up: statements(...funnelSchema("postgres")),
  },
  {
    version: 14,
    name: "referral review: a network fingerprint kept while its link is in use",
    up: statements(...NETWORK_MEMORY("timestamptz")),
  },
  {
    version: 15,
    name: "links that expire: unsubscribe links after 90 days, invitations after 30",
    up: statements(...LINKS_EXPIRE("timestamptz", "now() + interval '90 days'", "now() + interval '30 days'")),
  },
  {
    version: 16,
    name: "drops: the beacon round in the commitment, the entry list as one file, entries held for review",
    up: statements(...dropBeaconChanges("bytea")),
  },
]

// The same tables, columns and indexes as PostgreSQL's (schema-parity.test.ts checks it), but for
// times: SQLite has no time type, so they are ISO 8601 text (which sorts in time) where PostgreSQL has timestamptz.
export const SQLITE_MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: "signups, tokens, places kept in step",
    up: statements(
      `create table signups (
        id integer primary key autoincrement,
        email text not null,
        email_key text not null unique,
        source text not null,
        signed_up_at text not null,
        received_at text not null,
        status text not null check (status in ('pending', 'confirmed')),
        confirmed_at text,
        referral_code text not null unique,
        referred_by text,
        utm_source text,
        utm_medium text,
        utm_campaign text,
        referrer_host text,
        last_mail_at text,
        referrals integer not null default 0
      )`,
      `create table signup_tokens (
        hash text primary key,
        signup_id integer not null references signups (id) on delete cascade,
        kind text not null check (kind in ('status', 'confirm')),
        expires_at text,
        used_at text
      )`,
      "create index signup_tokens_signup on signup_tokens (signup_id)",
      "create table standing_buckets (bucket integer primary key, confirmed integer not null)",
      "create table store_settings (name text primary key, value text not null)",
    ),
  },
  {
    version: 2,
    name: "outbox: every message written with the change that causes it; consent on record",
    up: statements(
      `create table outbox (
        id integer primary key autoincrement,
        message_id text not null unique,
        kind text not null,
        signup_id integer references signups (id) on delete cascade,
        payload text,
        created_at text not null,
        next_attempt_at text not null,
        attempts integer not null default 0,
        last_error text,
        delivered_at text,
        failed_at text
      )`,
      "create index outbox_due on outbox (next_attempt_at) where delivered_at is null and failed_at is null",
      "create index outbox_signup on outbox (signup_id)",
      "alter table signups add column consent text",
      "alter table signups add column consented_at text",
      // mail_waiting: a message to this signup is queued and not yet delivered (the resend throttle's claim).
      "alter table signups add column mail_waiting integer not null default 0",
    ),
  },
  {
    version: 3,
    name: "leaving the list: unsubscribe tokens, suppression keys, used unsubscribe tokens",
    up: statements(
      // SQLite cannot change a check constraint in place: the tokens table is copied into a new one.
      `create table signup_tokens_widened (
        hash text primary key,
        signup_id integer not null references signups (id) on delete cascade,
        kind text not null check (kind in ('status', 'confirm', 'unsubscribe')),
        expires_at text,
        used_at text
      )`,
      "insert into signup_tokens_widened (hash, signup_id, kind, expires_at, used_at) select hash, signup_id, kind, expires_at, used_at from signup_tokens",
      "drop table signup_tokens",
      "alter table signup_tokens_widened rename to signup_tokens",
      "create index signup_tokens_signup on signup_tokens (signup_id)",
      "create table signup_suppressions (key_hash text primary key, created_at text not null)",
      "create table used_unsubscribe_tokens (hash text primary key, used_at text not null)",
      "create index signups_referred_by on signups (referred_by) where referred_by is not null",
    ),
  },
  {
    version: 4,
    name: "launch day: invitations, webhook endpoints, milestones announced, counters the owner's page reads",
    up: statements(
      `create table invitations (
        signup_id integer primary key references signups (id) on delete cascade,
        code_hash text not null unique,
        sent_at text not null,
        redeemed_at text
      )`,
      `create table webhook_endpoints (
        url text primary key,
        failing_since text,
        disabled_at text,
        disabled_reason text
      )`,
      "alter table signups add column milestone integer not null default 0",
      "create table list_counters (name text primary key, value integer not null)",
    ),
  },
  {
    version: 5,
    name: "the masked leaderboard: top referrers from an index, at any list size",
    up: statements("create index signups_leaderboard on signups (referrals desc, id) where status = 'confirmed' and referrals >= 3"),
  },
  {
    version: 6,
    name: "the owner's page: signups and confirmations per UTC day and per attribution, kept in step; top referrers; undelivered mail",
    up: statements(
      "create table daily_tallies (day text primary key, signups integer not null, confirmations integer not null)",
      `insert into daily_tallies (day, signups, confirmations)
       select day, sum(signups), sum(confirmations) from (
         select substr(received_at, 1, 10) as day, 1 as signups, 0 as confirmations from signups
         union all
         select substr(confirmed_at, 1, 10), 0, 1 from signups where status = 'confirmed' and confirmed_at is not null
       ) group by day`,
      "create table attribution_tallies (kind text not null, name text not null, signups integer not null, confirmed integer not null, primary key (kind, name))",
      `insert into attribution_tallies (kind, name, signups, confirmed)
       select kind, name, count(*), sum(case when status = 'confirmed' and confirmed_at is not null then 1 else 0 end) from (
         select 'source' as kind, coalesce(utm_source, '') as name, status, confirmed_at from signups
         union all select 'campaign', coalesce(utm_campaign, ''), status, confirmed_at from signups
         union all select 'referrer', coalesce(referrer_host, ''), status, confirmed_at from signups
       ) group by kind, name`,
      "insert into list_counters (name, value) select 'left', count(*) from signup_suppressions where true on conflict (name) do nothing",
      "create index signups_top_referrers on signups (referrals desc, id) where referrals > 0",
      "create index outbox_undelivered on outbox (id) where delivered_at is null",
    ),
  },
  {
    version: 7,
    name: "the bot check: challenges used once, kept until they expire",
    up: statements(USED_CHALLENGES_TABLE, USED_CHALLENGES_EXPIRY_INDEX),
  },
  {
    version: 8,
    name: "referral review: a network fingerprint kept a day, referrals held from credit; the owner's audit",
    up: statements(
      "alter table signups add column network text",
      "alter table signups add column referral_held text",
      "update signup_tokens set expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+30 days') where kind = 'status' and expires_at is null",
      ...REVIEW_INDEXES,
      "create table owner_audit (id integer primary key autoincrement, at text not null, actor text not null, action text not null, count integer not null, detail text)",
    ),
  },
  {
    version: 9,
    name: "hard bounces: addresses a receiving server refused for good",
    up: statements(
      "create table hard_bounces (signup_id integer primary key references signups (id) on delete cascade, at text not null, reason text not null)",
    ),
  },
  {
    version: 10,
    name: "drops: entries, the owner's commitment, the frozen list, the draw's codes",
    up: statements(...DROP_TABLES),
  },
  {
    version: 11,
    name: "the funnel: views counted per day and hour, signups per hour, friends referred and drop entries by time",
    up: statements(...funnelSchema("sqlite")),
  },
  {
    version: 12,
    name: "referral review: a network fingerprint kept while its link is in use",
    up: statements(...NETWORK_MEMORY("text")),
  },
  {
    version: 13,
    name: "links that expire: unsubscribe links after 90 days, invitations after 30",
    up: statements(...LINKS_EXPIRE("text", "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+90 days')", "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+30 days')")),
  },
  {
    version: 14,
    name: "drops: the beacon round in the commitment, the entry list as one file, entries held for review",
    up: statements(...dropBeaconChanges("blob")),
  },
]

export const MIGRATIONS: Record<Engine, Migration[]> = { postgres: POSTGRES_MIGRATIONS, sqlite: SQLITE_MIGRATIONS }

/** Any number will do, as long as nothing else in the database uses it. */
export const MIGRATION_LOCK = 94_0001

/** Applies, inside the caller's transaction, the migrations this database has not had yet; returns their versions. */
export const applyMigrations = async (tx: SqlExecutor, engine: Engine, migrations: Migration[] = MIGRATIONS[engine]): Promise<number[]> => {
  if (engine === "postgres") await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK])
  await tx.query("create table if not exists schema_migrations (version integer primary key, name text not null, applied_at text not null)")
  const applied = new Set((await tx.query<{ version: number }>("select version from schema_migrations")).map(({ version }) => Number(version)))
  const done: number[] = []
  for (const migration of migrations.filter(({ version }) => !applied.has(version))) {
    await migration.up(tx)
    await tx.query("insert into schema_migrations (version, name, applied_at) values ($1, $2, $3)", [
      migration.version,
      migration.name,
      new Date().toISOString(),
    ])
    done.push(migration.version)
  }
  return done
}

/** Applies the migrations this database has not had yet, in one transaction (`npm run db:migrate`). */
export const migrate = (db: SqlDatabase, migrations: Migration[] = MIGRATIONS[db.engine]): Promise<number[]> =>
  db.transaction((tx) => applyMigrations(tx, db.engine, migrations))

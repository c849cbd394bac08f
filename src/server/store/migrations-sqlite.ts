/**
 * SQLite's schema history, as numbered migrations (the runner is migrations.ts): the same tables,
 * columns and indexes as PostgreSQL's (schema-parity.test.ts checks it), but for times: SQLite has
 * no time type, so they are ISO 8601 text (which sorts in time) where PostgreSQL has timestamptz.
 */
import {
  USED_CHALLENGES_TABLE,
  USED_CHALLENGES_EXPIRY_INDEX,
  REVIEW_INDEXES,
  migrationsSinceHardBounces,
  statements,
  type Migration,
} from "./migrations-shared"

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
  ...migrationsSinceHardBounces("sqlite", 9),
]

/** PostgreSQL's schema history, as numbered migrations (the runner is migrations.ts). */
import { newReferralCode } from "../keys/codes"
import {
  USED_CHALLENGES_TABLE,
  USED_CHALLENGES_EXPIRY_INDEX,
  REVIEW_INDEXES,
  migrationsSinceHardBounces,
  statements,
  type Migration,
} from "./migrations-shared"

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
  ...migrationsSinceHardBounces("postgres", 11),
]

/**
 * The PostgreSQL schema, as numbered migrations the store applies itself: pointing DATABASE_URL
 * at an empty database just works, and a database from an older release is brought up to date.
 * Applied migrations are recorded in `schema_migrations`; an advisory lock makes two processes
 * that start at once take turns.
 */
import type { PoolClient } from "pg"
import { newReferralCode } from "../waitlist/codes"

export interface Migration {
  version: number
  name: string
  up(client: PoolClient): Promise<void>
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: "signups",
    async up(client) {
      await client.query(`
        create table signups (
          id bigint generated always as identity primary key,
          email text not null,
          email_key text not null,
          source text not null,
          signed_up_at timestamptz not null,
          received_at timestamptz not null
        );
        create unique index signups_email_key on signups (email_key);
      `)
    },
  },
  {
    version: 2,
    name: "waitlist: confirmation, referral codes, tokens, attribution",
    async up(client) {
      await client.query(`
        alter table signups
          add column status text not null default 'confirmed' check (status in ('pending', 'confirmed')),
          add column confirmed_at timestamptz,
          add column referral_code text,
          add column referred_by text,
          add column utm_source text,
          add column utm_medium text,
          add column utm_campaign text,
          add column referrer_host text,
          add column last_mail_at timestamptz;
        update signups set confirmed_at = received_at;
        alter table signups alter column status drop default;
        create table signup_tokens (
          hash text primary key,
          signup_id bigint not null references signups (id) on delete cascade,
          kind text not null check (kind in ('status', 'confirm')),
          expires_at timestamptz,
          used_at timestamptz
        );
        create index signups_referred_by on signups (referred_by) where status = 'confirmed';
        -- Counts confirmations: the total a new signup is told, without counting rows on the busy path.
        create sequence confirmed_count;
      `)
      // Signups from before referral links get their code now.
      const { rows } = await client.query<{ id: string }>("select id from signups where referral_code is null")
      for (const { id } of rows) await client.query("update signups set referral_code = $1 where id = $2", [newReferralCode(), id])
      await client.query(`
        alter table signups alter column referral_code set not null;
        create unique index signups_referral_code on signups (referral_code);
        select setval('confirmed_count', greatest(count(*), 1), count(*) > 0) from signups where status = 'confirmed';
      `)
    },
  },
]

/** Any number will do, as long as nothing else in the database uses it. */
const MIGRATION_LOCK = 94_0001

/** Applies the migrations this database has not had yet; returns their versions. */
export const migrate = async (client: PoolClient, migrations: Migration[] = MIGRATIONS): Promise<number[]> => {
  await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK])
  try {
    await client.query("create table if not exists schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())")
    const { rows } = await client.query<{ version: number }>("select version from schema_migrations")
    const applied = new Set(rows.map(({ version }) => version))
    const done: number[] = []
    for (const migration of migrations.filter(({ version }) => !applied.has(version))) {
      await client.query("begin")
      try {
        await migration.up(client)
        await client.query("insert into schema_migrations (version, name) values ($1, $2)", [migration.version, migration.name])
        await client.query("commit")
      } catch (error) {
        await client.query("rollback")
        throw error
      }
      done.push(migration.version)
    }
    return done
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK])
  }
}

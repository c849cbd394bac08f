/**
 * The funnel's schema (migrations.ts applies it, one migration per engine): counters of views,
 * signups per hour beside the daily tallies, and indexes that let the funnel count friends
 * referred and drop entries by time without a pass over the list.
 */
import type { Engine } from "./database"

/** The same on both engines but for the backfill's hour of a time (ISO 8601 text on SQLite, timestamptz on PostgreSQL). */
export const funnelSchema = (engine: Engine): string[] => {
  const integer = engine === "postgres" ? "bigint" : "integer"
  const hourOf = (column: string) => (engine === "postgres" ? `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24')` : `substr(${column}, 1, 13)`)
  return [
    // A counter per period ("day" or "hour"), its start (UTC "2026-11-23" or "2026-11-23T14"), what it
    // counts by (all, path, source, campaign, referrer, ref) and the name counted; never a row per view.
    `create table visit_counts (
      period text not null,
      starts text not null,
      dimension text not null,
      name text not null,
      views ${integer} not null,
      landings ${integer} not null,
      primary key (period, dimension, name, starts)
    )`,
    // The window's counters of one kind, for the funnel's series, its referral links and the purge.
    "create index visit_counts_recent on visit_counts (period, dimension, starts)",
    // Signups and confirmations per UTC hour, kept in step like daily_tallies.
    `create table hourly_tallies (hour text primary key, signups ${integer} not null, confirmations ${integer} not null)`,
    `insert into hourly_tallies (hour, signups, confirmations)
     select hour, sum(signups), sum(confirmations) from (
       select ${hourOf("received_at")} as hour, 1 as signups, 0 as confirmations from signups
       union all
       select ${hourOf("confirmed_at")}, 0, 1 from signups where status = 'confirmed' and confirmed_at is not null
     ) counted group by hour`,
    // Friends credited to a referral link, by when they confirmed: the funnel's "friends referred".
    "create index signups_referred_confirmed on signups (confirmed_at) where status = 'confirmed' and referred_by is not null and referral_held is null",
    "create index drop_entries_entered on drop_entries (entered_at)",
  ]
}

/** The funnel's steps counted per hour and day beside signups and confirmations, by triggers (see funnelCounters). */
const COUNTED_STEPS = ["referred", "entered", "redeemed"] as const
type CountedStep = (typeof COUNTED_STEPS)[number]

/** A row counts as a friend referred: confirmed, through a link, not held (as `x` is `new` or `old`). */
const referred = (x: string) => `${x}.status = 'confirmed' and ${x}.referred_by is not null and ${x}.referral_held is null and ${x}.confirmed_at is not null`

/**
 * Counters the funnel reads instead of rows, so its cost does not grow with the list:
 *   - friends referred, drop entries and redeemed codes per hour and day, as columns of
 *     hourly_tallies and daily_tallies. Many writers change those rows (confirmations, holds and
 *     their release, erasures, the purge, entries changed or withdrawn, redemptions), so the
 *     database keeps them in step with triggers, in the same transaction as any change;
 *   - friends who signed up and confirmed per referral link (link_tallies), by the same triggers;
 *   - views and landings kept per page, source, campaign and referring site (visit_totals), and
 *     landings per referral link over the funnel's window of days (link_visits, starting at
 *     link_visits_window's day), which visit-store.ts keeps in step with the counters it writes.
 * Each starts from the rows already there.
 */
export const funnelCounters = (engine: Engine): string[] => {
  const integer = engine === "postgres" ? "bigint" : "integer"
  const hourOfConfirmed = (x: string) =>
    engine === "postgres" ? `to_char(${x}.confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24')` : `substr(${x}.confirmed_at, 1, 13)`
  const hourOfConfirmedRow = engine === "postgres" ? `to_char(confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24')` : "substr(confirmed_at, 1, 13)"
  return [
    ...COUNTED_STEPS.flatMap((step) => [
      `alter table hourly_tallies add column ${step} ${integer} not null default 0`,
      `alter table daily_tallies add column ${step} ${integer} not null default 0`,
    ]),
    // "where true": SQLite reads an upsert's select without a where clause as a join.
    `insert into hourly_tallies (hour, signups, confirmations, referred, entered, redeemed)
     select hour, 0, 0, sum(referred), sum(entered), sum(redeemed) from (
       select ${hourOfConfirmedRow} as hour, 1 as referred, 0 as entered, 0 as redeemed from signups
         where status = 'confirmed' and referred_by is not null and referral_held is null and confirmed_at is not null
       union all
       select substr(entered_at, 1, 13), 0, 1, 0 from drop_entries
       union all
       select substr(redeemed_at, 1, 13), 0, 0, 1 from drop_prizes where redeemed_at is not null
     ) counted where true group by hour
     on conflict (hour) do update set referred = excluded.referred, entered = excluded.entered, redeemed = excluded.redeemed`,
    `insert into daily_tallies (day, signups, confirmations, referred, entered, redeemed)
     select substr(hour, 1, 10), 0, 0, sum(referred), sum(entered), sum(redeemed) from hourly_tallies where true group by substr(hour, 1, 10)
     on conflict (day) do update set referred = excluded.referred, entered = excluded.entered, redeemed = excluded.redeemed`,
    `create table link_tallies (code text primary key, signups ${integer} not null, confirmed ${integer} not null)`,
    `insert into link_tallies (code, signups, confirmed)
     select referred_by, count(*), sum(case when status = 'confirmed' then 1 else 0 end) from signups where referred_by is not null group by referred_by`,
    ...(engine === "postgres" ? postgresTriggers(hourOfConfirmed) : sqliteTriggers(hourOfConfirmed)),
    // The rows the triggers replace.
    "drop index signups_referred_confirmed",
    "drop index drop_entries_entered",
    `create table visit_totals (dimension text not null, name text not null, views ${integer} not null, landings ${integer} not null, primary key (dimension, name))`,
    "create index visit_totals_top on visit_totals (dimension, landings desc, name)",
    `insert into visit_totals (dimension, name, views, landings)
     select dimension, name, sum(views), sum(landings) from visit_counts where period = 'day' and dimension <> 'ref' group by dimension, name`,
    // Filled at the first read of the funnel, which sets the window's first day.
    `create table link_visits (code text primary key, landings ${integer} not null)`,
    "create index link_visits_top on link_visits (landings desc, code)",
    `create table link_visits_window (starts text primary key, links ${integer} not null)`,
    // The most signed-up sources, campaigns and referring sites, read from the top.
    "create index attribution_tallies_top on attribution_tallies (kind, signups desc, name)",
  ]
}

/** SQLite: a statement adding `delta` to `step` in the hour (and its day) of the text `hour`, when `when` holds. */
const sqliteStep = (step: CountedStep, hour: string, delta: number, when: string): string[] => [
  `insert into hourly_tallies (hour, signups, confirmations, ${step}) select ${hour}, 0, 0, ${delta} where ${when}
   on conflict (hour) do update set ${step} = ${step} + excluded.${step};`,
  `insert into daily_tallies (day, signups, confirmations, ${step}) select substr(${hour}, 1, 10), 0, 0, ${delta} where ${when}
   on conflict (day) do update set ${step} = ${step} + excluded.${step};`,
]

const sqliteLink = (x: string, delta: number): string =>
  `insert into link_tallies (code, signups, confirmed) select ${x}.referred_by, ${delta}, case when ${x}.status = 'confirmed' then ${delta} else 0 end
   where ${x}.referred_by is not null
   on conflict (code) do update set signups = signups + excluded.signups, confirmed = confirmed + excluded.confirmed;`

const sqliteTriggers = (hourOfConfirmed: (x: string) => string): string[] => {
  const trigger = (name: string, event: string, when: string | null, body: string[]) =>
    `create trigger ${name} after ${event}${when ? ` when ${when}` : ""} begin\n${body.join("\n")}\nend`
  const signup = (x: string, delta: number) => [...sqliteStep("referred", hourOfConfirmed(x), delta, referred(x)), sqliteLink(x, delta)]
  const entry = (x: string, delta: number) => sqliteStep("entered", `substr(${x}.entered_at, 1, 13)`, delta, "true")
  const prize = (x: string, delta: number) => sqliteStep("redeemed", `substr(${x}.redeemed_at, 1, 13)`, delta, `${x}.redeemed_at is not null`)
  const changed = (columns: string[]) => columns.map((column) => `old.${column} is not new.${column}`).join(" or ")
  const signupColumns = ["status", "referred_by", "referral_held", "confirmed_at"]
  return [
    trigger("funnel_signup_added", "insert on signups", null, signup("new", 1)),
    trigger("funnel_signup_deleted", "delete on signups", null, signup("old", -1)),
    trigger("funnel_signup_changed", `update of ${signupColumns.join(", ")} on signups`, changed(signupColumns), [...signup("old", -1), ...signup("new", 1)]),
    trigger("funnel_entry_added", "insert on drop_entries", null, entry("new", 1)),
    trigger("funnel_entry_deleted", "delete on drop_entries", null, entry("old", -1)),
    trigger("funnel_entry_changed", "update of entered_at on drop_entries", changed(["entered_at"]), [...entry("old", -1), ...entry("new", 1)]),
    trigger("funnel_prize_added", "insert on drop_prizes", null, prize("new", 1)),
    trigger("funnel_prize_deleted", "delete on drop_prizes", null, prize("old", -1)),
    trigger("funnel_prize_changed", "update of redeemed_at on drop_prizes", changed(["redeemed_at"]), [...prize("old", -1), ...prize("new", 1)]),
  ]
}

/** PostgreSQL: the same counts, through functions (a trigger there runs a function). */
const postgresTriggers = (hourOfConfirmed: (x: string) => string): string[] => {
  const ifThen = (condition: string, statement: string) => `if ${condition} then ${statement}; end if;`
  const signup = (x: string, delta: number) => [
    ifThen(referred(x), `perform funnel_count_step('referred', ${hourOfConfirmed(x)}, ${delta})`),
    ifThen(
      `${x}.referred_by is not null`,
      `perform funnel_count_link(${x}.referred_by, ${delta}, case when ${x}.status = 'confirmed' then ${delta} else 0 end)`,
    ),
  ]
  const entry = (x: string, delta: number) => [`perform funnel_count_step('entered', substr(${x}.entered_at, 1, 13), ${delta});`]
  const prize = (x: string, delta: number) => [
    ifThen(`${x}.redeemed_at is not null`, `perform funnel_count_step('redeemed', substr(${x}.redeemed_at, 1, 13), ${delta})`),
  ]
  // One function per table: what the old row counted goes, what the new row counts comes.
  const changes = (name: string, count: (x: string, delta: number) => string[]) =>
    `create function ${name}() returns trigger language plpgsql as $fn$
     begin
       if tg_op <> 'INSERT' then ${count("old", -1).join(" ")} end if;
       if tg_op <> 'DELETE' then ${count("new", 1).join(" ")} end if;
       return null;
     end $fn$`
  const triggers = (table: string, fn: string, columns: string[]) => [
    `create trigger ${fn}_added after insert or delete on ${table} for each row execute function ${fn}()`,
    `create trigger ${fn}_changed after update of ${columns.join(", ")} on ${table} for each row
     when (${columns.map((column) => `old.${column} is distinct from new.${column}`).join(" or ")}) execute function ${fn}()`,
  ]
  return [
    `create function funnel_count_step(step text, hour text, delta bigint) returns void language plpgsql as $fn$
     begin
       execute format('insert into hourly_tallies (hour, signups, confirmations, %1$I) values ($1, 0, 0, $2)
         on conflict (hour) do update set %1$I = hourly_tallies.%1$I + excluded.%1$I', step) using hour, delta;
       execute format('insert into daily_tallies (day, signups, confirmations, %1$I) values ($1, 0, 0, $2)
         on conflict (day) do update set %1$I = daily_tallies.%1$I + excluded.%1$I', step) using substr(hour, 1, 10), delta;
     end $fn$`,
    `create function funnel_count_link(link text, friends bigint, confirmations bigint) returns void language plpgsql as $fn$
     begin
       insert into link_tallies as t (code, signups, confirmed) values (link, friends, confirmations)
         on conflict (code) do update set signups = t.signups + excluded.signups, confirmed = t.confirmed + excluded.confirmed;
     end $fn$`,
    changes("funnel_signup", signup),
    changes("funnel_entry", entry),
    changes("funnel_prize", prize),
    ...triggers("signups", "funnel_signup", ["status", "referred_by", "referral_held", "confirmed_at"]),
    ...triggers("drop_entries", "funnel_entry", ["entered_at"]),
    ...triggers("drop_prizes", "funnel_prize", ["redeemed_at"]),
  ]
}

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

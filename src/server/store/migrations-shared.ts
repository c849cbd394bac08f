/**
 * What both engines' migrations share: statements the same on both (or but for a type), the
 * shape of a migration, and the migrations both take alike since hard bounces. The lists
 * themselves are in migrations-postgres.ts and migrations-sqlite.ts; the runner in migrations.ts.
 */
import type { Engine, SqlExecutor } from "./database"
import { funnelCounters, funnelSchema } from "./funnel-schema"

// The same on both engines: a challenge's signature, and when it expires (ISO 8601 text sorts in time).
export const USED_CHALLENGES_TABLE = "create table used_challenges (signature text primary key, expires_at text not null)"
export const USED_CHALLENGES_EXPIRY_INDEX = "create index used_challenges_expiry on used_challenges (expires_at)"

// The same on both engines: fraud signals read recent signups by network and by referral code; the
// owner reviews held referrals; the audit lists what was done with the list (see referral-review.ts, owner-store.ts).
export const REVIEW_INDEXES = [
  "create index signups_network on signups (network, received_at) where network is not null",
  "create index signups_referred_recent on signups (referred_by, received_at) where referred_by is not null",
  "create index signups_referral_held on signups (id) where referral_held is not null",
]

// The same on both engines: the hourly purge reads stale pending signups oldest first from this
// index, never scanning the whole list (see retention.ts).
const PENDING_BY_AGE_INDEX = "create index signups_pending_age on signups (received_at, id) where status = 'pending'"

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
export const statements =
  (...texts: string[]) =>
  async (tx: SqlExecutor): Promise<void> => {
    for (const text of texts) await tx.query(text)
  }

/** Each engine's words for the types and times the migrations since hard bounces write. */
const ENGINE_WORDS: Record<Engine, { integer: string; time: string; bytes: "bytea" | "blob"; in90Days: string; in30Days: string }> = {
  postgres: { integer: "bigint", time: "timestamptz", bytes: "bytea", in90Days: "now() + interval '90 days'", in30Days: "now() + interval '30 days'" },
  sqlite: {
    integer: "integer",
    time: "text",
    bytes: "blob",
    in90Days: "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+90 days')",
    in30Days: "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+30 days')",
  },
}

/**
 * The migrations both engines took alike, but for their types, from hard bounces on (PostgreSQL's
 * 11, SQLite's 9), numbered on from `firstVersion`. They have run on people's databases: add new
 * ones at the end, never change or reorder these.
 */
export const migrationsSinceHardBounces = (engine: Engine, firstVersion: number): Migration[] => {
  const words = ENGINE_WORDS[engine]
  return [
    {
      name: "hard bounces: addresses a receiving server refused for good",
      texts: [
        `create table hard_bounces (signup_id ${words.integer} primary key references signups (id) on delete cascade, at text not null, reason text not null)`,
      ],
    },
    { name: "drops: entries, the owner's commitment, the frozen list, the draw's codes", texts: DROP_TABLES },
    {
      name: "the funnel: views counted per day and hour, signups per hour, friends referred and drop entries by time",
      texts: funnelSchema(engine),
    },
    { name: "referral review: a network fingerprint kept while its link is in use", texts: NETWORK_MEMORY(words.time) },
    {
      name: "links that expire: unsubscribe links after 90 days, invitations after 30",
      texts: LINKS_EXPIRE(words.time, words.in90Days, words.in30Days),
    },
    {
      name: "drops: the beacon round in the commitment, the entry list as one file, entries held for review",
      texts: dropBeaconChanges(words.bytes),
    },
    {
      name: "the funnel from counters: friends referred, drop entries and redeemed codes per hour and day, friends per link, visits per origin and per link",
      texts: funnelCounters(engine),
    },
    { name: "the hourly purge finds stale pending signups from an index", texts: [PENDING_BY_AGE_INDEX] },
  ].map(({ name, texts }, index) => ({ version: firstVersion + index, name, up: statements(...texts) }))
}

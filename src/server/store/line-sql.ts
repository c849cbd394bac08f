/**
 * The line's rules as SQL (see sql-store.ts): a confirmed signup's standing is its number less
 * `boost` per confirmed referral, and `standing_buckets` counts confirmed signups per band of
 * `width` standings, so a place is a sum over bands plus a short index range.
 */
import type { Engine } from "./database"
import { columnsOf } from "./signup-rows"
import type { InviteTarget } from "./contract/invitations"

/** The list's rules as SQL, for one boost. */
export const lineSql = (boost: number, width: number, engine: Engine) => {
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
        i.sent_at as invited_at, i.redeemed_at as redeemed_at,
        (select ${engine === "postgres" ? "string_agg(" : "group_concat("}e.drop_id || ' ' || e.size || ' ' || case when p.entry_code is null then 'entered' else 'won' end, '; ')
         from drop_entries e left join drop_prizes p on p.entry_code = e.entry_code where e.signup_id = s.id) as drops
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

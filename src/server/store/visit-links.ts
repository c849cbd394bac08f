/**
 * Counters the funnel reads instead of the visit counters' rows, kept in step by the writes of
 * visit-store.ts: views and landings per page, source, campaign and referring site over all the
 * kept days (`visit_totals`), and landings per referral link over the funnel's window of days
 * (`link_visits`, from the day in `link_visits_window`, with the number of links in it). The
 * window moves on a day at a time: the day that leaves it is taken off (the hourly purge, or the
 * first read of a new day, does it), so a read costs the same at ten links or a million.
 */
import { FUNNEL_DAYS } from "../../signup/funnel"
import { insertRows, parameters, type Engine, type SqlExecutor } from "./database"
import type { VisitCount } from "./visit-count"
import { DAY_MS } from "../../signup/durations"

/** The first UTC day of the funnel's window at `now` ("2026-10-25"): FUNNEL_DAYS days, today last. */
export const windowStart = (now: Date): string => new Date(now.getTime() - (FUNNEL_DAYS - 1) * DAY_MS).toISOString().slice(0, 10)

type Count = number | string | null

/**
 * The window's first day and how many links it holds, locked on PostgreSQL until the transaction
 * ends, so writers take turns. A batch of counters asks first in its transaction: the window's
 * lock comes before any counter's, so two writers never wait for each other crosswise.
 */
export const windowForWrite = async (tx: SqlExecutor, engine: Engine): Promise<{ starts: string; links: number } | null> => {
  const [row] = await tx.query<{ starts: string; links: Count }>(`select starts, links from link_visits_window${engine === "postgres" ? " for update" : ""}`)
  return row ? { starts: row.starts, links: Number(row.links) } : null
}

/** Adds a batch's day counters to the totals, and its referral links' landings within the window to theirs. */
export const addToTotals = async (tx: SqlExecutor, rows: readonly VisitCount[], window: { starts: string; links: number } | null): Promise<void> => {
  // A batch may hold two days of a counter (around midnight): one row per counter.
  const totals = new Map<string, [string, string, number, number]>()
  for (const row of rows) {
    if (row.period !== "day" || row.dimension === "ref") continue
    const key = `${row.dimension}\u0000${row.name}`
    const total = totals.get(key) ?? [row.dimension, row.name, 0, 0]
    total[2] += row.views
    total[3] += row.landings
    totals.set(key, total)
  }
  await insertRows(
    tx,
    "visit_totals",
    ["dimension", "name", "views", "landings"],
    [...totals.values()],
    "on conflict (dimension, name) do update set views = visit_totals.views + excluded.views, landings = visit_totals.landings + excluded.landings",
  )
  if (!window) return
  const byCode = new Map<string, number>()
  for (const row of rows)
    if (row.period === "day" && row.dimension === "ref" && row.starts >= window.starts && row.landings > 0)
      byCode.set(row.name, (byCode.get(row.name) ?? 0) + row.landings)
  if (byCode.size === 0) return
  const written = await insertRows<{ code: string; landings: Count }>(
    tx,
    "link_visits",
    ["code", "landings"],
    [...byCode],
    "on conflict (code) do update set landings = link_visits.landings + excluded.landings returning code, landings",
  )
  // A link holds at least one landing, so one that holds just what was added is new.
  const added = written.filter((row) => Number(row.landings) === byCode.get(row.code)).length
  if (added > 0) await tx.query("update link_visits_window set links = links + $1", [added])
}

/** Before day counters older than `cutoff` are deleted: their views and landings leave the totals. */
export const takeFromTotals = async (tx: SqlExecutor, dimension: string, cutoff: string): Promise<void> => {
  if (dimension === "ref") return
  await tx.query(
    `insert into visit_totals (dimension, name, views, landings)
     select dimension, name, -sum(views), -sum(landings) from visit_counts where period = 'day' and dimension = $1 and starts < $2 group by dimension, name
     on conflict (dimension, name) do update set views = visit_totals.views + excluded.views, landings = visit_totals.landings + excluded.landings`,
    [dimension, cutoff],
  )
  await tx.query("delete from visit_totals where dimension = $1 and landings <= 0 and views <= 0", [dimension])
}

/**
 * Moves the window to start at `starts` (inside the caller's transaction): the days before it
 * are taken off, a day's links at a time; with no window yet, it is counted from the day counters
 * once (unless `create` is false). Returns false when the window already starts later (a read of the past: the caller counts from the rows).
 */
export const moveWindow = async (tx: SqlExecutor, engine: Engine, starts: string, { create = true } = {}): Promise<boolean> => {
  const window = await windowForWrite(tx, engine)
  if (!window && !create) return false
  if (window && window.starts > starts) return false
  if (window && window.starts === starts) return true
  if (!window) {
    await tx.query("delete from link_visits")
    const filled = await tx.query(
      `insert into link_visits (code, landings)
       select name, sum(landings) from visit_counts where period = 'day' and dimension = 'ref' and starts >= $1 group by name having sum(landings) > 0
       returning code`,
      [starts],
    )
    await tx.query("insert into link_visits_window (starts, links) values ($1, $2)", [starts, filled.length])
    return true
  }
  await tx.query(
    `insert into link_visits (code, landings)
     select name, -sum(landings) from visit_counts where period = 'day' and dimension = 'ref' and starts >= $1 and starts < $2 group by name
     on conflict (code) do update set landings = link_visits.landings + excluded.landings`,
    [window.starts, starts],
  )
  const gone = await tx.query("delete from link_visits where landings <= 0 returning code")
  await tx.query("update link_visits_window set starts = $1, links = $2", [starts, window.links - gone.length])
  return true
}

export interface LinkVisits {
  /** The most visited links of the window, the most visited first. */
  top: Array<{ name: string; n: Count }>
  /** Links visited in the window. */
  links: number
}

/** The window's most visited links, read from the top of its index. */
export const readWindow = async (db: SqlExecutor, limit: number): Promise<LinkVisits> => {
  const [top, [window]] = await Promise.all([
    db.query<{ name: string; n: Count }>("select code as name, landings as n from link_visits order by landings desc, code limit $1", [limit]),
    db.query<{ links: Count }>("select links from link_visits_window"),
  ])
  return { top, links: Number(window?.links ?? 0) }
}

/** The same from the day counters themselves, for a read of a window before the one kept. */
export const countWindow = async (db: SqlExecutor, starts: string, limit: number): Promise<LinkVisits> => {
  const top = await db.query<{ name: string; n: Count; links: Count }>(
    `select name, sum(landings) as n, count(*) over () as links from visit_counts
     where period = 'day' and dimension = 'ref' and starts >= $1 group by name order by n desc, name limit $2`,
    [starts, limit],
  )
  return { top, links: Number(top[0]?.links ?? 0) }
}

/** Friends who signed up and confirmed through each of `codes` (link_tallies, kept in step by triggers). */
export const friendsOf = (db: SqlExecutor, codes: readonly string[]) =>
  codes.length === 0
    ? Promise.resolve([])
    : db.query<{ code: string; signups: Count; confirmed: Count }>(
        `select code, signups, confirmed from link_tallies where code in (${parameters(codes.length)})`,
        codes,
      )

/**
 * Forgets a referral link whose person left: its friends' tally, its landings in the window and
 * its day counters, so no counter keeps the code. The window is taken first, as a batch of
 * counters takes it, so the two never wait for each other crosswise.
 */
export const forgetLink = async (tx: SqlExecutor, engine: Engine, code: string): Promise<void> => {
  const window = await windowForWrite(tx, engine)
  await tx.query("delete from link_tallies where code = $1", [code])
  const gone = await tx.query("delete from link_visits where code = $1 returning code", [code])
  if (window && gone.length > 0) await tx.query("update link_visits_window set links = links - $1", [gone.length])
  await tx.query("delete from visit_counts where dimension = 'ref' and name = $1", [code])
}

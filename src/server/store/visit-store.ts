/**
 * Counted page views: counters, never a row per view. Each view adds one to the counters of its
 * UTC day and hour: every view and landing, its page, and for a landing its source, campaign,
 * referring site and referral code. A batch of views is added with one upsert statement, a row
 * per counter it touched, and its day counters are added to the totals the funnel reads
 * (visit-links.ts) in the same transaction; nothing about a visitor is written. Counters older
 * than VISIT_COUNT_MONTHS are deleted by the hourly purge, and taken off the totals.
 */
import { VISIT_COUNT_MONTHS } from "../../signup/retention"
import type { Visit } from "../../signup/visit"
import { parameters, type SqlExecutor } from "./database"
import type { StoreContext } from "./store-context"
import { funnelReader } from "./funnel-store"
import { VISIT_DIMENSIONS, type VisitCount, type VisitDimension } from "./visit-count"
import { addToTotals, moveWindow, takeFromTotals, windowForWrite, windowStart } from "./visit-links"
import type { Funnel } from "../../signup/funnel"

export { VISIT_DIMENSIONS, type VisitCount, type VisitDimension, type VisitPeriod } from "./visit-count"

/** Counters per upsert statement: SQLite takes at most 32,766 parameters in one, six a row. */
export const COUNTERS_PER_STATEMENT = 5_000

/** A UTC hour, "2026-11-23T14". */
export const utcHour = (at: Date): string => at.toISOString().slice(0, 13)

/**
 * The counters one view adds to. A landing counts by where it came from; "" stands for none,
 * as in the signups' attribution tallies, so visits and signups without a source compare. A
 * referral code is counted per day only: there are as many as people on the list.
 */
export const countersOf = (visit: Visit, at: Date): VisitCount[] => {
  const day = at.toISOString().slice(0, 10)
  const hour = utcHour(at)
  const landings = visit.landing ? 1 : 0
  const names: Array<[VisitDimension, string]> = [
    ["all", ""],
    ["path", visit.path],
  ]
  if (visit.landing) names.push(["source", visit.source ?? ""], ["campaign", visit.campaign ?? ""], ["referrer", visit.referrer ?? ""])
  const counts = names.flatMap(([dimension, name]) =>
    (["day", "hour"] as const).map((period): VisitCount => ({ period, starts: period === "day" ? day : hour, dimension, name, views: 1, landings })),
  )
  if (visit.landing && visit.ref) counts.push({ period: "day", starts: day, dimension: "ref", name: visit.ref, views: 1, landings: 1 })
  return counts
}

/** A counter's identity: what two counts of the same counter share. */
export const keyOf = (count: VisitCount): string => `${count.period}\u0000${count.dimension}\u0000${count.name}\u0000${count.starts}`

/** Adds `count` to its counter in `byKey`; a counter not there yet is started while `byKey` holds fewer than `limit`. */
export const addCount = (byKey: Map<string, VisitCount>, count: VisitCount, limit = Infinity): void => {
  const key = keyOf(count)
  const found = byKey.get(key)
  if (found) {
    found.views += count.views
    found.landings += count.landings
  } else if (byKey.size < limit) byKey.set(key, { ...count })
}

/**
 * Adds counts up by counter: what a batch writes, one row per counter. Sorted by key, so two
 * servers writing at once on PostgreSQL lock the rows in the same order and never deadlock.
 */
export const sumCounts = (counts: Iterable<VisitCount>): VisitCount[] => {
  const byKey = new Map<string, VisitCount>()
  for (const count of counts) addCount(byKey, count)
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, count]) => count)
}

const COLUMNS = ["period", "starts", "dimension", "name", "views", "landings"] as const

/** The upsert of `rows` counters: one statement, a row each. The same SQL on both engines. */
export const upsertStatement = (rows: number): string =>
  `insert into visit_counts (${COLUMNS.join(", ")}) values ${Array.from({ length: rows }, (_, row) => `(${parameters(COLUMNS.length, row * COLUMNS.length + 1)})`).join(", ")}
   on conflict (period, dimension, name, starts) do update set views = visit_counts.views + excluded.views, landings = visit_counts.landings + excluded.landings`

/** The day before which counters are deleted: VISIT_COUNT_MONTHS before `now`. */
export const visitCutoff = (now: Date): string => {
  const cutoff = new Date(now)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - VISIT_COUNT_MONTHS)
  return cutoff.toISOString().slice(0, 10)
}

/** The visits' part of the store (see store.ts, which composes it). */
export interface VisitStore {
  /**
   * Adds counted views to their counters, summed first: one upsert statement, a row per counter
   * (more only past COUNTERS_PER_STATEMENT), and the day counters to their totals.
   */
  addVisitCounts(counts: readonly VisitCount[]): Promise<void>
  /** Deletes counters of days more than VISIT_COUNT_MONTHS ago; returns how many. */
  purgeVisitCounts(now: Date): Promise<number>
  /** The launch funnel at `now`, from counters and tallies kept in step: no pass over the list. */
  funnel(now: Date): Promise<Funnel>
  /** Page views and visits (landings) counted and kept, all told. */
  visitTotals(): Promise<VisitTotals>
}

export interface VisitTotals {
  views: number
  visits: number
}

const writeCounts = async (tx: SqlExecutor, rows: readonly VisitCount[]): Promise<void> => {
  for (let start = 0; start < rows.length; start += COUNTERS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + COUNTERS_PER_STATEMENT)
    await tx.query(
      upsertStatement(chunk.length),
      chunk.flatMap((row) => COLUMNS.map((column) => row[column])),
    )
  }
}

export const visitStore = (context: StoreContext): VisitStore => ({
  async addVisitCounts(counts) {
    const rows = sumCounts(counts)
    if (rows.length === 0) return
    await context.transaction(async (tx) => {
      const window = await windowForWrite(tx, context.db.engine)
      await writeCounts(tx, rows)
      await addToTotals(tx, rows, window)
    })
  },

  async purgeVisitCounts(now) {
    const cutoff = visitCutoff(now)
    // By period and dimension, so each delete reads a range of the index, never the whole table.
    return context.transaction(async (tx) => {
      // The referral links' window moves on to today's, before the counters it holds could go.
      await moveWindow(tx, context.db.engine, windowStart(now), { create: false })
      let deleted = 0
      for (const period of ["day", "hour"] as const) {
        for (const dimension of VISIT_DIMENSIONS) {
          if (period === "day") await takeFromTotals(tx, dimension, cutoff)
          const gone = await tx.query("delete from visit_counts where period = $1 and dimension = $2 and starts < $3 returning 1 as gone", [
            period,
            dimension,
            cutoff,
          ])
          deleted += gone.length
        }
      }
      return deleted
    })
  },

  funnel: funnelReader(context),

  async visitTotals() {
    const [row] = await context.query<{ views: number | string | null; landings: number | string | null }>(
      "select views, landings from visit_totals where dimension = 'all' and name = ''",
    )
    return { views: Number(row?.views ?? 0), visits: Number(row?.landings ?? 0) }
  },
})

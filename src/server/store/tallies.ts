/**
 * Counts the owner's page reads, kept in step with the list so the page costs the same at ten
 * signups or a million: signups and confirmations per UTC day (`daily_tallies`) and hour
 * (`hourly_tallies`, for the funnel's last hours), and signups and
 * confirmed signups per source, campaign and referring site (`attribution_tallies`). They change
 * in the same transaction as the signups, confirmations and erasures they count, one statement
 * per table for a whole batch.
 */
import { ATTRIBUTION_FIELDS } from "../../signup/attribution-fields"
import { insertRows, type SqlExecutor } from "./database"

/** The attributions the owner's page counts signups by (not the medium). */
const ATTRIBUTION_KINDS = ["source", "campaign", "referrer"] as const
export type AttributionKind = (typeof ATTRIBUTION_KINDS)[number]
type TalliedColumn = (typeof ATTRIBUTION_FIELDS)[AttributionKind]["column"]

/** What the tallies need of a signup row, as either engine returns it. */
export interface TalliedRow extends Record<TalliedColumn, string | null> {
  received_at: Date | string
  confirmed_at: Date | string | null
  status: string
}

/** The columns a statement returns for `TalliedRow`. */
export const TALLIED_COLUMNS = ["received_at", "confirmed_at", "status", ...ATTRIBUTION_KINDS.map((kind) => ATTRIBUTION_FIELDS[kind].column)].join(", ")

/** A UTC day, "2026-11-23": days are counted in UTC, whatever the server's or the owner's zone. */
export const utcDay = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString().slice(0, 10)

/** A UTC hour, "2026-11-23T14". */
const utcHourOf = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString().slice(0, 13)

/** The attribution a signup is counted under, per kind; "" when it has none. */
const attributionOf = (row: TalliedRow): Array<[AttributionKind, string]> => ATTRIBUTION_KINDS.map((kind) => [kind, row[ATTRIBUTION_FIELDS[kind].column] ?? ""])

interface DayChange {
  /** The instant it counts at: its UTC day and hour. */
  at: Date | string
  signups: number
  confirmations: number
}

interface AttributionChange {
  kind: AttributionKind
  name: string
  signups: number
  confirmed: number
}

/** Adds up changes to the same key, so a batch is one row per key. */
const grouped = <Change extends object>(changes: Change[], key: (change: Change) => string, add: (into: Change, change: Change) => void): Change[] => {
  const byKey = new Map<string, Change>()
  for (const change of changes) {
    const found = byKey.get(key(change))
    if (found) add(found, change)
    else byKey.set(key(change), { ...change })
  }
  return [...byKey.values()]
}

/** The changes summed per UTC day or hour (`period` of each), those that change nothing left out. */
const perPeriod = (changes: DayChange[], period: (at: Date | string) => string) =>
  grouped(
    changes.map((change) => ({ key: period(change.at), signups: change.signups, confirmations: change.confirmations })),
    (change) => change.key,
    (into, change) => {
      into.signups += change.signups
      into.confirmations += change.confirmations
    },
  ).filter((change) => change.signups !== 0 || change.confirmations !== 0)

/** Adds `rows` (values of `keys`, then of `counts`) to the counters in `table`: a key it holds already gets the counts added to its own. */
const addToCounters = (tx: SqlExecutor, table: string, keys: readonly string[], counts: readonly string[], rows: ReadonlyArray<readonly unknown[]>) =>
  insertRows(
    tx,
    table,
    [...keys, ...counts],
    rows,
    `on conflict (${keys.join(", ")}) do update set ${counts.map((count) => `${count} = ${table}.${count} + excluded.${count}`).join(", ")}`,
  )

const applyChanges = async (tx: SqlExecutor, days: DayChange[], attributions: AttributionChange[]): Promise<void> => {
  const dayRows = perPeriod(days, utcDay)
  const hourRows = perPeriod(days, utcHourOf)
  const attributionRows = grouped(
    attributions,
    (change) => `${change.kind}\u0000${change.name}`,
    (into, change) => {
      into.signups += change.signups
      into.confirmed += change.confirmed
    },
  ).filter((change) => change.signups !== 0 || change.confirmed !== 0)
  const periodRow = (change: { key: string; signups: number; confirmations: number }) => [change.key, change.signups, change.confirmations]
  await addToCounters(tx, "daily_tallies", ["day"], ["signups", "confirmations"], dayRows.map(periodRow))
  await addToCounters(tx, "hourly_tallies", ["hour"], ["signups", "confirmations"], hourRows.map(periodRow))
  await addToCounters(
    tx,
    "attribution_tallies",
    ["kind", "name"],
    ["signups", "confirmed"],
    attributionRows.map((change) => [change.kind, change.name, change.signups, change.confirmed]),
  )
}

/** New signups (sign 1) or erased ones (sign -1): each counts on its signup day, and on its confirmation day once confirmed. */
export const tallySignups = (tx: SqlExecutor, rows: readonly TalliedRow[], sign: 1 | -1): Promise<void> => {
  const confirmedNow = (row: TalliedRow) => row.status === "confirmed" && row.confirmed_at !== null
  return applyChanges(
    tx,
    rows.flatMap((row) => [
      { at: row.received_at, signups: sign, confirmations: 0 },
      ...(confirmedNow(row) ? [{ at: row.confirmed_at as Date | string, signups: 0, confirmations: sign }] : []),
    ]),
    rows.flatMap((row) => attributionOf(row).map(([kind, name]) => ({ kind, name, signups: sign, confirmed: confirmedNow(row) ? sign : 0 }))),
  )
}

/** Pending signups that were just confirmed: a confirmation on their confirmation day. */
export const tallyConfirmations = (tx: SqlExecutor, rows: readonly TalliedRow[]): Promise<void> =>
  applyChanges(
    tx,
    rows.map((row) => ({ at: row.confirmed_at ?? new Date(), signups: 0, confirmations: 1 })),
    rows.flatMap((row) => attributionOf(row).map(([kind, name]) => ({ kind, name, signups: 0, confirmed: 1 }))),
  )

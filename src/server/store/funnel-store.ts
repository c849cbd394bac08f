/**
 * The launch funnel's read: visits from the visit counters, signups and confirmations from the
 * tallies kept in step (tallies.ts), friends referred, drop entries and redeemed drop codes from
 * index ranges of the last FUNNEL_DAYS days. Small reads side by side; none walks the list, so it
 * costs the same at ten signups or a million.
 */
import {
  FUNNEL_DAYS,
  FUNNEL_HOURS,
  FUNNEL_LIMIT,
  noSteps,
  type Funnel,
  type FunnelBreakdown,
  type FunnelLink,
  type FunnelNow,
  type FunnelPeriod,
  type StepCounts,
} from "../../signup/funnel"
import { parameters, type Engine } from "./database"
import type { StoreContext } from "./store-context"

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

type Count = number | string | null | undefined
const count = (value: Count): number => Number(value ?? 0)

/**
 * A time column's UTC hour as text ("2026-11-23T14"). SQLite keeps times as ISO 8601 text, whose
 * first 13 characters are the hour; PostgreSQL keeps timestamptz, written out in UTC.
 */
const HOUR_OF: Record<Engine, (column: string) => string> = {
  sqlite: (column) => `substr(${column}, 1, 13)`,
  postgres: (column) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`,
}

/** Friends credited to a referral link: confirmed, came through a link, not held (the index signups_referred_confirmed). */
const REFERRED = "status = 'confirmed' and referred_by is not null and referral_held is null"

/** The hours ("2026-11-23T14") and days of the series, oldest first, ending at `now`'s. */
export const seriesStarts = (now: Date): { hours: string[]; days: string[] } => ({
  hours: Array.from({ length: FUNNEL_HOURS }, (_, index) => new Date(now.getTime() - (FUNNEL_HOURS - 1 - index) * HOUR_MS).toISOString().slice(0, 13)),
  days: Array.from({ length: FUNNEL_DAYS }, (_, index) => new Date(now.getTime() - (FUNNEL_DAYS - 1 - index) * DAY_MS).toISOString().slice(0, 10)),
})

type Step = keyof StepCounts | "views"

/** Adds rows of hours ("2026-11-23T14") to the series: each to its hour, when the hourly series has it, and to its day. */
const addHours = (periods: Map<string, FunnelPeriod>, step: Step, rows: Array<{ starts: string; n: Count }>): void => {
  for (const row of rows) {
    for (const key of [row.starts, row.starts.slice(0, 10)]) {
      const period = periods.get(key)
      if (period) period[step] += count(row.n)
    }
  }
}

const sum = (periods: FunnelPeriod[]): StepCounts => {
  const total = noSteps()
  for (const period of periods) for (const step of Object.keys(total) as Array<keyof StepCounts>) total[step] += period[step]
  return total
}

const scaled = (counts: StepCounts, by: number): StepCounts => {
  const result = noSteps()
  for (const step of Object.keys(result) as Array<keyof StepCounts>) result[step] = counts[step] * by
  return result
}

const added = (...all: StepCounts[]): StepCounts => {
  const result = noSteps()
  for (const counts of all) for (const step of Object.keys(result) as Array<keyof StepCounts>) result[step] += counts[step]
  return result
}

const rounded = (counts: StepCounts): StepCounts => {
  const result = noSteps()
  for (const step of Object.keys(result) as Array<keyof StepCounts>) result[step] = Math.round(counts[step])
  return result
}

/**
 * Today and the last hour, each beside the same stretch a day before, from the hourly series
 * (the current hour last). Counts are kept per hour, so the part of an hour that a stretch covers
 * is taken pro rata: at 14:15, today is 00:00 to now and the same time yesterday is yesterday's
 * 00:00 to 14:00 and a quarter of its 14:00 hour; the last hour is this hour so far and three
 * quarters of the one before.
 */
export const funnelNow = (hours: FunnelPeriod[], now: Date): FunnelNow => {
  const current = hours.length - 1
  const hourOfDay = now.getUTCHours()
  const elapsed = (now.getTime() % HOUR_MS) / HOUR_MS
  const at = (index: number): StepCounts => (index >= 0 && index < hours.length ? hours[index] : noSteps())
  const yesterday = current - 24
  return {
    today: sum(hours.slice(current - hourOfDay)),
    sameTimeYesterday: rounded(added(sum(hours.slice(Math.max(0, yesterday - hourOfDay), yesterday)), scaled(at(yesterday), elapsed))),
    lastHour: rounded(added(at(current), scaled(at(current - 1), 1 - elapsed))),
    lastHourYesterday: rounded(added(scaled(at(yesterday), elapsed), scaled(at(yesterday - 1), 1 - elapsed))),
  }
}

/** Names of one kind of attribution, with their visits and signups: the most visited first, then the most signed up. */
const breakdown = (visits: Map<string, number>, signups: Map<string, { signups: number; confirmed: number }>): FunnelBreakdown[] =>
  [...new Set([...visits.keys(), ...signups.keys()])]
    .map((name) => ({ name, visits: visits.get(name) ?? 0, signups: signups.get(name)?.signups ?? 0, confirmed: signups.get(name)?.confirmed ?? 0 }))
    .sort((a, b) => b.visits - a.visits || b.signups - a.signups || a.name.localeCompare(b.name))
    .slice(0, FUNNEL_LIMIT)

export const funnelReader =
  ({ db, ready }: StoreContext) =>
  async (now: Date): Promise<Funnel> => {
    await ready()
    const { hours: hourList, days: dayList } = seriesStarts(now)
    const firstHour = hourList[0]
    const firstDay = dayList[0]
    const since = `${firstDay}T00:00:00.000Z`
    const hourOf = HOUR_OF[db.engine]
    type Starts = { starts: string; n: Count }
    type Named = { name: string; n: Count }
    const visitsBy = (dimension: string) =>
      db.query<Named>(
        "select name, sum(landings) as n from visit_counts where period = 'day' and dimension = $1 group by name order by n desc, name limit $2",
        [dimension, FUNNEL_LIMIT],
      )
    const signupsBy = (kind: string) =>
      db.query<{ name: string; signups: Count; confirmed: Count }>(
        "select name, signups, confirmed from attribution_tallies where kind = $1 and signups > 0 order by signups desc, name limit $2",
        [kind, FUNNEL_LIMIT],
      )
    const [
      visitHours,
      visitDays,
      [visitTotal],
      signupHours,
      signupDays,
      [signupTotal],
      referredHours,
      [referredTotal],
      enteredHours,
      [enteredTotal],
      redeemedHours,
      [redeemedTotal],
      ...attributions
    ] = await Promise.all([
      db.query<{ starts: string; views: Count; landings: Count }>(
        "select starts, views, landings from visit_counts where period = 'hour' and dimension = 'all' and name = '' and starts >= $1",
        [firstHour],
      ),
      db.query<{ starts: string; views: Count; landings: Count }>(
        "select starts, views, landings from visit_counts where period = 'day' and dimension = 'all' and name = '' and starts >= $1",
        [firstDay],
      ),
      db.query<{ views: Count; landings: Count }>(
        "select sum(views) as views, sum(landings) as landings from visit_counts where period = 'day' and dimension = 'all' and name = ''",
      ),
      db.query<{ hour: string; signups: Count; confirmations: Count }>("select hour, signups, confirmations from hourly_tallies where hour >= $1", [firstHour]),
      db.query<{ day: string; signups: Count; confirmations: Count }>("select day, signups, confirmations from daily_tallies where day >= $1", [firstDay]),
      db.query<{ signups: Count; confirmations: Count }>("select sum(signups) as signups, sum(confirmations) as confirmations from daily_tallies"),
      db.query<Starts>(`select ${hourOf("confirmed_at")} as starts, count(*) as n from signups where ${REFERRED} and confirmed_at >= $1 group by 1`, [since]),
      db.query<{ n: Count }>(`select count(*) as n from signups where ${REFERRED}`),
      db.query<Starts>("select substr(entered_at, 1, 13) as starts, count(*) as n from drop_entries where entered_at >= $1 group by 1", [since]),
      db.query<{ n: Count }>("select sum(entrants) as n from drop_tallies"),
      db.query<Starts>("select substr(redeemed_at, 1, 13) as starts, count(*) as n from drop_prizes where redeemed_at >= $1 group by 1", [since]),
      db.query<{ n: Count }>("select count(*) as n from drop_prizes where redeemed_at is not null"),
      visitsBy("source"),
      visitsBy("campaign"),
      visitsBy("referrer"),
      signupsBy("source"),
      signupsBy("campaign"),
      signupsBy("referrer"),
    ])
    const blank = (starts: string): FunnelPeriod => ({ starts, views: 0, ...noSteps() })
    const periods = new Map<string, FunnelPeriod>([...hourList, ...dayList].map((starts) => [starts, blank(starts)]))
    // The hourly and daily visit counters and tallies each fill their own series.
    for (const rows of [visitHours, visitDays]) {
      for (const row of rows) {
        const period = periods.get(row.starts)
        if (!period) continue
        period.views += count(row.views)
        period.visits += count(row.landings)
      }
    }
    for (const row of [...signupHours.map((row) => ({ ...row, starts: row.hour })), ...signupDays.map((row) => ({ ...row, starts: row.day }))]) {
      const period = periods.get(row.starts)
      if (!period) continue
      period.signups += count(row.signups)
      period.confirmed += count(row.confirmations)
    }
    // The rest are read per hour over the whole window.
    addHours(periods, "referred", referredHours)
    addHours(periods, "entered", enteredHours)
    addHours(periods, "redeemed", redeemedHours)

    const hours = hourList.map((starts) => periods.get(starts) as FunnelPeriod)
    const days = dayList.map((starts) => periods.get(starts) as FunnelPeriod)
    const [sourceVisits, campaignVisits, referrerVisits, sourceSignups, campaignSignups, referrerSignups] = attributions as [
      Named[],
      Named[],
      Named[],
      Array<{ name: string; signups: Count; confirmed: Count }>,
      Array<{ name: string; signups: Count; confirmed: Count }>,
      Array<{ name: string; signups: Count; confirmed: Count }>,
    ]
    const fill = async (kind: string, visitRows: Named[], signupRows: Array<{ name: string; signups: Count; confirmed: Count }>) => {
      const visits = new Map(visitRows.map((row) => [row.name, count(row.n)]))
      const signups = new Map(signupRows.map((row) => [row.name, { signups: count(row.signups), confirmed: count(row.confirmed) }]))
      // A name high on one list and not on the other is looked up, so both of its figures are there.
      const needVisits = [...signups.keys()].filter((name) => !visits.has(name))
      const needSignups = [...visits.keys()].filter((name) => !signups.has(name))
      const [moreVisits, moreSignups] = await Promise.all([
        needVisits.length === 0
          ? []
          : db.query<Named>(
              `select name, sum(landings) as n from visit_counts where period = 'day' and dimension = $1 and name in (${parameters(needVisits.length, 2)}) group by name`,
              [kind, ...needVisits],
            ),
        needSignups.length === 0
          ? []
          : db.query<{ name: string; signups: Count; confirmed: Count }>(
              `select name, signups, confirmed from attribution_tallies where kind = $1 and name in (${parameters(needSignups.length, 2)})`,
              [kind, ...needSignups],
            ),
      ])
      for (const row of moreVisits) visits.set(row.name, count(row.n))
      for (const row of moreSignups) signups.set(row.name, { signups: count(row.signups), confirmed: count(row.confirmed) })
      return breakdown(visits, signups)
    }
    const [sources, campaigns, referrers, { links, sharing }] = await Promise.all([
      fill("source", sourceVisits, sourceSignups),
      fill("campaign", campaignVisits, campaignSignups),
      fill("referrer", referrerVisits, referrerSignups),
      readLinks(db, firstDay),
    ])
    const recent = sum(days)
    return {
      total: {
        views: count(visitTotal?.views),
        visits: count(visitTotal?.landings),
        signups: count(signupTotal?.signups),
        confirmed: count(signupTotal?.confirmations),
        referred: count(referredTotal?.n),
        entered: count(enteredTotal?.n),
        redeemed: count(redeemedTotal?.n),
      },
      now: funnelNow(hours, now),
      hours,
      days,
      sources,
      campaigns,
      referrers,
      links,
      sharing: { links: sharing, people: count(signupTotal?.signups) },
      viralCoefficient: recent.confirmed > 0 ? recent.referred / recent.confirmed : null,
    }
  }

/**
 * The most visited referral links since `firstDay`, with the friends who signed up through each,
 * and how many links were visited at all (one pass over the window's link counters).
 */
const readLinks = async (db: StoreContext["db"], firstDay: string): Promise<{ links: FunnelLink[]; sharing: number }> => {
  const visited = await db.query<{ name: string; n: Count; links: Count }>(
    `select name, sum(landings) as n, count(*) over () as links from visit_counts
     where period = 'day' and dimension = 'ref' and starts >= $1 group by name order by n desc, name limit $2`,
    [firstDay, FUNNEL_LIMIT],
  )
  if (visited.length === 0) return { links: [], sharing: 0 }
  const codes = visited.map((row) => row.name)
  const friends = await db.query<{ code: string; signups: Count; confirmed: Count }>(
    `select referred_by as code, count(*) as signups, sum(case when status = 'confirmed' then 1 else 0 end) as confirmed
     from signups where referred_by in (${parameters(codes.length)}) group by referred_by`,
    codes,
  )
  const byCode = new Map(friends.map((row) => [row.code, row]))
  return {
    links: visited.map((row) => ({
      code: row.name,
      visits: count(row.n),
      signups: count(byCode.get(row.name)?.signups),
      confirmed: count(byCode.get(row.name)?.confirmed),
    })),
    sharing: count(visited[0].links),
  }
}

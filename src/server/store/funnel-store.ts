/**
 * The launch funnel's read, from counters kept in step and the tops of their indexes: views from
 * the visit counters and their totals (visit-links.ts), signups and confirmations from the
 * tallies (tallies.ts), friends referred, drop entries and redeemed codes from the same tallies'
 * columns, which triggers keep (funnel-schema.ts). Small reads side by side; none walks the list
 * or a window of its rows, so it costs the same at ten signups or a million.
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
import { parameters } from "./database"
import type { StoreContext } from "./store-context"
import { countWindow, friendsOf, moveWindow, readWindow } from "./visit-links"
import { DAY_MS, HOUR_MS } from "../../signup/durations"

type Count = number | string | null | undefined
const count = (value: Count): number => Number(value ?? 0)

/** The hours ("2026-11-23T14") and days of the series, oldest first, ending at `now`'s. */
export const seriesStarts = (now: Date): { hours: string[]; days: string[] } => ({
  hours: Array.from({ length: FUNNEL_HOURS }, (_, index) => new Date(now.getTime() - (FUNNEL_HOURS - 1 - index) * HOUR_MS).toISOString().slice(0, 13)),
  days: Array.from({ length: FUNNEL_DAYS }, (_, index) => new Date(now.getTime() - (FUNNEL_DAYS - 1 - index) * DAY_MS).toISOString().slice(0, 10)),
})

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
  ({ db, ready, transaction }: StoreContext) =>
  async (now: Date): Promise<Funnel> => {
    await ready()
    const { hours: hourList, days: dayList } = seriesStarts(now)
    const firstHour = hourList[0]
    const firstDay = dayList[0]
    type Named = { name: string; n: Count }
    type Steps = { signups: Count; confirmations: Count; referred: Count; entered: Count; redeemed: Count }
    const stepColumns = "signups, confirmations, referred, entered, redeemed"
    const visitsBy = (dimension: string) =>
      db.query<Named>("select name, landings as n from visit_totals where dimension = $1 order by landings desc, name limit $2", [dimension, FUNNEL_LIMIT])
    const signupsBy = (kind: string) =>
      db.query<{ name: string; signups: Count; confirmed: Count }>(
        "select name, signups, confirmed from attribution_tallies where kind = $1 and signups > 0 order by signups desc, name limit $2",
        [kind, FUNNEL_LIMIT],
      )
    const [visitHours, visitDays, [visitTotal], stepHours, stepDays, [stepTotal], [enteredTotal], ...attributions] = await Promise.all([
      db.query<{ starts: string; views: Count; landings: Count }>(
        "select starts, views, landings from visit_counts where period = 'hour' and dimension = 'all' and name = '' and starts >= $1",
        [firstHour],
      ),
      db.query<{ starts: string; views: Count; landings: Count }>(
        "select starts, views, landings from visit_counts where period = 'day' and dimension = 'all' and name = '' and starts >= $1",
        [firstDay],
      ),
      db.query<{ views: Count; landings: Count }>("select views, landings from visit_totals where dimension = 'all' and name = ''"),
      db.query<Steps & { starts: string }>(`select hour as starts, ${stepColumns} from hourly_tallies where hour >= $1`, [firstHour]),
      db.query<Steps & { starts: string }>(`select day as starts, ${stepColumns} from daily_tallies where day >= $1`, [firstDay]),
      db.query<Steps>(
        "select sum(signups) as signups, sum(confirmations) as confirmations, sum(referred) as referred, sum(redeemed) as redeemed from daily_tallies",
      ),
      db.query<{ n: Count }>("select sum(entrants) as n from drop_tallies"),
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
    for (const row of [...stepHours, ...stepDays]) {
      const period = periods.get(row.starts)
      if (!period) continue
      period.signups += count(row.signups)
      period.confirmed += count(row.confirmations)
      period.referred += count(row.referred)
      period.entered += count(row.entered)
      period.redeemed += count(row.redeemed)
    }

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
          : db.query<Named>(`select name, landings as n from visit_totals where dimension = $1 and name in (${parameters(needVisits.length, 2)})`, [
              kind,
              ...needVisits,
            ]),
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
      readLinks({ db, transaction }, firstDay),
    ])
    const recent = sum(days)
    return {
      total: {
        views: count(visitTotal?.views),
        visits: count(visitTotal?.landings),
        signups: count(stepTotal?.signups),
        confirmed: count(stepTotal?.confirmations),
        referred: count(stepTotal?.referred),
        entered: count(enteredTotal?.n),
        redeemed: count(stepTotal?.redeemed),
      },
      now: funnelNow(hours, now),
      hours,
      days,
      sources,
      campaigns,
      referrers,
      links,
      sharing: { links: sharing, people: count(stepTotal?.signups) },
      viralCoefficient: recent.confirmed > 0 ? recent.referred / recent.confirmed : null,
    }
  }

/**
 * The most visited referral links since `firstDay`, with the friends who signed up through each,
 * and how many links were visited at all: from the window's counters (visit-links.ts), moved on
 * to `firstDay` first when a day has passed; a read of an earlier window counts the day counters.
 */
const readLinks = async (
  { db, transaction }: Pick<StoreContext, "db" | "transaction">,
  firstDay: string,
): Promise<{ links: FunnelLink[]; sharing: number }> => {
  const [window] = await db.query<{ starts: string }>("select starts from link_visits_window")
  const kept = window?.starts === firstDay || (await transaction((tx) => moveWindow(tx, db.engine, firstDay)))
  const visited = kept ? await readWindow(db, FUNNEL_LIMIT) : await countWindow(db, firstDay, FUNNEL_LIMIT)
  const friends = await friendsOf(
    db,
    visited.top.map((row) => row.name),
  )
  const byCode = new Map(friends.map((row) => [row.code, row]))
  return {
    links: visited.top.map((row) => ({
      code: row.name,
      visits: count(row.n),
      signups: count(byCode.get(row.name)?.signups),
      confirmed: count(byCode.get(row.name)?.confirmed),
    })),
    sharing: visited.links,
  }
}

/**
 * Which snapshots to keep: the newest of each of the last `hourly` hours that have one, and the
 * newest of each of the last `daily` days that have one (as restic's keep-hourly/keep-daily),
 * never one older than `daily` days (the privacy page's promise), always the newest.
 */
import { DAY_MS } from "../../signup/durations"

export interface Rotation {
  hourly: number
  daily: number
}

/** A snapshot's file name from the instant it was taken: signups-20261125T042100Z.db. */
export const snapshotName = (takenAt: Date): string => `signups-${takenAt.toISOString().replace(/[-:]/g, "").replace(/\.\d+/, "")}.db`

/** The instant in a snapshot's file name, or null for any other file. */
export const snapshotTime = (name: string): Date | null => {
  const match = /^signups-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.db$/.exec(name)
  if (!match) return null
  const [, year, month, day, hour, minute, second] = match
  return new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`)
}

/** The names of `names` to keep at `now`; the rest are deleted. */
export const snapshotsToKeep = (names: readonly string[], now: Date, { hourly, daily }: Rotation): Set<string> => {
  const taken = names
    .map((name) => ({ name, time: snapshotTime(name) }))
    .filter((snapshot): snapshot is { name: string; time: Date } => snapshot.time !== null && now.getTime() - snapshot.time.getTime() <= daily * DAY_MS)
    .sort((a, b) => b.time.getTime() - a.time.getTime())
  const keep = new Set<string>(taken.slice(0, 1).map((snapshot) => snapshot.name))
  const newestPer = (bucket: (time: Date) => string, count: number) => {
    const seen = new Set<string>()
    for (const snapshot of taken) {
      const key = bucket(snapshot.time)
      if (seen.has(key)) continue
      if (seen.size >= count) break
      seen.add(key)
      keep.add(snapshot.name)
    }
  }
  newestPer((time) => time.toISOString().slice(0, 13), hourly)
  newestPer((time) => time.toISOString().slice(0, 10), daily)
  return keep
}

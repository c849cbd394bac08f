/**
 * The erasure log: one line per person who left the list (or was erased by the owner), kept in
 * a file apart from the database, so restoring an older snapshot can take out again everyone
 * who left after it was taken. Each line holds only the one-way suppression key and the time:
 * nothing in it can be turned back into an address. A person who confirms again later gets a
 * "back" line, so a restore does not take out someone who came back on purpose.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs"
import path from "node:path"

export interface ErasureEntry {
  /** When it happened (ISO 8601). */
  at: string
  /** suppressionKey(emailKey): SHA-256 of the normalised address. */
  key: string
  /** left: erased or unsubscribed; back: confirmed again from their own inbox. */
  kind: "left" | "back"
}

/** Appends one entry and waits until it is on disk: it is written before the erasure commits. */
export const appendErasure = (file: string, entry: ErasureEntry): void => {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  const fd = openSync(file, "a", 0o600)
  try {
    writeSync(fd, `${JSON.stringify(entry)}\n`)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

const isEntry = (value: unknown): value is ErasureEntry => {
  const entry = value as Partial<ErasureEntry> | null
  return (
    typeof entry?.at === "string" &&
    !Number.isNaN(Date.parse(entry.at)) &&
    typeof entry.key === "string" &&
    /^[0-9a-f]{64}$/.test(entry.key) &&
    (entry.kind === "left" || entry.kind === "back")
  )
}

/** Every entry in the log, in order; a line cut short by a crash while it was written is skipped and counted. */
export const readErasures = (file: string): { entries: ErasureEntry[]; unreadable: number } => {
  if (!existsSync(file)) return { entries: [], unreadable: 0 }
  const entries: ErasureEntry[] = []
  let unreadable = 0
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.trim() === "") continue
    try {
      const parsed: unknown = JSON.parse(line)
      if (isEntry(parsed)) entries.push(parsed)
      else unreadable += 1
    } catch {
      unreadable += 1
    }
  }
  return { entries, unreadable }
}

/**
 * The keys to take out of a snapshot taken at `takenAt`: everyone whose last entry since then
 * says they left. Entries from before the snapshot are in it already.
 */
export const leftSince = (entries: readonly ErasureEntry[], takenAt: string): string[] => {
  const latest = new Map<string, ErasureEntry["kind"]>()
  const since = Date.parse(takenAt)
  for (const entry of entries) if (Date.parse(entry.at) >= since) latest.set(entry.key, entry.kind)
  return [...latest].filter(([, kind]) => kind === "left").map(([key]) => key)
}

/**
 * The erasure log: one line per person who left the list (or was erased by the owner), kept in
 * a file apart from the database, so restoring an older snapshot can take out again everyone
 * who left after it was taken. Each line holds only the suppression key, keyed with the list's
 * pepper (src/server/keys/), and the time: nothing in it can be turned back into an address, or
 * matched against one without the pepper. A person who confirms again later gets a "back" line,
 * so a restore does not take out someone who came back on purpose.
 *
 * Lines written before keys were keyed hold plain SHA-256 keys: they are read as keyed, and the
 * store rewrites them once (rekeyErasureLog) when it keys its own.
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from "node:fs"
import { mkdir, open } from "node:fs/promises"
import path from "node:path"
import { keyedSuppression } from "../keys/suppression-key"
import type { ErasureEntry } from "../store/store-context"

export type { ErasureEntry } from "../store/store-context"

/** A line as written: `keyed` marks a key made with the pepper (lines from before it lack it). */
type ErasureLine = ErasureEntry & { keyed?: true }

/**
 * Appends one entry and resolves once it is on disk: it is written before the erasure commits.
 * The write and its sync run on the thread pool, so the server's thread serves others meanwhile.
 */
export const appendErasure = async (file: string, entry: ErasureEntry): Promise<void> => {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  const handle = await open(file, "a", 0o600)
  try {
    await handle.write(`${JSON.stringify({ ...entry, keyed: true } satisfies ErasureLine)}\n`)
    await handle.sync()
  } finally {
    await handle.close()
  }
}

const isLine = (value: unknown): value is ErasureLine => {
  const entry = value as Partial<ErasureLine> | null
  return (
    typeof entry?.at === "string" &&
    !Number.isNaN(Date.parse(entry.at)) &&
    typeof entry.key === "string" &&
    /^[0-9a-f]{64}$/.test(entry.key) &&
    (entry.kind === "left" || entry.kind === "back") &&
    (entry.keyed === undefined || entry.keyed === true)
  )
}

/** Each line of the log, parsed where it can be (null: a line cut short by a crash while it was written). */
const readLines = (file: string): Array<{ text: string; line: ErasureLine | null }> =>
  existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter((text) => text.trim() !== "")
        .map((text) => {
          try {
            const parsed: unknown = JSON.parse(text)
            return { text, line: isLine(parsed) ? parsed : null }
          } catch {
            return { text, line: null }
          }
        })
    : []

/** An entry with its key keyed with `pepper`, however the line was written. */
const keyedEntry = ({ at, key, kind, keyed }: ErasureLine, pepper: string): ErasureEntry => ({ at, key: keyed ? key : keyedSuppression(pepper, key), kind })

/** Every entry in the log, in order, keys keyed with `pepper`; a line cut short by a crash while it was written is skipped and counted. */
export const readErasures = (file: string, pepper: string): { entries: ErasureEntry[]; unreadable: number } => {
  const lines = readLines(file)
  return {
    entries: lines.flatMap(({ line }) => (line ? [keyedEntry(line, pepper)] : [])),
    unreadable: lines.filter(({ line }) => line === null).length,
  }
}

/**
 * Rewrites the log's lines from before keys were keyed with their keys keyed (other lines, those
 * cut short too, as they were): written whole under another name, synced, then put in place.
 * Called by the store in the transaction that keys its own keys, so no erasure is appended meanwhile.
 */
export const rekeyErasureLog = (file: string, pepper: string): void => {
  const lines = readLines(file)
  if (!lines.some(({ line }) => line && !line.keyed)) return
  const rewritten = lines.map(({ text, line }) =>
    line && !line.keyed ? JSON.stringify({ ...keyedEntry(line, pepper), keyed: true } satisfies ErasureLine) : text,
  )
  const temporary = `${file}.rekeying`
  const fd = openSync(temporary, "w", 0o600)
  try {
    writeSync(fd, `${rewritten.join("\n")}\n`)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temporary, file)
  const folder = openSync(path.dirname(file), "r")
  try {
    fsyncSync(folder)
  } finally {
    closeSync(folder)
  }
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

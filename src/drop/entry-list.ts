/**
 * The frozen entry list as it is published: one line per entry (its pseudonymous id, the size,
 * its tickets), sorted by id, and its SHA-256, the list hash. The draw ranks these entries, the
 * verifiers read the list back, and a person finds their own line in it. Browser-safe (Web Crypto).
 */

/** One frozen entry as the draw sees it: a pseudonymous id, the size entered, its tickets. */
export interface DrawEntry {
  id: string
  size: string
  tickets: number
}

const ENTRY_ID = /^[0-9a-z]{8,64}$/

export const describeEntry = (entry: DrawEntry): string => `entry ${JSON.stringify(entry.id)}`

export const isSizeText = (size: string): boolean => typeof size === "string" && size !== "" && !/[\t\r\n]/.test(size)

/** Why an entry's id or tickets cannot be, or null when they can. */
export const idOrTicketsProblem = (entry: DrawEntry): string | null => {
  if (typeof entry.id !== "string" || !ENTRY_ID.test(entry.id)) {
    return `${describeEntry(entry)}: an entry id must be 8 to 64 characters of 0-9 and a-z`
  }
  if (!Number.isSafeInteger(entry.tickets) || entry.tickets < 1) {
    return `${describeEntry(entry)}: tickets must be a whole number of at least 1 (got ${String(entry.tickets)})`
  }
  return null
}

/** Why an entry cannot be in the list, or null when it can. */
const entryProblem = (entry: DrawEntry): string | null =>
  idOrTicketsProblem(entry) ?? (isSizeText(entry.size) ? null : `${describeEntry(entry)}: the size must be non-empty text without tabs or line breaks`)

/** One entry's line in the published list, line break included. */
export const entryLine = (entry: DrawEntry): string => `${entry.id}\t${entry.size}\t${entry.tickets}\n`

/**
 * The canonical entry list: the exact text the list hash covers and the server publishes.
 * Entries sorted by id (code-unit order), one line each: `${id}\t${size}\t${tickets}\n`.
 */
export const entryListText = (entries: readonly DrawEntry[]): string => {
  for (const entry of entries) {
    const problem = entryProblem(entry)
    if (problem) throw new Error(`The entry list has a bad entry: ${problem}`)
  }
  const sorted = [...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  let text = ""
  for (let i = 0; i < sorted.length; i += 1) {
    const entry = sorted[i]
    if (i > 0 && sorted[i - 1].id === entry.id) throw new Error(`The entry list names ${describeEntry(entry)} twice`)
    text += entryLine(entry)
  }
  return text
}

/**
 * Reads a published entry list back. Accepts only the canonical text (sorted, unique ids, plain
 * ticket numbers), so a list reads back only if `entryListText` would write it byte for byte.
 */
export const parseEntryList = (text: string): DrawEntry[] => {
  if (text === "") return []
  if (!text.endsWith("\n")) throw new Error("The entry list must end with a line break")
  const lines = text.slice(0, -1).split("\n")
  const entries: DrawEntry[] = []
  for (let i = 0; i < lines.length; i += 1) {
    const lineNumber = i + 1
    const fields = lines[i].split("\t")
    if (fields.length !== 3) {
      throw new Error(`Line ${lineNumber} of the entry list should be id, size and tickets separated by tabs`)
    }
    const [id, size, ticketText] = fields
    if (!/^[1-9][0-9]*$/.test(ticketText)) {
      const got = JSON.stringify(ticketText)
      throw new Error(`Line ${lineNumber} of the entry list: tickets must be a whole number of at least 1 (got ${got})`)
    }
    const entry: DrawEntry = { id, size, tickets: Number(ticketText) }
    const problem = entryProblem(entry)
    if (problem) throw new Error(`Line ${lineNumber} of the entry list: ${problem}`)
    const previous = entries[entries.length - 1]
    if (previous && previous.id >= id) {
      const order = `${JSON.stringify(id)} follows ${JSON.stringify(previous.id)}`
      throw new Error(`Line ${lineNumber} of the entry list: ids must be unique and in order, and ${order}`)
    }
    entries.push(entry)
  }
  return entries
}

const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"))

export const toHex = (bytes: Uint8Array): string => {
  let hex = ""
  for (const byte of bytes) hex += HEX_BYTES[byte]
  return hex
}

const encoder = new TextEncoder()
export const utf8 = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text)

/** SHA-256 of the text as UTF-8, in lowercase hex. */
export const sha256Hex = async (text: string): Promise<string> => toHex(new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", utf8(text))))

/** The hash published at close: SHA-256 of the canonical entry list. */
export const entryListHash = async (entries: readonly DrawEntry[]): Promise<string> => sha256Hex(entryListText(entries))

/** Where a person's entry stands in a published list: its line (1-based) as published, or not there at all. */
export type EntryFinding = { kind: "found"; line: number; entry: DrawEntry } | { kind: "missing" }

/**
 * Finds an entry by its id in the published list's text without reading the whole list into
 * objects (a million lines stay one string): the line that starts with the id and a tab.
 */
export const findEntry = (listText: string, id: string): EntryFinding => {
  if (!ENTRY_ID.test(id)) return { kind: "missing" }
  const inside = listText.indexOf(`\n${id}\t`)
  const at = listText.startsWith(`${id}\t`) ? 0 : inside === -1 ? -1 : inside + 1
  if (at === -1) return { kind: "missing" }
  const end = listText.indexOf("\n", at)
  const [, size, tickets] = listText.slice(at, end === -1 ? undefined : end).split("\t")
  let line = 1
  for (let index = listText.indexOf("\n"); index !== -1 && index < at; index = listText.indexOf("\n", index + 1)) line += 1
  return { kind: "found", line, entry: { id, size: size ?? "", tickets: Number(tickets) } }
}

/** What a person finds when they look for their own entry in the published list. */
export type MyEntryCheck =
  | { kind: "found"; line: number; count: number }
  /** The list has the entry, with another size or other tickets than the person's page says. */
  | { kind: "differs"; listed: DrawEntry }
  | { kind: "missing" }
  /** The list downloaded does not hash to the fingerprint published at close. */
  | { kind: "listChanged" }

/**
 * Checks a person's entry (as their status page knows it) against the published list: the list
 * must hash to the fingerprint published at close, and hold the entry's line exactly.
 */
export const checkMyEntry = async (listText: string, listHash: string, mine: DrawEntry): Promise<MyEntryCheck> => {
  if ((await sha256Hex(listText)) !== listHash) return { kind: "listChanged" }
  const found = findEntry(listText, mine.id)
  if (found.kind === "missing") return found
  if (found.entry.size !== mine.size || found.entry.tickets !== mine.tickets) return { kind: "differs", listed: found.entry }
  let count = 0
  for (let index = listText.indexOf("\n"); index !== -1; index = listText.indexOf("\n", index + 1)) count += 1
  return { kind: "found", line: found.line, count }
}

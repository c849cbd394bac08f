/**
 * The drop's draw rule, the one copy of it: the server draws with it, and the command-line
 * verifier and the drop page's verifier recompute with it. Browser-safe (Web Crypto only).
 *
 * The rule, commit-reveal:
 * 1. Before entries open the owner publishes `seedHash` = SHA-256 of the seed's text.
 * 2. At close the entries are frozen: the entry list (`entryListText`) and its SHA-256,
 *    `listHash`, are published.
 * 3. The draw reveals the seed. Each ticket t (1-based) of an entry gets the hash
 *    HMAC-SHA256(key = the seed's text, message = `${listHash}:${id}:${t}`), in lowercase hex.
 *    An entry's score is its lowest ticket hash, so each person counts once, with odds in
 *    proportion to their tickets. Each size's entries in order of (score, id): the first
 *    `pieces` win, the rest in the same order are that size's reserve list.
 */
import type { SizeStock } from "./contract"

/** One frozen entry as the draw sees it: a pseudonymous id, the size entered, its tickets. */
export interface DrawEntry {
  id: string
  size: string
  tickets: number
}

/** One size's outcome: who won, and who is next in line, best first. */
export interface SizeDraw {
  size: string
  pieces: number
  entrants: number
  winners: string[]
  reserve: string[]
}

/** The draw's outcome, one item per size in the order of the stock. */
export interface DrawResult {
  bySize: SizeDraw[]
}

/**
 * The keyed ticket hash: lowercase hex of HMAC-SHA256(key = the seed's text as UTF-8, message).
 * Pluggable so the server can hash synchronously with node:crypto while browsers use Web Crypto.
 */
export type TicketHasher = (message: string) => Promise<string> | string

/** What a verifier checks: the drop's public record of its draw, with the downloaded entry list. */
export interface PublishedDraw {
  seed: string
  seedHash: string
  listHash: string
  /** The entry list's text, exactly as published (see `entryListText`). */
  entryList: string
  stock: SizeStock[]
  /** Per size, the winning entry ids in the order drawn. */
  winners: Record<string, string[]>
  /** Per size, the entries promoted from the reserve list, in the order they were reached. */
  promoted?: Record<string, string[]>
}

/** A verifier's finding: ok, or the problems in words a visitor understands. */
export interface DrawCheck {
  ok: boolean
  problems: string[]
}

const ENTRY_ID = /^[0-9a-z]{8,64}$/
const HEX_64 = /^[0-9a-f]{64}$/
/** Web Crypto calls still waiting at once, at most; enough to keep its threads busy. */
const PENDING_HASHES = 256

const describeEntry = (entry: DrawEntry): string => `entry ${JSON.stringify(entry.id)}`

const isSizeText = (size: string): boolean => typeof size === "string" && size !== "" && !/[\t\r\n]/.test(size)

/** Why an entry's id or tickets cannot be, or null when they can. */
const idOrTicketsProblem = (entry: DrawEntry): string | null => {
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
    text += `${entry.id}\t${entry.size}\t${entry.tickets}\n`
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

const toHex = (bytes: Uint8Array): string => {
  let hex = ""
  for (const byte of bytes) hex += HEX_BYTES[byte]
  return hex
}

const encoder = new TextEncoder()
const utf8 = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text)

/** SHA-256 of the text as UTF-8, in lowercase hex. */
export const sha256Hex = async (text: string): Promise<string> => toHex(new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", utf8(text))))

/** The hash published at close: SHA-256 of the canonical entry list. */
export const entryListHash = async (entries: readonly DrawEntry[]): Promise<string> => sha256Hex(entryListText(entries))

const checkSeed = (seed: string): void => {
  if (typeof seed !== "string" || !HEX_64.test(seed)) throw new Error("The seed must be 64 lowercase hexadecimal characters")
}

/** The hash published before entries open: SHA-256 of the seed's text. */
export const seedHash = async (seed: string): Promise<string> => {
  checkSeed(seed)
  return sha256Hex(seed)
}

/** A new secret seed: 32 random bytes in lowercase hex. */
export const newSeed = (): string => toHex(globalThis.crypto.getRandomValues(new Uint8Array(32)))

/** The ticket hasher on Web Crypto, for browsers (and Node); the key is imported once. */
export const webCryptoTicketHasher = async (seed: string): Promise<TicketHasher> => {
  checkSeed(seed)
  const key = await globalThis.crypto.subtle.importKey("raw", utf8(seed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"])
  return async (message) => toHex(new Uint8Array(await globalThis.crypto.subtle.sign("HMAC", key, utf8(message))))
}

/** Each size's index in the stock, after checking the stock names each size once. */
const indexStock = (stock: readonly SizeStock[]): Map<string, number> => {
  const sizeIndex = new Map<string, number>()
  for (const { size, pieces } of stock) {
    if (!isSizeText(size)) throw new Error(`The stock has size ${JSON.stringify(size)}: a size must be non-empty text without tabs or line breaks`)
    if (sizeIndex.has(size)) throw new Error(`The stock names size ${JSON.stringify(size)} twice`)
    if (!Number.isSafeInteger(pieces) || pieces < 0) {
      throw new Error(`Size ${size}: pieces must be a whole number of at least 0 (got ${String(pieces)})`)
    }
    sizeIndex.set(size, sizeIndex.size)
  }
  return sizeIndex
}

/**
 * Draws every size's winners and reserve list by the rule above. `listHash` is the hash published
 * at close; the caller makes sure it is the hash of these entries (the verifier checks it).
 */
export const drawWinners = async ({
  entries,
  stock,
  seed,
  listHash,
  hasher,
}: {
  entries: readonly DrawEntry[]
  stock: readonly SizeStock[]
  seed: string
  listHash: string
  hasher?: TicketHasher
}): Promise<DrawResult> => {
  checkSeed(seed)
  if (typeof listHash !== "string" || !HEX_64.test(listHash)) throw new Error("The list hash must be 64 lowercase hexadecimal characters")
  const sizeIndex = indexStock(stock)

  // Check every entry before any hashing, so a bad list fails at once. (A size in the stock is
  // well formed, so entries' sizes need only be looked up.)
  const entrySize = new Int32Array(entries.length)
  const entrants = new Array<number>(stock.length).fill(0)
  const seen = new Set<string>()
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]
    const problem = idOrTicketsProblem(entry)
    if (problem) throw new Error(`The draw has a bad entry: ${problem}`)
    if (seen.has(entry.id)) throw new Error(`The draw names ${describeEntry(entry)} twice`)
    seen.add(entry.id)
    const index = sizeIndex.get(entry.size)
    if (index === undefined) throw new Error(`${describeEntry(entry)} is for size ${JSON.stringify(entry.size)}, which is not in the stock`)
    entrySize[i] = index
    entrants[index] += 1
  }

  const ticketHash = hasher ?? (await webCryptoTicketHasher(seed))
  // Each entry's score: its lowest ticket hash ("" until the first arrives). A synchronous
  // hasher's answers are used at once; promises are awaited a batch at a time, not one by one.
  const scores = new Array<string>(entries.length).fill("")
  const keepLowest = (i: number, hash: string): void => {
    if (scores[i] === "" || hash < scores[i]) scores[i] = hash
  }
  let pending: Promise<void>[] = []
  for (let i = 0; i < entries.length; i += 1) {
    const { id, tickets } = entries[i]
    const prefix = `${listHash}:${id}:`
    for (let ticket = 1; ticket <= tickets; ticket += 1) {
      const hash = ticketHash(prefix + ticket)
      if (typeof hash === "string") {
        keepLowest(i, hash)
      } else {
        pending.push(hash.then((answer) => keepLowest(i, answer)))
        if (pending.length >= PENDING_HASHES) {
          await Promise.all(pending)
          pending = []
        }
      }
    }
  }
  await Promise.all(pending)
  // Hex of one length compares as the numbers do; a hasher giving anything else breaks that.
  if (scores.length > 0 && !HEX_64.test(scores[0])) throw new Error("The ticket hasher must answer 64 lowercase hexadecimal characters")

  // Each size's entries as indexes, then ordered by (score, id).
  const bySizeIndexes = entrants.map((count) => new Int32Array(count))
  const filled = new Array<number>(stock.length).fill(0)
  for (let i = 0; i < entries.length; i += 1) {
    const size = entrySize[i]
    bySizeIndexes[size][filled[size]] = i
    filled[size] += 1
  }
  const byScoreThenId = (a: number, b: number): number => {
    if (scores[a] !== scores[b]) return scores[a] < scores[b] ? -1 : 1
    return entries[a].id < entries[b].id ? -1 : 1
  }

  return {
    bySize: stock.map(({ size, pieces }, index) => {
      const ranked = Array.from(bySizeIndexes[index].sort(byScoreThenId), (i) => entries[i].id)
      const winnerCount = Math.min(pieces, ranked.length)
      return { size, pieces, entrants: ranked.length, winners: ranked.slice(0, winnerCount), reserve: ranked.slice(winnerCount) }
    }),
  }
}

const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((id, i) => id === b[i])

/** A list of ids short enough to read: the first few, then how many more. */
const showIds = (ids: readonly string[]): string => {
  if (ids.length === 0) return "none"
  const shown = ids.slice(0, 5).join(", ")
  return ids.length > 5 ? `${shown} and ${ids.length - 5} more` : shown
}

/** Where two lists first part, in words. */
const firstDifference = (published: readonly string[], recomputed: readonly string[]): string => {
  let place = 0
  while (place < published.length && place < recomputed.length && published[place] === recomputed[place]) place += 1
  return `first difference at place ${place + 1}: published ${published[place] ?? "nothing"}, recomputed ${recomputed[place] ?? "nothing"}`
}

/**
 * Checks a published draw: the seed against its hash, the entry list against its hash, then the
 * winners and promotions against a recomputed draw (by `drawWinners`, the same rule).
 */
export const verifyDraw = async (published: PublishedDraw, hasher?: TicketHasher): Promise<DrawCheck> => {
  const problems: string[] = []
  const done = (): DrawCheck => ({ ok: problems.length === 0, problems })

  if (typeof published.seed !== "string" || !HEX_64.test(published.seed)) {
    problems.push("The revealed seed is not 64 lowercase hexadecimal characters, so the draw cannot be recomputed")
    return done()
  }
  if ((await sha256Hex(published.seed)) !== published.seedHash) {
    problems.push("The seed does not match the hash published before entries opened")
  }
  if ((await sha256Hex(published.entryList)) !== published.listHash) {
    problems.push("The entry list does not match the hash published when entries closed")
  }

  let result: DrawResult
  try {
    const entries = parseEntryList(published.entryList)
    result = await drawWinners({ entries, stock: published.stock, seed: published.seed, listHash: published.listHash, hasher })
  } catch (error) {
    problems.push(`The draw cannot be recomputed: ${error instanceof Error ? error.message : String(error)}`)
    return done()
  }

  const stockSizes = new Set(published.stock.map(({ size }) => size))
  for (const size of Object.keys(published.winners)) {
    if (!stockSizes.has(size)) problems.push(`The published winners name size ${size}, which is not in the stock`)
  }
  for (const size of Object.keys(published.promoted ?? {})) {
    if (!stockSizes.has(size)) problems.push(`The published promotions name size ${size}, which is not in the stock`)
  }

  for (const { size, winners, reserve } of result.bySize) {
    const publishedWinners = published.winners[size] ?? []
    if (!sameList(publishedWinners, winners)) {
      problems.push(
        `Size ${size}: the published winners differ from the draw's (published ${showIds(publishedWinners)}; ` +
          `recomputed ${showIds(winners)}; ${firstDifference(publishedWinners, winners)})`,
      )
    }
    const promoted = published.promoted?.[size] ?? []
    const nextInLine = reserve.slice(0, promoted.length)
    if (!sameList(promoted, nextInLine)) {
      const expected = promoted.length > reserve.length ? `the reserve list has only ${reserve.length}` : `expected ${showIds(nextInLine)}`
      problems.push(`Size ${size}: promoted entries are not the next ones on the reserve list (published ${showIds(promoted)}; ${expected})`)
    }
  }
  return done()
}

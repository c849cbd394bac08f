/**
 * The drop's draw rule, the one copy of it: the server draws with it, and the command-line
 * verifier and the drop page's verifier recompute with it (see verify.ts). Browser-safe (Web Crypto only).
 *
 * The rule, commit-reveal with a public beacon:
 * 1. Before entries open the owner commits (see commitment.ts): `seedHash` = SHA-256 of the
 *    seed's text, and the beacon round that will also decide the draw, the first one after the
 *    close, so its value is known to nobody until after entries are frozen.
 * 2. At close the entries are frozen: the entry list (`entryListText`) and its SHA-256,
 *    `listHash`, are published.
 * 3. The draw reveals the seed and the beacon round's signature. The draw key is the text
 *    `${seed}:${signature}` (`drawKey`); each ticket t (1-based) of an entry gets the hash
 *    HMAC-SHA256(key = the draw key, message = `${listHash}:${id}:${t}`), in lowercase hex.
 *    An entry's score is its lowest ticket hash, so each person counts once, with odds in
 *    proportion to their tickets. Each size's entries in order of (score, id): the first
 *    `pieces` win, the rest in the same order are that size's reserve list.
 *
 * Whoever holds the seed still cannot steer it: any list they freeze is ranked by a key they
 * cannot know until the beacon's round is out, after the close.
 */
import type { SizeStock } from "./contract"
import { describeEntry, idOrTicketsProblem, isSizeText, sha256Hex, toHex, utf8, type DrawEntry } from "./entry-list"

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
 * The keyed ticket hash: lowercase hex of HMAC-SHA256(key = the draw key's text as UTF-8, message).
 * Pluggable so the server can hash synchronously with node:crypto while browsers use Web Crypto.
 */
export type TicketHasher = (message: string) => Promise<string> | string

const HEX_64 = /^[0-9a-f]{64}$/
/** Web Crypto calls still waiting at once, at most; enough to keep its threads busy. */
const PENDING_HASHES = 256

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

const HEX = /^(?:[0-9a-f]{2})+$/
const DRAW_KEY = /^[0-9a-f]{64}:(?:[0-9a-f]{2})+$/

/**
 * The draw key: the seed and the beacon round's signature together, as the text
 * `${seed}:${signature}`. Neither half alone tells anything about the draw.
 */
export const drawKey = (seed: string, beaconSignature: string): string => {
  checkSeed(seed)
  if (typeof beaconSignature !== "string" || !HEX.test(beaconSignature)) throw new Error("The beacon's signature must be lowercase hexadecimal")
  return `${seed}:${beaconSignature}`
}

const checkKey = (key: string): void => {
  if (typeof key !== "string" || !DRAW_KEY.test(key)) throw new Error("The draw key must be the seed and the beacon's signature (see drawKey)")
}

/** The ticket hasher on Web Crypto, for browsers (and Node); the key is imported once. */
export const webCryptoTicketHasher = async (drawKeyText: string): Promise<TicketHasher> => {
  checkKey(drawKeyText)
  const key = await globalThis.crypto.subtle.importKey("raw", utf8(drawKeyText), { name: "HMAC", hash: "SHA-256" }, false, ["sign"])
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
 * Draws every size's winners and reserve list by the rule above. `key` is `drawKey(seed, beacon
 * signature)`; `listHash` is the hash published at close: the caller makes sure it is the hash of
 * these entries, and that the beacon is the committed round's, signed (the verifier checks both).
 */
export const drawWinners = async ({
  entries,
  stock,
  key,
  listHash,
  hasher,
}: {
  entries: readonly DrawEntry[]
  stock: readonly SizeStock[]
  key: string
  listHash: string
  hasher?: TicketHasher
}): Promise<DrawResult> => {
  checkKey(key)
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

  const ticketHash = hasher ?? (await webCryptoTicketHasher(key))
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

/**
 * Checking a drop's draw, as anyone can: the drop page's "Check the draw" and `npm run
 * drop:verify` both run `checkDrop`, with the commitment and beacon chain the site was built with
 * (never the server's word for them) and the record and entry list the server publishes.
 *
 * Browser-safe; it carries the beacon's curve code, so the page loads it only on the click.
 */
import type { Beacon, BeaconChain } from "./beacon"
import { isBeaconSigned } from "./beacon-signature"
import { commitmentProblems, type DropCommitment } from "./commitment"
import type { DrawnRecord, SizeStock } from "./contract"
import { drawKey, drawWinners, type DrawResult, type TicketHasher } from "./draw"
import { parseEntryList, sha256Hex } from "./entry-list"

/** What the draw's own check is given: the record's seed, hashes, beacon and winners, the list as published, and what to hold them to. */
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
  /** The beacon round's value the draw says it used; null when it names none. */
  beacon: Beacon | null
  /** The round committed to before entries opened. */
  round: number
  /** The chain whose key the beacon's signature must check against. */
  chain: Pick<BeaconChain, "publicKey" | "scheme">
}

/** A verifier's finding: ok, or the problems in words a visitor understands. */
export interface DrawCheck {
  ok: boolean
  problems: string[]
}

/** Makes the ticket hasher for a draw key; Web Crypto's when none is given. */
export type HasherFor = (drawKeyText: string) => TicketHasher

const HEX_64 = /^[0-9a-f]{64}$/

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

/** Why the beacon cannot decide this draw, or null when it is the committed round's value, signed by the chain's key. */
const beaconProblem = async (published: PublishedDraw): Promise<string | null> => {
  const { beacon, round, chain } = published
  if (!beacon) return "The draw names no beacon value, so it cannot be recomputed"
  if (beacon.round !== round) return `The draw used beacon round ${beacon.round}, not round ${round}, the one committed to before entries opened`
  if (!(await isBeaconSigned(chain, beacon)))
    return `The beacon value given for round ${round} is not signed by the beacon chain's key: it is not the real beacon, so the draw could have been chosen`
  return null
}

/** Each size's winners and promotions against the draw recomputed. */
const outcomeProblems = (published: PublishedDraw, result: DrawResult): string[] => {
  const problems: string[] = []
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
  return problems
}

/**
 * Checks a published draw: the seed against its hash, the entry list against its hash, the beacon
 * against the committed round and the chain's key, then the winners and promotions against a
 * recomputed draw (by `drawWinners`, the same rule).
 */
export const verifyDraw = async (published: PublishedDraw, hasherFor?: HasherFor): Promise<DrawCheck> => {
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
  const beacon = await beaconProblem(published)
  if (beacon) problems.push(beacon)
  if (!published.beacon) return done()

  try {
    const entries = parseEntryList(published.entryList)
    const key = drawKey(published.seed, published.beacon.signature)
    const result = await drawWinners({ entries, stock: published.stock, key, listHash: published.listHash, hasher: hasherFor?.(key) })
    problems.push(...outcomeProblems(published, result))
  } catch (error) {
    problems.push(`The draw cannot be recomputed: ${error instanceof Error ? error.message : String(error)}`)
  }
  return done()
}

/** What the site was built with: the drop's window and commitment, and the beacon chain, from content/drops.json. */
export interface BuiltDrop {
  commitment: DropCommitment | null
  window: { opensAt: string; closesAt: string }
  chain: BeaconChain
}

/**
 * The whole check of a drawn drop: its commitment against the one the site was built with (and
 * that it predates the window, names the first round after the close, and was not outlived by a
 * late freeze), then the draw itself, held to the built commitment's round and the built chain.
 */
export const checkDrop = async (built: BuiltDrop, record: DrawnRecord, entryList: string, hasherFor?: HasherFor): Promise<DrawCheck> => {
  const problems = commitmentProblems({ built: built.commitment, live: record.commitment, chain: built.chain, window: built.window, frozenAt: record.frozenAt })
  const committed = built.commitment ?? record.commitment
  const draw = await verifyDraw(
    {
      seed: record.seed,
      seedHash: committed.seedHash,
      listHash: record.listHash,
      entryList,
      stock: record.stock,
      winners: record.winners,
      ...(record.promoted ? { promoted: record.promoted } : {}),
      beacon: record.beacon,
      round: committed.round,
      chain: built.chain,
    },
    hasherFor,
  )
  problems.push(...draw.problems)
  return { ok: problems.length === 0, problems }
}

/**
 * A drop's commitment: what the owner fixes before entries open, so that nothing they learn
 * later can steer the draw. It names the seed (by its SHA-256), the beacon chain and round whose
 * value will also decide the draw (the first round after the close), and the entry window. It is
 * written into content/drops.json, so the built site, its history and any copy of it carry it
 * before the window opens, and recorded in the store; the server takes entries only while the
 * two agree, and the verifiers compare the live record with the built one.
 *
 * Browser-safe, pure: the checks return problems in words a visitor understands.
 */
import { roundAfter, roundTime, type BeaconChain } from "./beacon"

export interface DropCommitment {
  /** SHA-256 (hex) of the secret seed. */
  seedHash: string
  /** The beacon chain's hash (hex). */
  chainHash: string
  /** The beacon round that will be drawn with: the first after `closesAt`. */
  round: number
  /** The entry window committed to (ISO 8601 instants in UTC). */
  opensAt: string
  closesAt: string
  /** When the owner committed: before `opensAt`. */
  committedAt: string
}

const FIELDS = ["seedHash", "chainHash", "round", "opensAt", "closesAt", "committedAt"] as const

/** The same instant written two ways ("...:00Z" and "...:00.000Z") is the same. */
const sameValue = (a: string | number, b: string | number): boolean =>
  typeof a === "number" || typeof b === "number" ? a === b : a === b || (Date.parse(a) === Date.parse(b) && !Number.isNaN(Date.parse(a)))

export const sameCommitment = (a: DropCommitment | null | undefined, b: DropCommitment | null | undefined): boolean =>
  Boolean(a && b && FIELDS.every((field) => sameValue(a[field], b[field])))

/** A commitment for a drop's window, now: the round is the chain's first after the close. */
export const makeCommitment = (
  seedHash: string,
  chain: Pick<BeaconChain, "chainHash" | "genesis" | "period">,
  window: { opensAt: string; closesAt: string },
  now: Date,
): DropCommitment => ({
  seedHash,
  chainHash: chain.chainHash,
  round: roundAfter(chain, window.closesAt),
  opensAt: window.opensAt,
  closesAt: window.closesAt,
  committedAt: now.toISOString(),
})

/**
 * Why a commitment cannot stand for this window and chain, or null when it can: the window it
 * names is the drop's, it came before the window opened, and its round is the chain's first
 * after the close. The build, the server and the verifiers all ask this.
 */
export const commitmentMismatch = (
  commitment: DropCommitment,
  window: { opensAt: string; closesAt: string },
  chain: Pick<BeaconChain, "chainHash" | "genesis" | "period">,
): string | null => {
  if (!sameValue(commitment.opensAt, window.opensAt) || !sameValue(commitment.closesAt, window.closesAt))
    return `The commitment is for entries from ${commitment.opensAt} to ${commitment.closesAt}, but the drop's entries are from ${window.opensAt} to ${window.closesAt}`
  if (!(Date.parse(commitment.committedAt) < Date.parse(commitment.opensAt)))
    return `The commitment is dated ${commitment.committedAt}, not before entries opened at ${commitment.opensAt}`
  if (commitment.chainHash !== chain.chainHash) return `The commitment names beacon chain ${commitment.chainHash}, not ${chain.chainHash}`
  const round = roundAfter(chain, commitment.closesAt)
  if (commitment.round !== round) return `The commitment names beacon round ${commitment.round}, but the first round after entries close is ${round}`
  return null
}

/** What a verifier compares: the commitment the site was built with, and the live record's. */
export interface CommitmentEvidence {
  /** content/drops.json's commitment as the page (or the command) was built with; null when it has none. */
  built: DropCommitment | null
  /** The commitment the server's record shows now. */
  live: DropCommitment | null
  chain: Pick<BeaconChain, "chainHash" | "genesis" | "period">
  /** The drop's window as the site was built with it. */
  window: { opensAt: string; closesAt: string }
  /** When the server froze the entry list; null before. */
  frozenAt: string | null
}

const FIELD_WORDS: Record<(typeof FIELDS)[number], string> = {
  seedHash: "the seed's fingerprint",
  chainHash: "the beacon chain",
  round: "the beacon round",
  opensAt: "when entries open",
  closesAt: "when entries close",
  committedAt: "when the commitment was made",
}

/**
 * What is wrong with a drop's commitment, in words a visitor understands: missing from the site,
 * changed since the site was built, dated after the window opened, naming a round other than the
 * first after the close, or an entry list frozen after the beacon's value was already public.
 */
export const commitmentProblems = ({ built, live, chain, window, frozenAt }: CommitmentEvidence): string[] => {
  const problems: string[] = []
  if (!built) {
    problems.push(
      "This page was built without the drop's commitment, so the draw cannot be held to what was published before entries opened. " +
        "Load the page again; if it still says so, the commitment was never published with the site.",
    )
  } else {
    const mismatch = commitmentMismatch(built, window, chain)
    if (mismatch) problems.push(`The commitment published with the site does not hold: ${mismatch}`)
  }
  if (!live) {
    problems.push("The server shows no commitment for this drop")
  } else if (built) {
    const changed = FIELDS.filter((field) => !sameValue(built[field], live[field]))
    if (changed.length > 0)
      problems.push(
        `The server's record differs from the commitment published with the site before entries opened: ${changed.map((field) => FIELD_WORDS[field]).join(", ")} changed`,
      )
  }
  const commitment = built ?? live
  if (commitment && frozenAt) {
    const beaconAt = roundTime(chain, commitment.round)
    if (Date.parse(frozenAt) >= beaconAt.getTime())
      problems.push(
        `The entry list was frozen at ${frozenAt}, after the beacon's round ${commitment.round} was public (${beaconAt.toISOString()}): ` +
          "whoever ran the server could have changed the entries knowing the beacon",
      )
    if (Date.parse(frozenAt) < Date.parse(commitment.closesAt))
      problems.push(`The entry list was frozen at ${frozenAt}, before entries closed at ${commitment.closesAt}`)
  }
  return problems
}

/**
 * The owner's review of entries from signups made after a drop was announced: the entries
 * waiting, and how they cluster, by the network they were entered from and by their address's
 * domain, so a farm of puppets shows as one group before the draw. Pure: the server groups the
 * entries it answers with, and the owner's page reads the same shapes.
 */

/** A waiting entry as the owner sees it: the network as a label ("network 1"), never its fingerprint. */
export interface ReviewedEntry {
  entryCode: string
  size: string
  enteredAt: string
  signedUpAt: string
  domain: string
  /** Entries with the same number came from the same network; null when it was not known. */
  network: number | null
}

/** Two or more waiting entries sharing a network or a domain. */
export interface EntryCluster {
  by: "network" | "domain"
  /** The network's number, or the domain. */
  label: string
  entryCodes: string[]
}

export interface EntryReviewList {
  entries: ReviewedEntry[]
  /** Largest first. */
  clusters: EntryCluster[]
}

/** The smallest group worth the owner's eye. */
const CLUSTER = 2

const groups = (entries: readonly ReviewedEntry[], key: (entry: ReviewedEntry) => string | null): Map<string, string[]> => {
  const found = new Map<string, string[]>()
  for (const entry of entries) {
    const value = key(entry)
    if (value === null) continue
    found.set(value, [...(found.get(value) ?? []), entry.entryCode])
  }
  return found
}

/** A waiting entry as the store keeps it: the network as its salted fingerprint. */
type StoredEntry = Omit<ReviewedEntry, "network"> & { network: string | null }

export const reviewList = (waiting: readonly StoredEntry[]): EntryReviewList => {
  const numbers = new Map<string, number>()
  const entries = waiting.map(({ network, ...entry }) => {
    if (network !== null && !numbers.has(network)) numbers.set(network, numbers.size + 1)
    return { ...entry, network: network === null ? null : (numbers.get(network) as number) }
  })
  const clusters: EntryCluster[] = [
    ...[...groups(entries, (entry) => (entry.network === null ? null : String(entry.network)))].map(([label, entryCodes]) => ({
      by: "network" as const,
      label,
      entryCodes,
    })),
    ...[...groups(entries, (entry) => entry.domain)].map(([label, entryCodes]) => ({ by: "domain" as const, label, entryCodes })),
  ]
    .filter((cluster) => cluster.entryCodes.length >= CLUSTER)
    .sort((a, b) => b.entryCodes.length - a.entryCodes.length || a.by.localeCompare(b.by) || a.label.localeCompare(b.label))
  return { entries, clusters }
}

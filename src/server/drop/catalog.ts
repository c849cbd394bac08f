/**
 * The drops as content declares them (content/drops.json), in the shape the server works with:
 * each drop's window, its sizes (piece and label) with their pieces, its bonus rule, when its
 * codes must be used, and its commitment; and the beacon chain every draw waits for.
 */
import { readFileSync } from "node:fs"
import content from "../../../content/drops.json"
import type { BeaconChain, BeaconScheme } from "../../drop/beacon"
import type { DropCommitment } from "../../drop/commitment"
import { sizeKey, type DropTerms, type SizeStock } from "../../drop/contract"
import { DAY_MS } from "../../signup/durations"

export interface DropSize {
  key: string
  /** What a person reads: "Block Heavyweight Hoodie, M". */
  name: string
  pieces: number
}

export interface CatalogDrop extends DropTerms {
  sizes: DropSize[]
  /** The commitment the built content carries (drop:commit writes it); null before the owner commits. */
  commitment: DropCommitment | null
}

export interface DropCatalog {
  drops: CatalogDrop[]
  /** The beacon chain whose round after each close decides the draw with the seed. */
  chain: BeaconChain
  /** Whether people who did not win get a short email. */
  notThisTimeEmail: boolean
  minimumAge: number
}

/** drops.json as the server reads it: the content model's shape (a drop's commitment is there once committed). */
type DropsContent = Omit<typeof content, "drops" | "beacon"> & {
  beacon: Omit<BeaconChain, "scheme"> & { scheme: string }
  drops: Array<(typeof content)["drops"][number] & { commitment?: DropCommitment }>
}

/**
 * The drops content the server runs with: the built site's content/drops.json, or the file
 * DROPS_FILE names (tests and benches give a drop whose window is open now; it must hold what the
 * content model allows, as content/drops.json does).
 */
export const dropsContent = (file: string | null): CatalogContent => {
  return file ? (JSON.parse(readFileSync(file, "utf8")) as DropsContent) : content
}

export type CatalogContent = Pick<DropsContent, "drops" | "notThisTimeEmail" | "minimumAge" | "beacon">

/** The catalog from drops content (what the server runs with, unless a test gives another). */
export const dropCatalog = (drops: CatalogContent = content): DropCatalog => ({
  notThisTimeEmail: drops.notThisTimeEmail,
  minimumAge: drops.minimumAge,
  // The content model allows only the schemes a draw can check.
  chain: { ...drops.beacon, scheme: drops.beacon.scheme as BeaconScheme },
  drops: drops.drops.map((drop) => ({
    id: drop.id,
    name: drop.name,
    opensAt: drop.opensAt,
    closesAt: drop.closesAt,
    resultsAt: drop.resultsAt,
    redeemDays: drop.redeemDays,
    bonus: { ticketsPerReferral: drop.bonus.ticketsPerReferral, maxBonusTickets: drop.bonus.maxBonusTickets },
    sizes: drop.pieces.flatMap((piece) =>
      piece.sizes.map((size) => ({ key: sizeKey(piece.id, size.label), name: `${piece.name}, ${size.label}`, pieces: size.quantity })),
    ),
    commitment: "commitment" in drop && drop.commitment ? drop.commitment : null,
  })),
})

export const findDrop = (catalog: DropCatalog, id: unknown): CatalogDrop | undefined =>
  typeof id === "string" ? catalog.drops.find((drop) => drop.id === id) : undefined

export const stockOf = (drop: CatalogDrop): SizeStock[] => drop.sizes.map(({ key, pieces }) => ({ size: key, pieces }))

/** The instant a drawn drop's codes stop working: `redeemDays` after the draw. */
export const redeemDeadline = (drop: CatalogDrop, drawnAt: Date): Date => new Date(drawnAt.getTime() + drop.redeemDays * DAY_MS)

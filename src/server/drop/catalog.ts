/**
 * The drops as content declares them (content/drops.json), in the shape the server works with:
 * each drop's window, its sizes (piece and label) with their pieces, its bonus rule and when its
 * codes must be used.
 */
import { readFileSync } from "node:fs"
import content from "../../../content/drops.json"
import { sizeKey, type SizeStock } from "../../drop/contract"
import type { BonusRule } from "../../drop/tickets"

export interface DropSize {
  key: string
  /** What a person reads: "Block Heavyweight Hoodie, M". */
  name: string
  pieces: number
}

export interface CatalogDrop {
  id: string
  name: string
  opensAt: string
  closesAt: string
  resultsAt: string
  /** Days a winner has to use their code before it passes to the reserve list. */
  redeemDays: number
  bonus: BonusRule
  sizes: DropSize[]
}

export interface DropCatalog {
  drops: CatalogDrop[]
  /** Whether people who did not win get a short email. */
  notThisTimeEmail: boolean
  minimumAge: number
}

type DropsContent = typeof content

/**
 * The drops content the server runs with: the built site's content/drops.json, or the file
 * DROPS_FILE names (tests and benches give a drop whose window is open now; it must hold what the
 * content model allows, as content/drops.json does).
 */
export const dropsContent = (file: string | null): Pick<DropsContent, "drops" | "notThisTimeEmail" | "minimumAge"> => {
  return file ? (JSON.parse(readFileSync(file, "utf8")) as DropsContent) : content
}

/** The catalog from drops content (what the server runs with, unless a test gives another). */
export const dropCatalog = (drops: Pick<DropsContent, "drops" | "notThisTimeEmail" | "minimumAge"> = content): DropCatalog => ({
  notThisTimeEmail: drops.notThisTimeEmail,
  minimumAge: drops.minimumAge,
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
  })),
})

export const findDrop = (catalog: DropCatalog, id: unknown): CatalogDrop | undefined =>
  typeof id === "string" ? catalog.drops.find((drop) => drop.id === id) : undefined

export const stockOf = (drop: CatalogDrop): SizeStock[] => drop.sizes.map(({ key, pieces }) => ({ size: key, pieces }))

/** The instant a drawn drop's codes stop working: `redeemDays` after the draw. */
export const redeemDeadline = (drop: CatalogDrop, drawnAt: Date): Date => new Date(drawnAt.getTime() + drop.redeemDays * 24 * 60 * 60 * 1000)

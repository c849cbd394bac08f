// A drop catalog for the drop service's tests, built as content/drops.json would be.
import type { BeaconChain } from "../src/drop/beacon"
import type { DropCommitment } from "../src/drop/commitment"
import { dropCatalog, type DropCatalog } from "../src/server/drop/catalog"
import drops from "../content/drops.json"

type Piece = { id: string; name: string; sizes: Array<{ label: string; quantity: number }> }

/**
 * A catalog of one drop, "drop-01", open from `opensAt` to `closesAt` (results then too, codes
 * good for 3 days, a ticket per referral up to `maxBonusTickets`), for the drop service's tests.
 * One cap in one size unless `pieces` says otherwise; the beacon chain is `chain` (a stand-in's)
 * or content's; no commitment until `withCommitment` gives it one, as drop:commit does.
 */
export const oneDropCatalog = (options: {
  opensAt: Date
  closesAt: Date
  notThisTimeEmail: boolean
  maxBonusTickets?: number
  pieces?: Piece[]
  chain?: BeaconChain
}): DropCatalog =>
  dropCatalog({
    minimumAge: 16,
    notThisTimeEmail: options.notThisTimeEmail,
    beacon: options.chain ?? drops.beacon,
    drops: [
      {
        id: "drop-01",
        name: "Drop 01",
        label: "Drop 01",
        summary: "",
        opensAt: options.opensAt.toISOString(),
        closesAt: options.closesAt.toISOString(),
        resultsAt: options.closesAt.toISOString(),
        redeemDays: 3,
        bonus: { ticketsPerReferral: 1, maxBonusTickets: options.maxBonusTickets ?? 3 },
        announcement: { show: false, text: "" },
        pieces: (options.pieces ?? [{ id: "cap", name: "Cap", sizes: [{ label: "One size", quantity: 1 }] }]).map((piece) => ({
          description: "",
          price: 1,
          colourway: "",
          fit: "",
          image: "",
          alt: "",
          ...piece,
          sizes: piece.sizes.map((size) => ({ measurements: "", ...size })),
        })),
      },
    ],
  })

/** The catalog as the site is built once the drop's commitment is in its content (as `npm run drop:commit` writes it). */
export const withCommitment = (catalog: DropCatalog, commitment: DropCommitment, drop = "drop-01"): DropCatalog => ({
  ...catalog,
  drops: catalog.drops.map((candidate) => (candidate.id === drop ? { ...candidate, commitment } : candidate)),
})

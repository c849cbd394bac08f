// A drop catalog for the drop service's tests, built as content/drops.json would be.
import { dropCatalog, type DropCatalog } from "../src/server/drop/catalog"

type Piece = { id: string; name: string; sizes: Array<{ label: string; quantity: number }> }

/**
 * A catalog of one drop, "drop-01", open from `opensAt` to `closesAt` (results then too, codes
 * good for 3 days, a ticket per referral up to `maxBonusTickets`), for the drop service's tests.
 * One cap in one size unless `pieces` says otherwise.
 */
export const oneDropCatalog = (options: {
  opensAt: Date
  closesAt: Date
  notThisTimeEmail: boolean
  maxBonusTickets?: number
  pieces?: Piece[]
}): DropCatalog =>
  dropCatalog({
    minimumAge: 16,
    notThisTimeEmail: options.notThisTimeEmail,
    drops: [
      {
        id: "drop-01",
        name: "Drop 01",
        summary: "",
        opensAt: options.opensAt.toISOString(),
        closesAt: options.closesAt.toISOString(),
        resultsAt: options.closesAt.toISOString(),
        redeemDays: 3,
        bonus: { ticketsPerReferral: 1, maxBonusTickets: options.maxBonusTickets ?? 3 },
        announcement: { show: false, text: "" },
        pieces: (options.pieces ?? [{ id: "cap", name: "Cap", sizes: [{ label: "One size", quantity: 1 }] }]).map((piece) => ({
          description: "",
          image: "",
          alt: "",
          ...piece,
        })),
      },
    ],
  })

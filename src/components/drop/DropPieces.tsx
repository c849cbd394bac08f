/** @jsxImportSource theme-ui */
import { fillTemplate } from "../../signup/template"
import { Picture } from "../shared/Picture"
import { visuallyHidden } from "../shared/styles"
import { dropSectionId, type DropPieceContent, type PieceDetailsCopy, type PiecesCopy } from "./copy"
import { SizeGuide } from "./SizeGuide"
import { subheading } from "./ui"
import { formatCount } from "../../lib/numbers"

interface DropPiecesProps {
  dropId: string
  pieces: ReadonlyArray<DropPieceContent>
  copy: PiecesCopy
  details: PieceDetailsCopy
  /** The prices' currency (drops.json), like "EUR". */
  currency: string
  /** How numbers are written ("en": 1,000). */
  language: string
  /** The first piece's picture is fetched with the page: the pieces lead the page. */
  eagerFirst: boolean
}

/** A price in whole units, as people read it: "€89". */
export const formatPrice = (amount: number, currency: string, language: string): string =>
  new Intl.NumberFormat(language, { style: "currency", currency, maximumFractionDigits: 0 }).format(amount)

/** The pieces in all: the sum of every size's pieces, the one total the page states. */
export const totalPieces = (pieces: ReadonlyArray<Pick<DropPieceContent, "sizes">>): number =>
  pieces.reduce((sum, piece) => sum + piece.sizes.reduce((pieceSum, size) => pieceSum + size.quantity, 0), 0)

/**
 * A drop's pieces, first on its part of the page: a large 4:5 picture, the name, price and
 * colourway, a line about it, each size with its number of pieces, and its size guide.
 */
export const DropPieces = ({ dropId, pieces, copy, details, currency, language, eagerFirst }: DropPiecesProps) => {
  const headingId = dropSectionId(dropId, "pieces")
  const quantity = (value: number) => (value === 1 ? copy.quantityOne : fillTemplate(copy.quantity, { count: formatCount(value, language) }))
  return (
    <section aria-labelledby={headingId} sx={{ mb: [4, 5] }}>
      <div sx={{ display: "flex", flexWrap: "wrap", alignItems: "baseline", columnGap: 3, mb: 3 }}>
        <h3 id={headingId} sx={{ ...subheading, fontSize: [2, 3], mb: 0 }}>
          {copy.heading}
        </h3>
        <p data-pieces-total="" sx={{ color: "subtle" }}>
          {fillTemplate(copy.total, { count: formatCount(totalPieces(pieces), language) })}
        </p>
      </div>
      <ul sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gridTemplateColumns: ["minmax(0, 1fr)", "repeat(2, minmax(0, 1fr))"], gap: [5, 4, 5] }}>
        {pieces.map((piece, index) => (
          <li key={piece.id} data-piece={piece.id} sx={{ display: "grid", alignContent: "start", gap: 3 }}>
            {piece.image && (
              <Picture image={piece.image} alt={piece.alt} eager={eagerFirst && index === 0} sx={{ overflow: "hidden", borderRadius: "large" }} />
            )}
            <div sx={{ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", columnGap: 3, rowGap: 1 }}>
              <h4 sx={{ variant: "text.heading", fontSize: [3, 4], m: 0 }}>{piece.name}</h4>
              <p sx={{ fontSize: [3, 4], fontWeight: "bold", color: "primary", fontVariantNumeric: "tabular-nums" }}>
                <span sx={visuallyHidden}>{details.price}: </span>
                {formatPrice(piece.price, currency, language)}
              </p>
            </div>
            <p>
              <span sx={{ variant: "text.eyebrow", mr: 2 }}>{details.colourway}</span>
              {piece.colourway}
            </p>
            <p sx={{ color: "subtle" }}>{piece.description}</p>
            <ul aria-label={copy.sizes} sx={{ listStyle: "none", p: 0, m: 0, display: "flex", flexWrap: "wrap", gap: 2 }}>
              {piece.sizes.map((size) => (
                <li key={size.label} sx={{ variant: "badges.chip" }}>
                  <strong>{size.label}</strong>
                  <span sx={{ fontSize: 0, color: "subtle", fontVariantNumeric: "tabular-nums" }}>{quantity(size.quantity)}</span>
                </li>
              ))}
            </ul>
            <SizeGuide fit={piece.fit} sizes={piece.sizes} copy={details} />
          </li>
        ))}
      </ul>
    </section>
  )
}

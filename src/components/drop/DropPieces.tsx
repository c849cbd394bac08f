/** @jsxImportSource theme-ui */
import { fillTemplate } from "../../lib/template"
import { Picture } from "../shared/Picture"
import { dropSectionId, type DropPieceContent, type PiecesCopy } from "./copy"
import { subheading } from "./ui"

interface DropPiecesProps {
  dropId: string
  pieces: ReadonlyArray<DropPieceContent>
  copy: PiecesCopy
  /** How numbers are written ("en": 1,000). */
  language: string
}

const count = (value: number, language: string): string => new Intl.NumberFormat(language).format(value)

/** A drop's pieces: picture (lazy: they sit below the first screen), name, description, and each size with its number of pieces. */
export const DropPieces = ({ dropId, pieces, copy, language }: DropPiecesProps) => {
  const headingId = dropSectionId(dropId, "pieces")
  const total = pieces.reduce((sum, piece) => sum + piece.sizes.reduce((pieceSum, size) => pieceSum + size.quantity, 0), 0)
  const quantity = (value: number) => (value === 1 ? copy.quantityOne : fillTemplate(copy.quantity, { count: count(value, language) }))
  return (
    <section aria-labelledby={headingId} sx={{ mb: [6, 7] }}>
      <h3 id={headingId} sx={{ ...subheading, mb: 2 }}>
        {copy.heading}
      </h3>
      <p sx={{ color: "subtle", mb: 4 }}>{fillTemplate(copy.total, { count: count(total, language) })}</p>
      <ul sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gridTemplateColumns: ["1fr", "repeat(2, 1fr)", "repeat(3, 1fr)"], gap: 4 }}>
        {pieces.map((piece) => (
          <li
            key={piece.id}
            sx={{ display: "grid", alignContent: "start", gap: 3, p: 3, bg: "surface", border: "2px solid", borderColor: "border", borderRadius: "large" }}
          >
            {piece.image && <Picture image={piece.image} alt={piece.alt} sx={{ overflow: "hidden", borderRadius: "default" }} />}
            <h4 sx={{ variant: "text.heading", fontSize: [2, 3], m: 0 }}>{piece.name}</h4>
            <p sx={{ color: "subtle" }}>{piece.description}</p>
            <ul aria-label={copy.sizes} sx={{ listStyle: "none", p: 0, m: 0, display: "flex", flexWrap: "wrap", gap: 2 }}>
              {piece.sizes.map((size) => (
                <li
                  key={size.label}
                  sx={{
                    display: "inline-flex",
                    alignItems: "baseline",
                    gap: 2,
                    px: 3,
                    py: 1,
                    border: "2px solid",
                    borderColor: "border",
                    borderRadius: "pill",
                  }}
                >
                  <strong>{size.label}</strong>
                  <span sx={{ fontSize: 0, color: "subtle", fontVariantNumeric: "tabular-nums" }}>{quantity(size.quantity)}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** @jsxImportSource theme-ui */
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { Picture } from "../shared/Picture"

export interface HeroPieceProps {
  image: IGatsbyImageData
  alt: string
  /** The drop it belongs to, under the picture: "Drop 01: Block Heavyweight". */
  caption: string
}

/**
 * The drop's piece on the first screen, beside the headline: fetched with the page (it is in view
 * at once), its box sized before it arrives, so nothing moves. On phones small enough that the
 * headline stays the largest thing painted.
 */
export const HeroPiece = ({ image, alt, caption }: HeroPieceProps) => (
  <figure sx={{ float: "right", width: [132, "38%", 400], ml: [3, 5], mb: 3, position: "relative" }}>
    <Picture
      image={image}
      alt={alt}
      eager
      sx={{ overflow: "hidden", borderRadius: "default", border: "2px solid", borderColor: "primary", boxShadow: "pop" }}
    />
    <figcaption sx={{ variant: "text.eyebrow", letterSpacing: ["0.06em", "0.2em"], mt: 3 }}>{caption}</figcaption>
  </figure>
)

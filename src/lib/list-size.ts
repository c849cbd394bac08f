/**
 * What the site says about the list's size. Before anyone signs up it makes the content's
 * social-proof claim ("Join 5,000+ people"); the real size, which a signup's place brings
 * along, is shown only once it reaches the owner's threshold (`showListSizeFrom` in
 * content/site.json), so a visitor never reads "5,000+" right above "You're #2 of 2".
 */
import { showsListSize } from "../signup/list-size"
import { fillTemplate } from "./template"

export interface PlaceCopy {
  /** "You're #{position} of {total}" */
  position: string
  /** "You're #{position}" */
  positionAlone: string
}

/** The place line: with the list's size once it may be shown (the server tells it only then), without it before. */
export const placeLine = (copy: PlaceCopy, position: number, total: number | undefined, showFrom: number, format: (value: number) => string): string =>
  total !== undefined && showsListSize(total, showFrom)
    ? fillTemplate(copy.position, { position: format(position), total: format(total) })
    : fillTemplate(copy.positionAlone, { position: format(position) })

/** The social-proof number: the real size once a signup has brought it and it may be shown, else the claim. */
export const socialProofCount = (claim: string, total: number | undefined, showFrom: number, format: (value: number) => string): string =>
  total !== undefined && showsListSize(total, showFrom) ? format(total) : claim

/**
 * What the site says about the list's size. Before anyone signs up it makes the content's
 * social-proof claim ("Join 5,000+ people"); the real size, which a signup's place brings
 * along, is shown only once it reaches the owner's threshold (`showListSizeFrom` in
 * content/site.json). Below it a place is told without a number ("You're in: each friend moves
 * you up"): "You're #61" right under "Join 5,000+ people" would give the claim away. A server
 * that leaves the size out of its answers below the threshold is read the same way.
 */
import { showsListSize } from "../signup/list-size"
import { fillTemplate } from "../signup/template"

export interface PlaceCopy {
  /** "You're #{position} of {total}" */
  position: string
  /** "You're in: each friend moves you up" */
  placeUntold: string
}

/** The place line: the place and the list's size once the size is known and may be shown, else no number at all. */
export const placeLine = (copy: PlaceCopy, position: number, total: number | undefined, showFrom: number, format: (value: number) => string): string =>
  total !== undefined && showsListSize(total, showFrom) ? fillTemplate(copy.position, { position: format(position), total: format(total) }) : copy.placeUntold

/** The social-proof number: the real size once a signup has brought it and it may be shown, else the claim. */
export const socialProofCount = (claim: string, total: number | undefined, showFrom: number, format: (value: number) => string): string =>
  total !== undefined && showsListSize(total, showFrom) ? format(total) : claim

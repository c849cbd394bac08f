/**
 * Places in line. Confirmed signups are ordered by their signup sequence, moved up
 * `boost` places per confirmed referral; on a tie the earlier signup goes first. Positions are
 * 1-based and computed when asked, never stored, so they are always current.
 */

export interface Contender {
  /** Signup order: 1 for the first signup, counting pending ones too. */
  sequence: number
  /** How many signups this one referred that have confirmed. */
  confirmedReferrals: number
}

/** The number positions are ordered by: lower goes first. */
export const standing = ({ sequence, confirmedReferrals }: Contender, boost: number): number => sequence - boost * confirmedReferrals

/** Whether `a` is ahead of `b` in line. */
export const isAhead = (a: Contender, b: Contender, boost: number): boolean => {
  const difference = standing(a, boost) - standing(b, boost)
  return difference < 0 || (difference === 0 && a.sequence < b.sequence)
}

/** The 1-based position of `contender` among the confirmed signups `line` (which includes it). */
export const positionIn = (contender: Contender, line: readonly Contender[], boost: number): number =>
  1 + line.filter((other) => other !== contender && isAhead(other, contender, boost)).length

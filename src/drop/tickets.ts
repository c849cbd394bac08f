/**
 * How many tickets an entry holds: 1, plus bonus tickets for confirmed referrals up to a cap
 * (the drop's `bonus` in content/drops.json). The draw gives each entry odds in proportion to them.
 */

/** A drop's bonus: tickets per confirmed referral, and the most bonus tickets one entry can hold. */
export interface BonusRule {
  ticketsPerReferral: number
  maxBonusTickets: number
}

const checkWhole = (value: number, what: string): void => {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${what} must be a whole number of at least 0 (got ${String(value)})`)
}

const checkRule = (rule: BonusRule): void => {
  checkWhole(rule.ticketsPerReferral, "Tickets per referral")
  checkWhole(rule.maxBonusTickets, "The most bonus tickets")
}

/** The tickets of an entry whose person has this many confirmed referrals. */
export const ticketsFor = (confirmedReferrals: number, rule: BonusRule): number => {
  checkWhole(confirmedReferrals, "Confirmed referrals")
  checkRule(rule)
  return 1 + Math.min(rule.maxBonusTickets, confirmedReferrals * rule.ticketsPerReferral)
}

/** The most tickets any entry can hold under the rule. */
export const maxTickets = (rule: BonusRule): number => {
  checkRule(rule)
  return 1 + rule.maxBonusTickets
}

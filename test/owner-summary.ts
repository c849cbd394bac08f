/** The owner's summary of a list with nothing in it yet, for tests that set only the figures they read. */
import type { OwnerSummary } from "../src/signup/owner-summary"

export const emptySummary = (overrides: Partial<OwnerSummary> = {}): OwnerSummary => ({
  confirmed: 0,
  pending: 0,
  invited: 0,
  redeemed: 0,
  left: 0,
  botCheck: { passed: 0, refused: 0, wouldRefuse: 0, replayed: 0, missing: 0 },
  perDay: [],
  sources: [],
  campaigns: [],
  referrers: [],
  topReferrers: [],
  heldReferrals: { total: 0, rows: [] },
  audit: [],
  outbox: { waiting: 0, failed: 0, lastError: null, sentToday: 0 },
  hardBounces: { total: 0, rows: [] },
  disabledWebhooks: [],
  ...overrides,
})

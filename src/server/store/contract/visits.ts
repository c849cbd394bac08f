/**
 * The store's contract, visits: counted page views (counters, never a row per view) and the
 * launch funnel. Declared beside the counters they describe, in ../visit-store.ts.
 */
export { VISIT_DIMENSIONS, type VisitCount, type VisitDimension, type VisitPeriod, type VisitStore, type VisitTotals } from "../visit-store"

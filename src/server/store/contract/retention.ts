/** The store's contract, retention: what the list forgets on its own, on a schedule. */

/** What the hourly purge asks the store to forget. */
export interface RetentionStore {
  /** Deletes the network fingerprints past their time (see referral-review.ts; also done with every signup); returns how many. */
  forgetOldNetworks(now: Date): Promise<number>
  /** What the list forgets on its own (../retention.ts): pending signups older than `pendingMs`, old tokens, network fingerprints past their time. */
  purgeStale(now: Date, retention: { pendingMs: number }): Promise<{ pending: number; tokens: number; networks: number }>
}

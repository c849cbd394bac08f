/** The store's contract, the bot check: each solved challenge taken once, each outcome counted. */

/** What the bot check made of a request's solution. */
export type ChallengeVerdict = "passed" | "missing" | "invalid" | "expired" | "replayed"

/** The bot check's memory, shared by every instance on the store. */
export interface BotCheckStore {
  /**
   * The bot check of one request (see challenges.ts): takes a solution that passed, once (a
   * second use is "replayed"), and counts the outcome for the owner. Returns the verdict.
   */
  checkChallenge(
    check: { verdict: ChallengeVerdict; signature: string | null; expiresAt: string | null; enforce: boolean },
    now: Date,
  ): Promise<ChallengeVerdict>
}

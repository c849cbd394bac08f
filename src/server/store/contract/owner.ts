/** The store's contract, the owner's: the summary page, the export, the review of held referrals, the audit. */
import type { AuditEntry, OwnerSummary } from "../../../signup/owner-summary"
import type { Standing } from "./signups"

/** One row of the owner's export: the signup, where it stands, whom it brought. */
export interface ExportRow extends Standing {
  /** The code of the signup that referred this one, when it counted. */
  referredBy: string | null
  /** The drops this person entered, each "drop-01 hoodie/M entered" or "... won", joined by "; "; empty for none. */
  drops: string
}

/** What the owner's page and commands read and decide. */
export interface OwnerStore {
  /** The owner's page: counts, the last `days` UTC days up to `now`, the `limit` largest sources, campaigns, referring sites and referrers. */
  ownerSummary(now: Date, options: { days: number; limit: number }): Promise<OwnerSummary>
  /** One person by address key, for the owner's page: their standing, and how many of their friends are held. */
  ownerPerson(emailKey: string): Promise<{ standing: Standing; heldFriends: number } | null>
  /** Every signup in order, with its standing, from one snapshot, for the owner's export and stats. */
  exportRows(): AsyncIterable<ExportRow>
  /**
   * The owner's decision on held referrals (by the friends' signup numbers): released ones count
   * for their referrers now (a pending friend's once they confirm), rejected ones never will.
   * Recorded in the audit with `actor`. Returns how many were held and are decided now.
   */
  reviewReferrals(ids: readonly number[], decision: "release" | "reject", now: Date, actor: string): Promise<number>
  /** Records something the owner did with the list (an erasure, a wave, an export) in the audit. */
  recordAudit(entry: Omit<AuditEntry, "at">, now: Date): Promise<void>
}

/** Every row of an export in one array: for small lists and tests. */
export const allRows = async (store: Pick<OwnerStore, "exportRows">): Promise<ExportRow[]> => {
  const rows: ExportRow[] = []
  for await (const row of store.exportRows()) rows.push(row)
  return rows
}

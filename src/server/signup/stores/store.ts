/**
 * The signup store: what the service needs from wherever the list lives. One implementation
 * (sql-store.ts) over two engines passes one contract test suite: SQLite, embedded (one file, for
 * one machine), and PostgreSQL (DATABASE_URL, for any number of them).
 */
import type { Attribution } from "../../../signup/schema"

export type SignupStatus = "pending" | "confirmed"

/** A signup as the service hands it to the store. Secrets arrive as hashes only. */
export interface NewSignup {
  /** The address as typed (trimmed): where mail goes. */
  email: string
  /** The normalised address the list deduplicates on (see waitlist/email-key.ts). */
  emailKey: string
  source: string
  /** When the visitor signed up, as their browser said (ISO 8601). */
  timestamp: string
  /** When the server took it (ISO 8601). */
  receivedAt: string
  status: SignupStatus
  /** This signup's own public code, for its referral link. */
  referralCode: string
  /** The code of the link it came through; the store keeps it only if it names another signup. */
  referredBy: string | null
  statusTokenHash: string
  /** For a pending signup: the confirmation token's hash and when it expires. */
  confirmToken: { hash: string; expiresAt: string } | null
  attribution: Attribution | null
}

/** A stored signup. */
export interface Signup extends Omit<NewSignup, "statusTokenHash" | "confirmToken"> {
  /** Signup order, 1 for the first, pending ones counted. */
  sequence: number
  confirmedAt: string | null
  /** When mail last went to this signup (for the at-most-hourly resend). */
  lastMailAt: string | null
}

/** A confirmed signup's place: 1-based, current when asked. */
export interface Place {
  position: number
  /** Confirmed signups on the list. */
  total: number
}

export type AddResult = { kind: "added"; signup: Signup; place: Place | null } | { kind: "duplicate"; signup: Signup }

/** `expired`: the token is past its 48 hours or was used already (tokens are single use). */
export type ConfirmResult = { kind: "confirmed"; signup: Signup; place: Place } | { kind: "expired" } | { kind: "unknown" }

export interface Standing {
  signup: Signup
  /** Null while the signup is pending. */
  place: Place | null
  /** Confirmed signups on the list. */
  total: number
  /** Confirmed signups that came through this one's referral link. */
  referrals: number
}

/** One row of the owner's export: the signup, where it stands, whom it brought. */
export interface ExportRow extends Standing {
  /** The code of the signup that referred this one, when it counted. */
  referredBy: string | null
}

export interface SignupStore {
  /** Adds a signup unless its email key is on the list; answers once the signup is durable. */
  add(signup: NewSignup): Promise<AddResult>
  /** Uses a confirmation token (once): the signup becomes confirmed. */
  confirm(tokenHash: string, now: Date): Promise<ConfirmResult>
  /** A new secret for a signup: a status token, or a confirmation token that expires. */
  addToken(emailKey: string, token: { kind: "status"; hash: string } | { kind: "confirm"; hash: string; expiresAt: string }): Promise<void>
  /** Where the signup behind a status token stands; null for an unknown token. */
  standingByStatusToken(tokenHash: string): Promise<Standing | null>
  /**
   * Records that mail goes to this signup now, unless mail went out less than `minIntervalMs`
   * ago; returns whether it may go (one check-and-set, so two requests cannot both send).
   */
  claimMail(emailKey: string, now: Date, minIntervalMs: number): Promise<boolean>
  /** Every signup in order, with its standing, from one snapshot, for the owner's export and stats. */
  exportRows(): AsyncIterable<ExportRow>
  /** Throws when the store cannot be reached (for /healthz). */
  ping(): Promise<void>
  /** Finishes pending writes and lets go of files and connections. */
  close(): Promise<void>
}

/** Every row of an export in one array: for small lists and tests. */
export const allRows = async (store: Pick<SignupStore, "exportRows">): Promise<ExportRow[]> => {
  const rows: ExportRow[] = []
  for await (const row of store.exportRows()) rows.push(row)
  return rows
}

/**
 * One person as the owner's page finds them by address (POST /api/owner/person): one declaration
 * for the server that answers and the page that shows it. The address comes masked unless the
 * owner asks for it whole; either way the lookup is in the owner's audit.
 */

/** A person on the list, as the owner's page shows them. */
export interface OwnerPerson {
  /** Masked ("m•••@example.com") unless the owner asked for it whole. */
  email: string
  whole: boolean
  status: "pending" | "confirmed"
  /** When they signed up (ISO 8601), and when they confirmed. */
  signedUpAt: string
  confirmedAt: string | null
  /** Their place while confirmed: 1-based, of `total`. */
  place: { position: number; total: number } | null
  /** Confirmed friends who count for them, and friends held from their count for the owner to decide. */
  friends: number
  heldFriends: number
  /** The highest reward tier (its number of friends) they were told they reached; 0 for none. */
  reward: number
  /** Their invitation to the shop, once a wave reached them. */
  invitation: { sentAt: string; redeemedAt: string | null } | null
}

/** What POST /api/owner/person `{ email, whole }` answers. */
export type OwnerPersonAnswer = { found: false } | { found: true; person: OwnerPerson }

/** An address with all but the first character of its local part hidden: enough to tell it is the right one. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@")
  if (at < 1) return "•••"
  return `${email[0]}•••${email.slice(at)}`
}

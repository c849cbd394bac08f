/**
 * All that is kept of an address that left the list: its suppression key, HMAC-SHA-256 with the
 * list's pepper (pepper.ts) of SHA-256 of its email key. It lets the store keep an import from
 * adding the address back, and says nothing to anyone without the pepper, even one who holds a
 * list of candidate addresses. Keys made before the pepper were the plain SHA-256: keying one
 * gives the key of the same address, so old rows and erasure log lines are rekeyed without it.
 */
import { createHmac, hash } from "node:crypto"

/** An unkeyed (SHA-256) suppression key, keyed with the pepper. */
export const keyedSuppression = (pepper: string, sha256Key: string): string => createHmac("sha256", pepper).update(sha256Key).digest("hex")

/** The suppression key of an email key (see waitlist/email-key.ts). */
export const suppressionKey = (pepper: string, emailKey: string): string => keyedSuppression(pepper, hash("sha256", emailKey, "hex"))

/** What the store keeps to tell, at start, whether it is given the pepper its keys were made with (not the pepper itself). */
export const pepperCheck = (pepper: string): string => createHmac("sha256", pepper).update("block94 pepper check").digest("hex")

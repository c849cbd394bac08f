/**
 * The signup store: the list's rules written once, in SQL that SQLite and PostgreSQL both speak.
 *
 * Places stay fast at any list size. A confirmed signup's standing is its signup number less
 * `boost` per confirmed referral (lower goes first; on a tie, the earlier signup). Every signup
 * keeps its count of confirmed referrals, and `standing_buckets` counts the confirmed signups
 * per band of BUCKET_WIDTH standings, kept in step in the same transaction as every change. A
 * place is then the signups in the bands before mine plus those ahead of me in my band: a sum
 * over a few thousand small rows and a short index range, never a pass over the whole list. The
 * total is the sum of all bands, in the same statement, so place and total always agree.
 *
 * This file assembles the store from its parts by concern, which share one context
 * (store-context.ts): adding signups in batches (signup-batches.ts, signup-insert.ts), confirming
 * (confirmation.ts), lookups by address and token (signup-lookups.ts), leaving (leaving.ts),
 * referrals and reward tiers (referrals.ts, milestone-announcer.ts), the outbox and webhooks
 * (outbox-store.ts), bounces (bounce-store.ts), invitations (invitation-store.ts), the owner's
 * summary, export, review and audit (owner-store.ts), retention (retention.ts), drops
 * (drop-store.ts) and visits (visit-store.ts).
 */
import { bounceStore } from "./bounce-store"
import { confirmation } from "./confirmation"
import type { SqlDatabase } from "./database"
import { dropStore } from "./drop-store"
import { invitationStore } from "./invitation-store"
import { leavingStore } from "./leaving"
import { linkRequestStore } from "./link-requests"
import { outboxStore } from "./outbox-store"
import { ownerStore } from "./owner-store"
import { referralCounter } from "./referrals"
import { retentionStore } from "./retention"
import { batchedAdd } from "./signup-batches"
import { signupInserter } from "./signup-insert"
import { signupLookups } from "./signup-lookups"
import { createStoreContext, standingReader, type SqlStoreOptions } from "./store-context"
import type { SignupStore } from "./store"
import { visitStore } from "./visit-store"

export { BUCKET_WIDTH, type SqlStoreOptions } from "./store-context"

export function createSqlStore(db: SqlDatabase, options: SqlStoreOptions): SignupStore {
  const context = createStoreContext(db, options)
  const standingWhere = standingReader(context.line)
  const referrals = referralCounter(context)
  const outbox = outboxStore(context, standingWhere)

  return {
    add: batchedAdd(signupInserter(context, referrals, standingWhere)),
    confirm: confirmation(context, referrals, standingWhere),
    ...signupLookups(context),
    ...linkRequestStore(context),
    ...leavingStore(context, referrals),
    ...outbox,
    ...bounceStore(context),
    ...ownerStore(context, { outboxHealth: outbox.outboxHealth, countReferral: referrals.countReferral, standingWhere }),
    ...invitationStore(context),
    ...retentionStore(context),
    ...dropStore(context),
    ...visitStore(context),

    async ping() {
      await context.query("select 1 as ok")
    },

    close: () => db.close(),
  }
}

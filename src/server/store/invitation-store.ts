/**
 * Invitations' part of the signup store: whom a wave reaches (lowest place first), inviting them
 * once each with a code and an email in one transaction, and the shop redeeming a code once.
 */
import { insertRows, type SqlExecutor } from "./database"
import { bumpCounters, eventSignupId, recordEvents } from "./events"
import { queueEmails } from "./outbox-store"
import { iso, type PlaceColumns, type SignupRow } from "./signup-rows"
import type { StoreContext } from "./store-context"
import { invitationExpiry, type InvitationState, type Invitee, type InviteTarget, type RedeemResult, type InvitationStore } from "./contract/invitations"

export const invitationStore = ({ db, options, line, ready, query, transaction }: StoreContext): InvitationStore => {
  /**
   * Whom a wave reaches, with each one's place: the first's from the bands (one statement), the
   * others' by counting the confirmed signups between them (people invited before, or held by
   * another wave, stand among them).
   */
  const pickInvitees = async (tx: SqlExecutor, target: InviteTarget, lock: boolean): Promise<Invitee[]> => {
    if ("next" in target && target.next < 1) return []
    const pick = line.inviteCandidates(target, lock)
    const candidates = await tx.query<{ id: number | string; email: string; standing: number | string }>(pick.text, pick.values)
    if (candidates.length === 0) return []
    const [first] = await tx.query<SignupRow & PlaceColumns>(line.standing("signups s", "s.id = $1"), [candidates[0].id])
    const firstPosition = Number(first.position)
    const between =
      candidates.length === 1
        ? [Number(candidates[0].id)]
        : (await tx.query<{ id: number | string }>(line.lineBetween, [candidates[0].standing, candidates[candidates.length - 1].standing])).map((row) =>
            Number(row.id),
          )
    const index = new Map(between.map((id, at) => [id, at]))
    const firstIndex = index.get(Number(candidates[0].id)) ?? 0
    return candidates.map((row) => ({
      signupId: Number(row.id),
      email: row.email,
      position: firstPosition + (index.get(Number(row.id)) ?? firstIndex) - firstIndex,
    }))
  }

  return {
    async invite(target, issue, now) {
      return transaction(async (tx) => {
        const invitees = await pickInvitees(tx, target, true)
        if (invitees.length === 0) return []
        const issued = invitees.map((invitee) => ({ invitee, ...issue(invitee) }))
        const at = now.toISOString()
        // The claim: one statement; an invitation already there (another wave's) is left alone.
        const claimed = new Set(
          (
            await insertRows<{ signup_id: number | string }>(
              tx,
              "invitations",
              ["signup_id", "code_hash", "sent_at", "expires_at"],
              issued.map(({ invitee, codeHash }) => [invitee.signupId, codeHash, at, invitationExpiry(at)]),
              "on conflict (signup_id) do nothing returning signup_id",
            )
          ).map((row) => Number(row.signup_id)),
        )
        const sent = issued.filter(({ invitee }) => claimed.has(invitee.signupId))
        if (sent.length === 0) return []
        const invited = sent.map(({ invitee }) => invitee)
        const mails = sent.map(({ invitee, mail }) => ({ signupId: invitee.signupId, message: mail, at }))
        await queueEmails(tx, mails)
        await bumpCounters(tx, { invited: invited.length })
        if (options.events) {
          await recordEvents(
            tx,
            invited.map(({ signupId, email, position }) => ({
              type: "invite.sent" as const,
              signupId,
              timestamp: at,
              data: { id: eventSignupId(signupId), email, position },
              contact: { email },
            })),
          )
        }
        return invited
      })
    },

    async previewInvite(target) {
      await ready()
      return pickInvitees(db, target, false)
    },

    async invitationState(codeHash, now): Promise<InvitationState> {
      const [row] = await query<{ redeemed_at: Date | string | null; expires_at: Date | string }>(
        "select redeemed_at, expires_at from invitations where code_hash = $1",
        [codeHash],
      )
      if (!row) return "unknown"
      if (row.redeemed_at !== null) return "redeemed"
      return Date.parse(iso(row.expires_at)) <= now.getTime() ? "expired" : "valid"
    },

    redeemInvitation: (codeHash, now) =>
      transaction(async (tx): Promise<RedeemResult> => {
        // One statement uses the code, so two redemptions at once cannot both succeed.
        const [used] = await tx.query<{ signup_id: number | string }>(
          "update invitations set redeemed_at = $2 where code_hash = $1 and redeemed_at is null and expires_at > $2 returning signup_id",
          [codeHash, now.toISOString()],
        )
        if (!used) {
          const [known] = await tx.query<{ redeemed_at: Date | string | null }>("select redeemed_at from invitations where code_hash = $1", [codeHash])
          if (!known) return { kind: "unknown" }
          return known.redeemed_at ? { kind: "alreadyRedeemed", redeemedAt: iso(known.redeemed_at) } : { kind: "expired" }
        }
        const [person] = await tx.query<{ email: string }>("select email from signups where id = $1", [used.signup_id])
        await bumpCounters(tx, { redeemed: 1 })
        if (options.events) {
          await recordEvents(tx, [
            {
              type: "invite.redeemed",
              signupId: used.signup_id,
              timestamp: now.toISOString(),
              data: { id: eventSignupId(used.signup_id), email: person.email },
              contact: { email: person.email },
            },
          ])
        }
        return { kind: "redeemed", email: person.email }
      }),
  }
}

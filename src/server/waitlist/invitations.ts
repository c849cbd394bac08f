/**
 * Launch day: the owner lets people in from the list in waves, by place. Each invitation is a
 * single-use code (a 256-bit secret, stored only as its hash) in an email written to the outbox in
 * the same transaction as the invitation itself. The invitation page looks a code up; the shop
 * redeems it, once. Used by `npm run waitlist:invite` and, later, the owner's page.
 */
import { siteLinks } from "./links"
import { queuedMessage } from "./queued-message"
import type { InvitationState, Invitee, InviteTarget, InvitationStore as InvitationContract, NewInvitation, RedeemResult, SignupsStore } from "../store/store"
import { hashToken, isTokenShape, newSecretToken } from "../keys/codes"
import { emailKey } from "./email-key"

/** What a wave did (or, in a dry run, would do): who, at which place. */
export interface InviteWave {
  dryRun: boolean
  invited: Array<{ email: string; position: number }>
}

/** Inviting one person by address: the wave, or why no one was invited. */
export type InviteOneResult = { kind: "wave"; wave: InviteWave } | { kind: "notOnList" } | { kind: "notConfirmed" } | { kind: "alreadyInvited" }

type InvitationStore = Pick<InvitationContract, "invite" | "previewInvite"> & Pick<SignupsStore, "findSignup">

/** The page an invitation's link opens: `/invite/#code=...`. */
export const inviteUrl = (siteUrl: string, code: string): string => siteLinks(siteUrl).invite(code)

/** A new code for one invitee, kept as a hash, and the email that carries it. */
const issueInvitation =
  (settings: { siteUrl: string }) =>
  (invitee: Invitee): NewInvitation => {
    const code = newSecretToken()
    return { codeHash: hashToken(code), mail: queuedMessage(settings.siteUrl, "invitation", invitee.email, inviteUrl(settings.siteUrl, code)) }
  }

const waveOf = (dryRun: boolean, invitees: Invitee[]): InviteWave => ({ dryRun, invited: invitees.map(({ email, position }) => ({ email, position })) })

const runWave = async (store: InvitationStore, settings: { siteUrl: string }, target: InviteTarget, dryRun: boolean, now: Date): Promise<InviteWave> =>
  waveOf(dryRun, dryRun ? await store.previewInvite(target) : await store.invite(target, issueInvitation(settings), now))

/**
 * Invites the next `count` confirmed people who have no invitation yet, lowest place first. Run
 * twice, it never invites anyone twice; with `dryRun` it says who it would invite and changes nothing.
 */
export const inviteNext = (
  store: InvitationStore,
  settings: { siteUrl: string },
  { count, dryRun }: { count: number; dryRun: boolean },
  now: Date,
): Promise<InviteWave> => {
  if (!Number.isSafeInteger(count) || count < 1) throw new Error(`a wave invites a whole number of people, at least 1, not ${count}`)
  return runWave(store, settings, { next: count }, dryRun, now)
}

/** Invites one person by address, if they are on the list, confirmed and not invited yet. */
export const inviteOne = async (
  store: InvitationStore,
  settings: { siteUrl: string },
  { email, dryRun }: { email: string; dryRun: boolean },
  now: Date,
): Promise<InviteOneResult> => {
  const key = emailKey(email)
  const wave = await runWave(store, settings, { emailKey: key }, dryRun, now)
  if (wave.invited.length > 0) return { kind: "wave", wave }
  const signup = await store.findSignup(key)
  if (!signup) return { kind: "notOnList" }
  return signup.status === "confirmed" ? { kind: "alreadyInvited" } : { kind: "notConfirmed" }
}

/** What the invitation page may know of a code: valid, used, expired, or unknown; nothing about its person. */
export const invitationState = async (store: Pick<InvitationContract, "invitationState">, code: unknown, now: Date): Promise<InvitationState> =>
  isTokenShape(code) ? store.invitationState(hashToken(code), now) : "unknown"

/** The shop redeems a code: once. */
export const redeemInvitation = async (store: Pick<InvitationContract, "redeemInvitation">, code: string, now: Date): Promise<RedeemResult> =>
  isTokenShape(code) ? store.redeemInvitation(hashToken(code), now) : { kind: "unknown" }

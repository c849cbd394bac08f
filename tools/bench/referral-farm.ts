// The referral farm of `npm run bench:abuse`: one person with a catch-all domain signs up from
// home, and 25 hours later brings 30 "friends" through their own link, 4 every 10 minutes, each
// confirmed, from the same home network. Beside it, one honest network's day: six friends at
// common providers joining from a school's network through the day. Goal: the farm is credited
// no more than the honest network.
//
// It runs the endpoints serve:prod runs (the handlers, the service, a real SQLite store, the rate
// limits) in this process, on a clock of its own: serve:prod's clock cannot be moved 25 hours.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { handleConfirmRequest, handleSignupRequest } from "../../src/server/http/signup-handler"
import { handleWaitlistRequest } from "../../src/server/http/status-handler"
import { type ApiRequest, type HandlerDependencies } from "../../src/server/http/kit"
import { createRateLimiter, NETWORK_BUDGET, READ_BUDGET } from "../../src/server/http/rate-limit"
import { createSignupService } from "../../src/server/waitlist/service"
import { openEmbeddedStore } from "../../src/server/store/open-store"
import { DEFAULT_RATE_LIMIT, DEFAULT_RATE_WINDOW_MS } from "../../src/server/settings/settings"
import { SIGNUP_SOURCE } from "../../src/signup/rules"
import type { SignupStore } from "../../src/server/store/store"
import type { Reading } from "./reading"

const MINUTE = 60_000
const START = new Date("2026-12-01T18:00:00.000Z")

/** The handlers over a fresh list, with mail queued (double opt-in), the default limits, and a clock the farm moves. */
const freshList = () => {
  const store = openEmbeddedStore(join(mkdtempSync(join(tmpdir(), "block94-farm-")), "signups.db"), 10)
  const clock = { now: START }
  const limiter = (times: number) => createRateLimiter(DEFAULT_RATE_LIMIT * times, DEFAULT_RATE_WINDOW_MS, () => clock.now.getTime())
  const deps: HandlerDependencies = {
    service: createSignupService({ store, mail: { queued: async () => () => undefined }, settings: { siteUrl: "https://block94.example", referralBoost: 10 } }),
    rateLimiter: limiter(1),
    readLimiter: limiter(READ_BUDGET),
    networkLimiter: limiter(NETWORK_BUDGET),
    now: () => clock.now,
    logError: () => undefined,
  }
  return { store, clock, deps }
}

const post = (clientKey: string, body: unknown): ApiRequest => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  query: new URLSearchParams(),
  clientKey,
  readBody: async () => ({ kind: "bytes", bytes: Buffer.from(JSON.stringify(body), "utf8") }),
})

/** The secret of the newest email to `email` in the outbox (its link's fragment). */
const linkFor = async (store: SignupStore, email: string, now: Date): Promise<string> => {
  const mails = await store.claimDueMessages(now, 1_000, new Date(now.getTime() + MINUTE))
  const mail = mails.reverse().find((entry) => entry.payload.to === email)
  if (!mail) throw new Error(`no email to ${email}`)
  return new URLSearchParams(new URL(mail.payload.link).hash.slice(1)).get("token") ?? ""
}

/** Someone joins from `clientKey` (through `code`, when given) and confirms from the email at once; returns their status token. */
const joinAndConfirm = async (list: ReturnType<typeof freshList>, email: string, clientKey: string, code?: string): Promise<string> => {
  const { deps, store, clock } = list
  const body = { email, source: SIGNUP_SOURCE, timestamp: clock.now.toISOString(), ...(code ? { referralCode: code } : {}) }
  const joined = await handleSignupRequest(post(clientKey, body), deps)
  if (joined.status !== 201) throw new Error(`${email} could not join: ${joined.status} ${JSON.stringify(joined.body)}`)
  const confirmed = await handleConfirmRequest(post(clientKey, { token: await linkFor(store, email, clock.now) }), deps)
  if (confirmed.status !== 200) throw new Error(`${email} could not confirm: ${confirmed.status}`)
  return new URLSearchParams(new URL(String(confirmed.body.statusUrl)).hash.slice(1)).get("token") ?? ""
}

/** The referrer's credited referrals and code, as their status page shows them. */
const standing = async (list: ReturnType<typeof freshList>, statusToken: string) => {
  const answer = await handleWaitlistRequest(post("192.0.2.1", { token: statusToken }), list.deps)
  return { referrals: Number(answer.body.referrals), code: String(answer.body.referralCode) }
}

/** How many referrals a run credits: the referrer joins from `home`, then `friends` join as `plan` says. */
const creditedReferrals = async (
  referrerEmail: string,
  home: string,
  friends: ReadonlyArray<{ email: string; clientKey: string; afterMinutes: number }>,
): Promise<number> => {
  const list = freshList()
  try {
    const referrer = await joinAndConfirm(list, referrerEmail, home)
    const { code } = await standing(list, referrer)
    for (const friend of friends) {
      list.clock.now = new Date(START.getTime() + friend.afterMinutes * MINUTE)
      await joinAndConfirm(list, friend.email, friend.clientKey, code)
    }
    return (await standing(list, referrer)).referrals
  } finally {
    await list.store.close()
  }
}

export const referralFarm = async (): Promise<Reading[]> => {
  const HOME = "198.51.100.23"
  const farm = Array.from({ length: 30 }, (_, i) => ({
    email: `friend${i}@farmers-own-domain.dev`,
    clientKey: HOME,
    afterMinutes: 25 * 60 + 10 * Math.floor(i / 4),
  }))
  const farmed = await creditedReferrals("me@farmers-own-domain.dev", HOME, farm)
  const school = Array.from({ length: 6 }, (_, i) => ({
    email: `classmate${i}@${i % 2 ? "gmail.com" : "outlook.com"}`,
    clientKey: `203.0.113.${10 + i}`,
    afterMinutes: 25 * 60 + 120 * i,
  }))
  const honest = await creditedReferrals("student@gmail.com", HOME, school)
  return [
    {
      attack: "referral farm: one person, catch-all domain, home network, 25 h on, 30 friends 4 per 10 min, each confirmed: credited",
      figure: `${farmed} of 30`,
      goal: `<= ${honest} (one honest network's day: ${honest} of 6 classmates)`,
      met: farmed <= honest,
    },
  ]
}

// The privacy page's promises about who else handles an address (the email tool, the
// leaderboard), quoted from content/pages/privacy.json and checked against the real service.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { SignupFields } from "../../../signup/schema"
import { LEADERBOARD_MIN_REFERRALS } from "../../../signup/rewards"
import { startFakeApi } from "../../../../test/provider-api"
import { linkSecret } from "../../../../test/link-secret"
import { signupFields, SITE_URL } from "../../../../test/mail-service"
import { promise } from "../../../../test/privacy-page"
import { createLoopsProvider } from "../../outbox/providers/loops"
import { mailQueue, outboxSender } from "../../runtime/runtime"
import { openEmbeddedStore } from "../../store/open-store"
import { createSignupService } from "../service"

const START = new Date("2026-11-22T12:00:00.000Z")
const fields = (email: string): SignupFields => signupFields(email, START)

describe("the promises about who else handles an address", () => {
  const openStore = () => openEmbeddedStore(join(mkdtempSync(join(tmpdir(), "block94-privacy-others-")), "signups.db"), 10, { events: true })

  it(`keeps "${"when you leave we tell it at once to unsubscribe or delete you"}": the email tool hears of a leaver, and of nothing after`, async () => {
    const words = promise("when you leave we tell it at once to unsubscribe or delete you")
    expect(words).toContain("your address, your place in line, how many friends you brought and the link you came through")
    const api = await startFakeApi()
    const store = openStore()
    try {
      const sender = outboxSender(
        store,
        null,
        { siteUrl: SITE_URL, serverless: null },
        () => undefined,
        () => START,
        {
          provider: createLoopsProvider({ apiKey: "loops-key", apiUrl: api.url }),
        },
      )
      const service = createSignupService({
        store,
        mail: null,
        events: mailQueue(sender, { siteUrl: SITE_URL, serverless: null }),
        settings: { siteUrl: SITE_URL, referralBoost: 10 },
      })
      api.answer({ status: 200, body: { success: true, id: "c1" } }, { status: 200, body: { success: true, message: "Contact deleted." } })
      const joined = await service.join({ ...fields("copied@example.com"), utm: { source: "tiktok" } }, START)
      await sender.deliverDue(5_000)
      expect(api.requests[0]).toMatchObject({
        method: "PUT",
        path: "/api/v1/contacts/update",
        body: { email: "copied@example.com", waitlistPosition: 1, waitlistReferrals: 0, signupSource: "tiktok" },
      })
      expect(joined.kind).toBe("confirmed")
      await service.forget("copied@example.com", START)
      await sender.deliverDue(5_000)
      expect(api.requests[1]).toMatchObject({ method: "POST", path: "/api/v1/contacts/delete", body: { email: "copied@example.com" } })
      // Nothing of theirs is left to send, and the stand-in was asked nothing more.
      expect(await store.outboxHealth()).toMatchObject({ waiting: 0, failed: 0 })
      expect(api.requests).toHaveLength(2)
      await sender.stop(1_000)
    } finally {
      await store.close()
      await api.close()
    }
  })

  it(`keeps "${"only once at least {minFriends} friends have joined with your link"}": the leaderboard masks every address and leaves out anyone below ${LEADERBOARD_MIN_REFERRALS}`, async () => {
    const words = promise("only once at least {minFriends} friends have joined with your link")
    expect(words).toContain("j***@g***.com")
    const store = openStore()
    try {
      const service = createSignupService({ store, mail: null, settings: { siteUrl: SITE_URL, referralBoost: 10, showLeaderboard: true } })
      const join = async (email: string, referralCode?: string) => {
        const answer = await service.join({ ...fields(email), ...(referralCode ? { referralCode } : {}) }, START)
        if (answer.kind !== "confirmed") throw new Error(`${email} was not confirmed`)
        return answer
      }
      const jordan = await join("jordan@gmail.com")
      const sam = await join("sam@yahoo.com")
      for (let friend = 0; friend < LEADERBOARD_MIN_REFERRALS; friend++) await join(`f${friend}@example.com`, jordan.referralCode)
      for (let friend = 0; friend < LEADERBOARD_MIN_REFERRALS - 1; friend++) await join(`g${friend}@example.com`, sam.referralCode)
      // Single opt-in referrals wait for the owner's look (nobody confirmed those addresses): released here.
      const held = (await store.ownerSummary(START, { days: 1, limit: 10 })).heldReferrals.rows
      await store.reviewReferrals(
        held.map((row) => row.id),
        "release",
        START,
        "owner's page",
      )
      const status = await service.status(linkSecret(jordan.statusUrl), START)
      expect(status).toMatchObject({ kind: "found", leaderboard: [{ name: "j***@g***.com", referrals: LEADERBOARD_MIN_REFERRALS, you: true }] })
      expect(JSON.stringify(status)).not.toContain("jordan@gmail.com")
      expect(JSON.stringify(status)).not.toContain("y***")
    } finally {
      await store.close()
    }
  })
})

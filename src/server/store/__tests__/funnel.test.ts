// The launch funnel as the store reads it, on both engines: each step counted once, in its hour
// and day, with the same figures by source, campaign, referring site and referral link.
import { FUNNEL_DAYS, FUNNEL_HOURS, noSteps, type FunnelPeriod } from "../../../signup/funnel"
import type { Visit } from "../../../signup/visit"
import { confirmedSignup } from "../../../../test/signup-fixtures"
import { storeEngines } from "../../../../test/store-engines"
import { hashToken } from "../../keys/codes"
import { funnelNow } from "../funnel-store"
import type { SignupStore } from "../store"
import { countersOf } from "../visit-store"

const NOW = new Date("2026-11-23T14:15:00.000Z")
const HOUR = 3_600_000
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR)

const landing = (origin: Partial<Visit> = {}): Visit => ({ path: "/", landing: true, referrer: null, source: null, campaign: null, ref: null, ...origin })

describe.each(storeEngines())("the funnel on %s", (_engine, open) => {
  let store: SignupStore
  beforeEach(async () => {
    store = await open()
  })
  afterEach(() => store.close())

  it("is all zeros on a new list, with a period for every hour and day of the series", async () => {
    const funnel = await store.funnel(NOW)
    expect(funnel.hours).toHaveLength(FUNNEL_HOURS)
    expect(funnel.hours[FUNNEL_HOURS - 1].starts).toBe("2026-11-23T14")
    expect(funnel.days).toHaveLength(FUNNEL_DAYS)
    expect(funnel.days[FUNNEL_DAYS - 1].starts).toBe("2026-11-23")
    expect(funnel.total).toEqual({ views: 0, ...noSteps() })
    expect(funnel.viralCoefficient).toBeNull()
    expect(funnel.sharing).toEqual({ links: 0, people: 0 })
  })

  it("counts visits, signups, confirmations and friends referred once each, in their hour and day, and by origin and link", async () => {
    // Two landings from a TikTok campaign an hour ago, one of them through Ana's link; one page view after it.
    await store.addVisitCounts([
      ...countersOf(landing({ source: "tiktok", campaign: "drop01", referrer: "www.tiktok.com" }), ago(1)),
      ...countersOf(landing({ source: "tiktok", campaign: "drop01", ref: "ANA0000001" }), ago(1)),
      ...countersOf({ ...landing(), landing: false, path: "/drop/" }, ago(1)),
    ])
    await store.add(confirmedSignup("ana@example.com", "ANA0000001", null, ago(30).toISOString()))
    await store.add(
      confirmedSignup("ben@example.com", "BEN0000001", "ANA0000001", ago(1).toISOString(), {
        attribution: { source: "tiktok", campaign: "drop01" },
      }),
    )
    await store.add(
      confirmedSignup("cy@example.com", "CY00000001", null, ago(1).toISOString(), {
        status: "pending",
        attribution: { source: "tiktok", campaign: "drop01" },
        confirmToken: { hash: hashToken("confirm cy"), expiresAt: ago(-24).toISOString() },
      }),
    )

    const funnel = await store.funnel(NOW)
    expect(funnel.total).toEqual({ views: 3, visits: 2, signups: 3, confirmed: 2, referred: 1, entered: 0, redeemed: 0 })
    const hour = funnel.hours.find((period) => period.starts === "2026-11-23T13") as FunnelPeriod
    expect(hour).toEqual({ starts: "2026-11-23T13", views: 3, visits: 2, signups: 2, confirmed: 1, referred: 1, entered: 0, redeemed: 0 })
    const yesterday = funnel.days.find((period) => period.starts === "2026-11-22") as FunnelPeriod
    expect(yesterday).toMatchObject({ signups: 1, confirmed: 1, visits: 0 })
    expect(funnel.sources).toEqual([
      { name: "tiktok", visits: 2, signups: 2, confirmed: 1 },
      { name: "", visits: 0, signups: 1, confirmed: 1 },
    ])
    expect(funnel.campaigns[0]).toEqual({ name: "drop01", visits: 2, signups: 2, confirmed: 1 })
    expect(funnel.referrers).toEqual(
      expect.arrayContaining([
        { name: "www.tiktok.com", visits: 1, signups: 0, confirmed: 0 },
        { name: "", visits: 1, signups: 3, confirmed: 2 },
      ]),
    )
    expect(funnel.links).toEqual([{ code: "ANA0000001", visits: 1, signups: 1, confirmed: 1 }])
    expect(funnel.sharing).toEqual({ links: 1, people: 3 })
    expect(funnel.viralCoefficient).toBe(0.5)

    // Cy confirms now: a confirmation in this hour, not a second signup.
    await store.confirm(hashToken("confirm cy"), NOW)
    const later = await store.funnel(NOW)
    expect(later.total).toMatchObject({ signups: 3, confirmed: 3, referred: 1 })
    expect(later.hours[FUNNEL_HOURS - 1]).toMatchObject({ signups: 0, confirmed: 1 })
  })

  it("counts drop entries by when they were made, and winners' codes by when they were redeemed", async () => {
    await store.add(confirmedSignup("ana@example.com", "ANA0000001", null, ago(30).toISOString()))
    await store.add(confirmedSignup("ben@example.com", "BEN0000001", null, ago(30).toISOString()))
    const commitment = {
      seedHash: "5".repeat(64),
      chainHash: "c".repeat(64),
      round: 7,
      opensAt: ago(28).toISOString(),
      closesAt: ago(0.5).toISOString(),
      committedAt: ago(29).toISOString(),
    }
    expect(await store.commitDrop("drop-01", commitment)).toBe(true)
    for (const [email, code, hours] of [
      ["ana@example.com", "ENTRY-A", 3],
      ["ben@example.com", "ENTRY-B", 1],
    ] as const) {
      const entered = await store.enterDrop(
        { statusTokenHash: hashToken(`status ${email}`), drop: "drop-01", size: "M", entryCode: code, network: null, confirmation: () => null },
        ago(hours),
      )
      expect(entered.kind).not.toBe("unknown")
    }
    await store.freezeDrop(
      "drop-01",
      () => 1,
      async () => ({ listHash: "list hash", gzip: new Uint8Array([0]) }),
      ago(0.5),
    )
    const mail = { kind: "drop-won" as const, payload: {}, unsubscribeTokenHash: hashToken("unsubscribe won") }
    await store.recordDraw(
      "drop-01",
      { seed: "seed", beacon: { round: 7, signature: "ab" } },
      [{ size: "M", pieces: 1, order: ["ENTRY-B", "ENTRY-A"] }],
      () => ({ codeHash: hashToken("prize"), mail }),
      ago(0.4),
      ago(-48),
    )
    expect((await store.redeemPrize(hashToken("prize"), NOW)).kind).toBe("redeemed")

    const funnel = await store.funnel(NOW)
    expect(funnel.total).toMatchObject({ entered: 2, redeemed: 1 })
    expect(funnel.hours.map((period) => period.entered).slice(-4)).toEqual([1, 0, 1, 0])
    expect(funnel.hours[FUNNEL_HOURS - 1].redeemed).toBe(1)
    expect(funnel.days[FUNNEL_DAYS - 1]).toMatchObject({ entered: 2, redeemed: 1 })
  })
})

describe("today and the last hour beside the same time yesterday", () => {
  const hours = (counts: Record<number, number>): FunnelPeriod[] =>
    Array.from({ length: FUNNEL_HOURS }, (_, index) => ({ starts: String(index), views: 0, ...noSteps(), visits: counts[index] ?? 0 }))

  it("takes the covered part of an hour pro rata: at 14:15, a quarter of yesterday's 14:00 hour and three quarters of the hour before now", () => {
    // The current hour is index 47 (14:00 today); yesterday's 14:00 is 23, its 00:00 is 9; today's 00:00 is 33.
    const now = funnelNow(hours({ 47: 10, 46: 8, 33: 5, 23: 40, 22: 4, 9: 7, 8: 1000 }), NOW)
    expect(now.today.visits).toBe(5 + 8 + 10)
    expect(now.sameTimeYesterday.visits).toBe(7 + 4 + 10)
    expect(now.lastHour.visits).toBe(10 + 6)
    expect(now.lastHourYesterday.visits).toBe(10 + 3)
  })
})

import { maxTickets, ticketsFor } from "../tickets"

describe("tickets", () => {
  const oneEach = { ticketsPerReferral: 1, maxBonusTickets: 3 }
  const twoEach = { ticketsPerReferral: 2, maxBonusTickets: 3 }

  it("are 1 plus the referral bonus below the cap", () => {
    expect([0, 1, 2].map((referrals) => ticketsFor(referrals, oneEach))).toEqual([1, 2, 3])
    expect(ticketsFor(1, twoEach)).toBe(3)
  })

  it("stop at the cap", () => {
    expect([3, 4, 50].map((referrals) => ticketsFor(referrals, oneEach))).toEqual([4, 4, 4])
    expect(ticketsFor(2, twoEach)).toBe(4)
    expect(maxTickets(oneEach)).toBe(4)
    expect(ticketsFor(5, { ticketsPerReferral: 1, maxBonusTickets: 0 })).toBe(1)
  })

  it("count whole referrals and whole tickets only", () => {
    expect(() => ticketsFor(-1, oneEach)).toThrow("Confirmed referrals must be a whole number of at least 0 (got -1)")
    expect(() => ticketsFor(1.5, oneEach)).toThrow("Confirmed referrals")
    expect(() => ticketsFor(1, { ticketsPerReferral: 0.5, maxBonusTickets: 3 })).toThrow("Tickets per referral")
    expect(() => maxTickets({ ticketsPerReferral: 1, maxBonusTickets: -2 })).toThrow("The most bonus tickets")
  })
})

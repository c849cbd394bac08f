/** @jest-environment node */
import { positionIn, type Contender } from "../position"

const line = (...referrals: number[]): Contender[] =>
  referrals.map((confirmedReferrals, index) => ({ sequence: index + 1, confirmedReferrals }))

const positions = (contenders: Contender[], boost = 10) => contenders.map((contender) => positionIn(contender, contenders, boost))

describe("positionIn", () => {
  it("is signup order when nobody referred anyone", () => {
    expect(positions(line(0, 0, 0))).toEqual([1, 2, 3])
  })

  it("moves a signup up `boost` places per confirmed referral", () => {
    // The 12th signup with one referral stands at 12 - 10 = 2: behind the 1st and (a tie, earlier
    // signup first) the 2nd, ahead of the 3rd to the 11th.
    const contenders = line(...Array<number>(11).fill(0), 1)
    expect(positionIn(contenders[11], contenders, 10)).toBe(3)
    expect(positionIn(contenders[1], contenders, 10)).toBe(2)
    expect(positionIn(contenders[2], contenders, 10)).toBe(4)
  })

  it("puts the earlier signup first on a tie", () => {
    // 1st signup (standing 1) and 11th with one referral (standing 1): the 1st stays ahead.
    const contenders = line(...Array<number>(10).fill(0), 1)
    expect(positionIn(contenders[0], contenders, 10)).toBe(1)
    expect(positionIn(contenders[10], contenders, 10)).toBe(2)
  })

  it("counts pending signups' sequence numbers but gives them no place (they are not in the line)", () => {
    const confirmed = [
      { sequence: 1, confirmedReferrals: 0 },
      { sequence: 3, confirmedReferrals: 0 },
    ]
    expect(positions(confirmed)).toEqual([1, 2])
  })
})

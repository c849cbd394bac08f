// The figures bench:abuse's timing part compares known and new answers by.
import { chanceGap, distributionGap, shareUnderMedian } from "../signup-timing"

const evenly = (from: number, count: number): number[] => Array.from({ length: count }, (_, index) => from + index)

describe("comparing two samples of answer times", () => {
  it("finds no gap between a sample and itself, and all of it between two that do not overlap", () => {
    expect(distributionGap(evenly(1, 50), evenly(1, 50))).toBe(0)
    expect(distributionGap(evenly(1, 50), evenly(100, 50))).toBe(1)
    // Shifted by a tenth of their range: a tenth of the way apart.
    expect(distributionGap(evenly(1, 100), evenly(11, 100))).toBeCloseTo(0.1)
  })

  it("allows samples of 200 a gap of about 0.136 by chance, less for larger ones", () => {
    expect(chanceGap(200, 200)).toBeCloseTo(0.136, 3)
    expect(chanceGap(2_000, 2_000)).toBeLessThan(chanceGap(200, 200))
  })

  it("counts the share of one sample under the other's median", () => {
    expect(shareUnderMedian(evenly(1, 10), evenly(1, 10))).toBe(0.5)
    expect(shareUnderMedian(evenly(20, 10), evenly(1, 10))).toBe(0)
  })
})

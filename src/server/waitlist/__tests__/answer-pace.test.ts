import { createAnswerPace, waitPrecisely } from "../answer-pace"

describe("the pace of signup answers", () => {
  it("holds other answers to the median time of new signups", () => {
    const pace = createAnswerPace()
    expect(pace.remaining(0.3)).toBe(0)
    for (const ms of [1.0, 1.2, 5.0, 1.1, 0.9]) pace.record(ms)
    expect(pace.remaining(0.3)).toBeCloseTo(0.8)
    expect(pace.remaining(2)).toBe(0)
  })

  it("keeps only the latest samples", () => {
    const pace = createAnswerPace(3)
    for (const ms of [9, 9, 9, 1, 1, 1]) pace.record(ms)
    expect(pace.remaining(0)).toBe(1)
  })

  it("waits a fraction of a millisecond on the clock it is given", async () => {
    let clock = 0
    const ticks: number[] = []
    await waitPrecisely(0.5, () => {
      ticks.push(clock)
      return (clock += 0.1)
    })
    expect(clock).toBeGreaterThanOrEqual(0.6)
    expect(ticks.length).toBeGreaterThan(3)
  })
})

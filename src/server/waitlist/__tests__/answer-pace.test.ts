import { createAnswerPace, PACE_SAMPLES, waitPrecisely } from "../answer-pace"

/** A repeatable stream of numbers in [0, 1) (a linear congruential generator), so no run differs. */
const numbers = (seed: number) => {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const share = (values: number[], test: (value: number) => boolean): number => values.filter(test).length / values.length

describe("the pace of signup answers", () => {
  it("spreads the times of other answers as new signups' are, not all at or past their median", () => {
    const pace = createAnswerPace()
    const random = numbers(7)
    // New signups take 2 to 4 ms; repeats, throttled, 1 to 2 ms.
    const newSignup = () => 2 + 2 * random()
    const repeat = () => 1 + random()
    const newTimes = Array.from({ length: PACE_SAMPLES }, newSignup)
    for (const ms of newTimes) pace.recordNew(ms)
    for (let warmUp = 0; warmUp < PACE_SAMPLES; warmUp++) pace.remaining(repeat())
    const answered = Array.from({ length: 200 }, () => {
      const took = repeat()
      return took + pace.remaining(took)
    })
    // About half under the new signups' median, as half of new signups are; none faster than the fastest new one.
    expect(share(answered, (ms) => ms < median(newTimes))).toBeGreaterThanOrEqual(0.4)
    expect(share(answered, (ms) => ms < median(newTimes))).toBeLessThanOrEqual(0.6)
    expect(Math.min(...answered)).toBeGreaterThanOrEqual(Math.min(...newTimes))
    // The quartiles agree too (within a tenth of a millisecond of noise).
    const quartile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(q * values.length)]
    for (const q of [0.25, 0.75]) expect(Math.abs(quartile(answered, q) - quartile(newTimes, q))).toBeLessThan(0.1)
  })

  it("holds back nothing when answers already take as long as new signups", () => {
    const pace = createAnswerPace()
    for (const ms of [1, 2, 3, 4, 5]) pace.recordNew(ms)
    for (const ms of [5, 4, 3, 2]) pace.remaining(ms)
    expect(pace.remaining(1)).toBe(0)
    expect(pace.remaining(6)).toBe(0)
  })

  it("waits for nothing before the first new signup, and keeps only the latest samples", () => {
    const pace = createAnswerPace(3)
    expect(pace.remaining(0.3)).toBe(0)
    for (const ms of [9, 9, 9, 1, 1, 1]) pace.recordNew(ms)
    for (const ms of [0.1, 0.1, 0.1]) pace.remaining(ms)
    expect(pace.remaining(0.1)).toBeCloseTo(0.9)
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

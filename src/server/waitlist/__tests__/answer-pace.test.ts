import { createAnswerPace, PACE_MAX_FLOOR_MS, PACE_SAMPLES, waitPrecisely } from "../answer-pace"

/** A repeatable stream of numbers in [0, 1) (a linear congruential generator), so no run differs. */
const numbers = (seed: number) => {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

const sorted = (values: number[]): number[] => [...values].sort((a, b) => a - b)
const quantile = (values: number[], q: number): number => sorted(values)[Math.floor(q * values.length)]
const share = (values: number[], test: (value: number) => boolean): number => values.filter(test).length / values.length

describe("the pace of signup answers", () => {
  it("sends a slow known answer and a fast new one at the same times", () => {
    const random = numbers(7)
    const pace = createAnswerPace({ random })
    // New signups' own work takes 2 to 4 ms; known addresses', slower, 4 to 7 ms.
    const newWork = () => 2 + 2 * random()
    const knownWork = () => 4 + 3 * random()
    /** When an answer leaves, from the start of its work. */
    const answer = (kind: string, work: number) => work + pace.wait(kind, work)
    for (let warmUp = 0; warmUp < PACE_SAMPLES; warmUp++) {
      answer("new", newWork())
      answer("known", knownWork())
    }
    const times = { new: [] as number[], known: [] as number[] }
    for (let pair = 0; pair < 200; pair++) {
      times.new.push(answer("new", newWork()))
      times.known.push(answer("known", knownWork()))
    }
    // About half the known answers come in under the new ones' median, and the whole spread agrees.
    const newMedian = quantile(times.new, 0.5)
    expect(share(times.known, (ms) => ms < newMedian)).toBeGreaterThanOrEqual(0.4)
    expect(share(times.known, (ms) => ms < newMedian)).toBeLessThanOrEqual(0.6)
    for (const q of [0.1, 0.25, 0.75, 0.9]) expect(Math.abs(quantile(times.known, q) - quantile(times.new, q))).toBeLessThan(0.25)
  })

  it("holds an answer to the floor plus its jitter, whatever its own work", () => {
    const pace = createAnswerPace({ random: () => 0.5, jitterMs: 2 })
    for (let sample = 0; sample < 20; sample++) {
      pace.wait("new", 3)
      pace.wait("known", 6)
    }
    expect(pace.floor()).toBe(6)
    // Both leave at 6 + 1 ms: the fast one waits longer.
    expect(3 + pace.wait("new", 3)).toBe(7)
    expect(6 + pace.wait("known", 6)).toBe(7)
  })

  it("follows the work up and down, each kind's high percentile, the slowest kind setting it", () => {
    const pace = createAnswerPace({ samples: 100, percentile: 0.95 })
    expect(pace.floor()).toBe(0)
    // 100 answers from 1 to 100 ms: the floor is the 95th.
    for (let ms = 1; ms <= 100; ms++) pace.wait("new", ms / 10)
    expect(pace.floor()).toBeCloseTo(9.6)
    // A slower kind raises it; an odd slow answer among a hundred does not.
    for (let sample = 0; sample < 100; sample++) pace.wait("known", sample === 0 ? 40 : 12)
    expect(pace.floor()).toBe(12)
    // When the disk speeds up, the latest answers take over and the floor comes down.
    for (let sample = 0; sample < 100; sample++) {
      pace.wait("new", 2)
      pace.wait("known", 3)
    }
    expect(pace.floor()).toBe(3)
  })

  it("never holds an answer past its bound, and holds nothing already slower", () => {
    const pace = createAnswerPace({ random: () => 0 })
    for (let sample = 0; sample < PACE_SAMPLES; sample++) pace.wait("known", 5_000)
    expect(pace.floor()).toBe(PACE_MAX_FLOOR_MS)
    expect(pace.wait("new", 1)).toBe(PACE_MAX_FLOOR_MS - 1)
    expect(pace.wait("known", 5_000)).toBe(0)
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

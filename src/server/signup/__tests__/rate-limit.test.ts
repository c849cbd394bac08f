/** @jest-environment node */
import { createRateLimiter } from "../rate-limit"

const fakeClock = (start = 1_000_000) => {
  let time = start
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

describe("rate limiter", () => {
  it("allows `limit` requests in a window and refuses the next with the seconds left", () => {
    const clock = fakeClock()
    const limiter = createRateLimiter(3, 60_000, clock.now)
    expect([limiter.hit("a"), limiter.hit("a"), limiter.hit("a")]).toEqual([
      { allowed: true },
      { allowed: true },
      { allowed: true },
    ])
    clock.advance(20_500)
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 40 })
  })

  it("allows requests again once the window has passed", () => {
    const clock = fakeClock()
    const limiter = createRateLimiter(1, 1_000, clock.now)
    expect(limiter.hit("a").allowed).toBe(true)
    expect(limiter.hit("a").allowed).toBe(false)
    clock.advance(999)
    expect(limiter.hit("a").allowed).toBe(false)
    clock.advance(1)
    expect(limiter.hit("a").allowed).toBe(true)
  })

  it("counts each client separately", () => {
    const limiter = createRateLimiter(1, 60_000, fakeClock().now)
    expect(limiter.hit("a").allowed).toBe(true)
    expect(limiter.hit("a").allowed).toBe(false)
    expect(limiter.hit("b").allowed).toBe(true)
  })

  it("never asks to wait less than one second", () => {
    const clock = fakeClock()
    const limiter = createRateLimiter(1, 1_000, clock.now)
    limiter.hit("a")
    clock.advance(999)
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 1 })
  })

  it("keeps counting after a refusal, so hammering does not open a gap", () => {
    const clock = fakeClock()
    const limiter = createRateLimiter(2, 10_000, clock.now)
    for (let i = 0; i < 10; i++) limiter.hit("a")
    clock.advance(5_000)
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 5 })
  })

  it("forgets old clients without losing current counts", () => {
    const clock = fakeClock()
    const limiter = createRateLimiter(1, 1_000, clock.now)
    limiter.hit("old")
    clock.advance(1_500)
    limiter.hit("new") // triggers a sweep of the finished window of "old"
    expect(limiter.hit("new").allowed).toBe(false)
    expect(limiter.hit("old").allowed).toBe(true)
  })

})

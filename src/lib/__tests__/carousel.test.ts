import { nextIndex, previousIndex, shouldAutoAdvance, swipeDirection, wrapIndex } from "../carousel"

describe("carousel index rules", () => {
  it("wraps forwards from the last slide to the first", () => {
    expect(nextIndex(2, 3)).toBe(0)
    expect(nextIndex(0, 3)).toBe(1)
  })

  it("wraps backwards from the first slide to the last", () => {
    expect(previousIndex(0, 3)).toBe(2)
    expect(previousIndex(2, 3)).toBe(1)
  })

  it("keeps any jump inside the slides", () => {
    expect(wrapIndex(5, 3)).toBe(2)
    expect(wrapIndex(-4, 3)).toBe(2)
    expect(wrapIndex(1, 0)).toBe(0)
  })
})

describe("auto-advance", () => {
  const idle = { paused: false, hovered: false, focused: false, reducedMotion: false }

  it("runs when nobody is hovering, focusing or pausing", () => {
    expect(shouldAutoAdvance(idle)).toBe(true)
  })

  it.each(["paused", "hovered", "focused", "reducedMotion"] as const)("stops while %s", (condition) => {
    expect(shouldAutoAdvance({ ...idle, [condition]: true })).toBe(false)
  })
})

describe("swipes", () => {
  it("goes to the next slide on a swipe left and the previous on a swipe right", () => {
    expect(swipeDirection(300, 100)).toBe(1)
    expect(swipeDirection(100, 300)).toBe(-1)
  })

  it("ignores taps and vertical scrolls", () => {
    expect(swipeDirection(100, 110)).toBe(0)
    expect(swipeDirection(100, 160, 0, 300)).toBe(0)
  })
})

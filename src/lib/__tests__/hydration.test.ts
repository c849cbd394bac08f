import { endHydration, isHydrating, nextHydrationSlot, startHydration } from "../hydration"

/** Lets every promise callback that is due run, without running any timer. */
const settlePromises = async () => {
  for (let round = 0; round < 10; round += 1) await Promise.resolve()
}

describe("hydration bookkeeping", () => {
  it("is off until Gatsby starts hydrating, and off again after the first render", () => {
    expect(isHydrating()).toBe(false)
    startHydration()
    expect(isHydrating()).toBe(true)
    endHydration()
    expect(isHydrating()).toBe(false)
  })

  it("hands out slots that open one task apart, in the order they were asked for", async () => {
    jest.useFakeTimers()
    const opened: string[] = []
    void nextHydrationSlot().then(() => opened.push("header"))
    void nextHydrationSlot().then(() => opened.push("carousel"))
    void nextHydrationSlot().then(() => opened.push("signup"))

    await settlePromises()
    expect(opened).toEqual([])
    for (const expected of [["header"], ["header", "carousel"], ["header", "carousel", "signup"]]) {
      jest.runOnlyPendingTimers() // one task
      await settlePromises()
      expect(opened).toEqual(expected)
    }
    jest.useRealTimers()
  })
})

import { whenIdle } from "../idle"

describe("whenIdle", () => {
  afterEach(() => {
    jest.useRealTimers()
    Reflect.deleteProperty(window, "requestIdleCallback")
    Reflect.deleteProperty(window, "cancelIdleCallback")
  })

  it("uses requestIdleCallback with a deadline where the browser has it, and can cancel", () => {
    const requestIdleCallback = jest.fn((_callback: IdleRequestCallback, _options?: IdleRequestOptions) => 7)
    const cancelIdleCallback = jest.fn()
    Object.assign(window, { requestIdleCallback, cancelIdleCallback })
    const task = jest.fn()
    const cancel = whenIdle(task, 1500)
    expect(requestIdleCallback).toHaveBeenCalledWith(task, { timeout: 1500 })
    cancel()
    expect(cancelIdleCallback).toHaveBeenCalledWith(7)
  })

  it("falls back to a task of its own where it does not, and can cancel that too", () => {
    jest.useFakeTimers()
    const task = jest.fn()
    whenIdle(task)
    expect(task).not.toHaveBeenCalled()
    jest.runOnlyPendingTimers()
    expect(task).toHaveBeenCalledTimes(1)

    const cancelled = jest.fn()
    whenIdle(cancelled)()
    jest.runOnlyPendingTimers()
    expect(cancelled).not.toHaveBeenCalled()
  })
})
